// The parameters a database's owner may set (`pg_config`, `pgbouncer_config`): real names of
// PostgreSQL and PgBouncer settings with their types, ranges and defaults (decision 081).
// Shared: the BFF validates with it, the console's parameter editor is built from it.
import { z } from 'zod';
import {
  configEntryProblem,
  PGBOUNCER_CONFIG_RULES,
  pgConfigRules,
} from './postgres-config-rules.ts';

export type ParamType = 'integer' | 'real' | 'bool' | 'enum' | 'memory' | 'string';

export interface ConfigParam {
  name: string;
  type: ParamType;
  description: string;
  /** Inclusive range of an integer or real (for memory: in kB). */
  min?: number;
  max?: number;
  /** Unit of an integer: ms, s (shown in the editor). */
  unit?: string;
  values?: readonly string[];
  /** The value when the owner sets none (for settings computed from the size: see defaultPgConfig). */
  default: string;
  /** A change takes effect only after a restart. */
  restart?: boolean;
}

const INT_MAX = 2147483647;

export const PG_PARAMS: readonly ConfigParam[] = [
  {
    name: 'max_connections',
    type: 'integer',
    min: 1,
    max: 262143,
    default: '100',
    restart: true,
    description: 'The most concurrent connections.',
  },
  {
    name: 'shared_buffers',
    type: 'memory',
    min: 128,
    max: INT_MAX,
    default: '128MB',
    restart: true,
    description: 'Memory for the shared page cache.',
  },
  {
    name: 'effective_cache_size',
    type: 'memory',
    min: 8,
    max: INT_MAX,
    default: '4GB',
    description: 'The planner’s estimate of the cache available to one query.',
  },
  {
    name: 'work_mem',
    type: 'memory',
    min: 64,
    max: INT_MAX,
    default: '4MB',
    description: 'Memory for one sort or hash before spilling to disk.',
  },
  {
    name: 'maintenance_work_mem',
    type: 'memory',
    min: 1024,
    max: INT_MAX,
    default: '64MB',
    description: 'Memory for VACUUM, CREATE INDEX and similar.',
  },
  {
    name: 'wal_buffers',
    type: 'memory',
    min: 32,
    max: INT_MAX,
    default: '4MB',
    restart: true,
    description: 'Memory for WAL not yet written to disk.',
  },
  {
    name: 'min_wal_size',
    type: 'memory',
    min: 2048,
    max: INT_MAX,
    default: '80MB',
    description: 'WAL kept for reuse below this size.',
  },
  {
    name: 'max_wal_size',
    type: 'memory',
    min: 2048,
    max: INT_MAX,
    default: '1GB',
    description: 'WAL size that triggers a checkpoint.',
  },
  {
    name: 'checkpoint_completion_target',
    type: 'real',
    min: 0,
    max: 1,
    default: '0.9',
    description: 'Fraction of the checkpoint interval to spread writes over.',
  },
  {
    name: 'random_page_cost',
    type: 'real',
    min: 0,
    max: 1e10,
    default: '4',
    description: 'The planner’s cost of a non-sequential page read.',
  },
  {
    name: 'effective_io_concurrency',
    type: 'integer',
    min: 0,
    max: 1000,
    default: '1',
    description: 'Concurrent disk reads the planner may expect.',
  },
  {
    name: 'default_statistics_target',
    type: 'integer',
    min: 1,
    max: 10000,
    default: '100',
    description: 'Detail of the statistics ANALYZE collects.',
  },
  {
    name: 'max_worker_processes',
    type: 'integer',
    min: 0,
    max: 262143,
    default: '8',
    restart: true,
    description: 'The most background processes.',
  },
  {
    name: 'max_parallel_workers',
    type: 'integer',
    min: 0,
    max: 1024,
    default: '8',
    description: 'The most workers for parallel operations.',
  },
  {
    name: 'max_parallel_workers_per_gather',
    type: 'integer',
    min: 0,
    max: 1024,
    default: '2',
    description: 'The most workers one Gather node may start.',
  },
  {
    name: 'statement_timeout',
    type: 'integer',
    unit: 'ms',
    min: 0,
    max: INT_MAX,
    default: '0',
    description: 'Aborts a statement running longer (0: never).',
  },
  {
    name: 'lock_timeout',
    type: 'integer',
    unit: 'ms',
    min: 0,
    max: INT_MAX,
    default: '0',
    description: 'Aborts a statement waiting longer for a lock (0: never).',
  },
  {
    name: 'idle_in_transaction_session_timeout',
    type: 'integer',
    unit: 'ms',
    min: 0,
    max: INT_MAX,
    default: '0',
    description: 'Ends a session idle in a transaction longer (0: never).',
  },
  {
    name: 'log_min_duration_statement',
    type: 'integer',
    unit: 'ms',
    min: -1,
    max: INT_MAX,
    default: '-1',
    description: 'Logs statements running at least this long (-1: none).',
  },
  {
    name: 'log_statement',
    type: 'enum',
    values: ['none', 'ddl', 'mod', 'all'],
    default: 'none',
    description: 'Which statements are logged.',
  },
  {
    name: 'log_connections',
    type: 'bool',
    default: 'off',
    description: 'Logs each successful connection.',
  },
  {
    name: 'log_disconnections',
    type: 'bool',
    default: 'off',
    description: 'Logs the end of each session.',
  },
  {
    name: 'log_lock_waits',
    type: 'bool',
    default: 'off',
    description: 'Logs waits for a lock longer than deadlock_timeout.',
  },
  {
    name: 'track_io_timing',
    type: 'bool',
    default: 'off',
    description: 'Collects timing of disk reads and writes.',
  },
  { name: 'jit', type: 'bool', default: 'on', description: 'Allows JIT compilation of queries.' },
  {
    name: 'synchronous_commit',
    type: 'enum',
    values: ['on', 'off', 'local', 'remote_write', 'remote_apply'],
    default: 'on',
    description: 'How far a commit waits for the WAL to be written.',
  },
  { name: 'autovacuum', type: 'bool', default: 'on', description: 'Runs the autovacuum launcher.' },
  {
    name: 'autovacuum_max_workers',
    type: 'integer',
    min: 1,
    max: 262143,
    default: '3',
    restart: true,
    description: 'The most concurrent autovacuum workers.',
  },
  {
    name: 'autovacuum_naptime',
    type: 'integer',
    unit: 's',
    min: 1,
    max: 2147483,
    default: '60',
    description: 'Time between autovacuum runs on one database.',
  },
  {
    name: 'autovacuum_vacuum_scale_factor',
    type: 'real',
    min: 0,
    max: 100,
    default: '0.2',
    description: 'Fraction of a table’s rows changed before it is vacuumed.',
  },
  {
    name: 'timezone',
    type: 'string',
    default: 'UTC',
    description: 'Time zone for displaying and interpreting time stamps.',
  },
];

export const PGBOUNCER_PARAMS: readonly ConfigParam[] = [
  {
    name: 'pool_mode',
    type: 'enum',
    values: ['session', 'transaction', 'statement'],
    default: 'transaction',
    description: 'When a server connection returns to the pool.',
  },
  {
    name: 'max_client_conn',
    type: 'integer',
    min: 1,
    max: 100000,
    default: '5000',
    description: 'The most client connections.',
  },
  {
    name: 'default_pool_size',
    type: 'integer',
    min: 1,
    max: 10000,
    default: '20',
    description: 'Server connections per user and database.',
  },
  {
    name: 'min_pool_size',
    type: 'integer',
    min: 0,
    max: 10000,
    default: '0',
    description: 'Server connections kept open per pool.',
  },
  {
    name: 'reserve_pool_size',
    type: 'integer',
    min: 0,
    max: 10000,
    default: '0',
    description: 'Extra connections a busy pool may use.',
  },
  {
    name: 'max_db_connections',
    type: 'integer',
    min: 0,
    max: 100000,
    default: '0',
    description: 'The most server connections per database (0: no limit).',
  },
  {
    name: 'server_idle_timeout',
    type: 'integer',
    unit: 's',
    min: 0,
    max: 86400,
    default: '600',
    description: 'Closes a server connection idle longer.',
  },
  {
    name: 'query_wait_timeout',
    type: 'integer',
    unit: 's',
    min: 0,
    max: 86400,
    default: '120',
    description: 'Ends a client waiting longer for a server connection.',
  },
  {
    name: 'max_prepared_statements',
    type: 'integer',
    min: 0,
    max: 5000,
    default: '200',
    description: 'Prepared statements tracked per connection.',
  },
  {
    name: 'ignore_startup_parameters',
    type: 'string',
    default: '',
    description: 'Startup parameters PgBouncer ignores (comma-separated).',
  },
];

const MEMORY_UNITS: Record<string, number> = {
  kB: 1,
  MB: 1024,
  GB: 1024 * 1024,
  TB: 1024 * 1024 * 1024,
};
const BOOL_VALUES = ['on', 'off', 'true', 'false', 'yes', 'no', '1', '0'];

/** kB of a memory setting ("256MB", or a number of kB); undefined when malformed. */
export function parseMemoryKb(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  const m = /^(\d{1,13})\s*(kB|MB|GB|TB)?$/.exec(value.trim());
  if (!m) return undefined;
  return Number(m[1]) * MEMORY_UNITS[m[2] ?? 'kB']!;
}

/** Why a value does not fit the parameter, or undefined when it does. */
export function paramProblem(param: ConfigParam, value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number')
    return `${param.name} must be a string or a number.`;
  const text = String(value).trim();
  const range =
    param.min !== undefined && param.max !== undefined
      ? ` between ${param.min} and ${param.max}`
      : '';
  switch (param.type) {
    case 'integer': {
      const n = typeof value === 'number' ? value : /^-?\d{1,16}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(n) || n < param.min! || n > param.max!)
        return `${param.name} must be an integer${range}${param.unit ? ` (${param.unit})` : ''}.`;
      return undefined;
    }
    case 'real': {
      const n =
        typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(n) || n < param.min! || n > param.max!)
        return `${param.name} must be a number${range}.`;
      return undefined;
    }
    case 'memory': {
      const kb = parseMemoryKb(value);
      if (kb === undefined || kb < param.min! || kb > param.max!)
        return `${param.name} must be a size like 256MB (kB, MB, GB, TB) of at least ${param.min}kB.`;
      return undefined;
    }
    case 'bool':
      return BOOL_VALUES.includes(text.toLowerCase())
        ? undefined
        : `${param.name} must be on or off.`;
    case 'enum':
      return param.values!.includes(text)
        ? undefined
        : `${param.name} must be one of ${param.values!.join(', ')}.`;
    case 'string':
      return text.length <= 200 && /^[\x20-\x7e]*$/.test(text)
        ? undefined
        : `${param.name} must be at most 200 printable characters.`;
  }
}

const byName = (params: readonly ConfigParam[]) => new Map(params.map((p) => [p.name, p]));

/**
 * A `pg_config` or `pgbouncer_config` object: known parameters with fitting values. With
 * `nullable`, a null removes the parameter (PATCH).
 */
export function configObjectSchema(
  field: 'pg_config' | 'pgbouncer_config',
  opts: { nullable: boolean },
) {
  const params = byName(field === 'pg_config' ? PG_PARAMS : PGBOUNCER_PARAMS);
  const rules = field === 'pg_config' ? pgConfigRules() : PGBOUNCER_CONFIG_RULES;
  const value = opts.nullable
    ? z.union([z.string(), z.number(), z.null()])
    : z.union([z.string(), z.number()]);
  return z
    .record(z.string(), value, {
      error: `${field} must be an object of parameter names and values.`,
    })
    .superRefine((obj, ctx) => {
      for (const [name, v] of Object.entries(obj)) {
        // A removal names what it removes, known or not (the origin's).
        if (v === null) continue;
        // The origin's rules; ours for the names of our table it lacks (`timezone`) or keeps
        // to itself (`shared_buffers`, which the console's editor offers: decision 081).
        const own = Object.hasOwn(rules, name) && !rules[name]!.deny;
        const p = own ? undefined : params.get(name);
        const problem = p ? paramProblem(p, v) : configEntryProblem(rules, name, v);
        if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
      }
    });
}

/** The defaults that depend on the server's memory (what `default_pg_config` shows). */
export function defaultPgConfig(memoryGib: number, vcpus: number): Record<string, string> {
  const mb = memoryGib * 1024;
  return {
    max_connections: String(Math.min(5000, Math.max(100, memoryGib * 50))),
    shared_buffers: `${Math.floor(mb / 4)}MB`,
    effective_cache_size: `${Math.floor((mb * 3) / 4)}MB`,
    maintenance_work_mem: `${Math.max(64, Math.floor(mb / 16))}MB`,
    work_mem: `${Math.max(4, Math.floor(mb / 256))}MB`,
    max_worker_processes: String(Math.max(8, vcpus)),
    max_parallel_workers: String(Math.max(2, vcpus)),
    max_parallel_workers_per_gather: String(Math.max(1, Math.floor(vcpus / 2))),
    random_page_cost: '1.1',
    effective_io_concurrency: '200',
  };
}
