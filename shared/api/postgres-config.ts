// The parameters a database's owner may set (`pg_config`, `pgbouncer_config`): real names of
// PostgreSQL and PgBouncer settings with their types, ranges and defaults (decision 081).
// Shared: the BFF validates with it, the console's parameter editor is built from it.
import { z } from 'zod';
import {
  configEntryProblem,
  PGBOUNCER_CONFIG_RULES,
  pgConfigRules,
  type Rules,
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
const PG_BY_NAME = byName(PG_PARAMS);
const PGBOUNCER_BY_NAME = byName(PGBOUNCER_PARAMS);

/**
 * Whether the origin's rule decides `name` (its rules), or ours (our table): ours for the names
 * it lacks (`timezone`) or keeps to itself (`shared_buffers`, which the console's editor
 * offers: decision 081).
 */
const originDecides = (rules: Rules, name: string) =>
  Object.hasOwn(rules, name) && !rules[name]!.deny;

/**
 * The parameters of `version` that take effect only after a restart, sorted, by the rule that
 * decides each (as configProblems checks them).
 */
export function restartParams(version: string): string[] {
  const rules = pgConfigRules(version);
  return [
    ...PG_PARAMS.filter((p) => !originDecides(rules, p.name) && p.restart).map((p) => p.name),
    ...Object.keys(rules).filter((name) => originDecides(rules, name) && rules[name]!.restart),
  ].sort();
}

/**
 * What is wrong with each entry of a `pg_config` (for `version`, or for any version without
 * one) or `pgbouncer_config`: `[name, problem]` pairs, none when all fit. A null removes
 * its parameter (PATCH), known or not, as the origin's.
 */
export function configProblems(
  field: 'pg_config' | 'pgbouncer_config',
  config: Record<string, unknown>,
  version?: string,
): [string, string][] {
  const params = field === 'pg_config' ? PG_BY_NAME : PGBOUNCER_BY_NAME;
  const rules = field === 'pg_config' ? pgConfigRules(version) : PGBOUNCER_CONFIG_RULES;
  const problems: [string, string][] = [];
  for (const [name, v] of Object.entries(config)) {
    if (v === null || v === undefined) continue;
    const p = originDecides(rules, name) ? undefined : params.get(name);
    const problem = p ? paramProblem(p, v) : configEntryProblem(rules, name, v);
    if (problem) problems.push([name, problem]);
  }
  return problems;
}

/**
 * A `pg_config` or `pgbouncer_config` object: known parameters with fitting values, for some
 * version (the database's own version is checked where it is known: `configProblems`). With
 * `nullable`, a null removes the parameter (PATCH).
 */
export function configObjectSchema(
  field: 'pg_config' | 'pgbouncer_config',
  opts: { nullable: boolean },
) {
  const value = opts.nullable
    ? z.union([z.string(), z.number(), z.null()])
    : z.union([z.string(), z.number()]);
  return z
    .record(z.string(), value, {
      error: `${field} must be an object of parameter names and values.`,
    })
    .superRefine((obj, ctx) => {
      for (const [name, message] of configProblems(field, obj))
        ctx.addIssue({ code: 'custom', path: [name], message });
    });
}

/** A server the defaults are computed for. */
export interface ServerShape {
  memoryGib: number;
  vcpus: number;
  storageGib: number;
  version: string;
  flavor: string;
}

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));

/**
 * What `default_pg_config` shows: the settings the origin writes for a server of this size,
 * version and flavor (its `PostgresServer#configure_hash`, with backups archived as ours are),
 * without those that name other servers (standbys, replication slots).
 */
export function defaultPgConfig(server: ServerShape): Record<string, string> {
  const { memoryGib, vcpus, storageGib, version } = server;
  const mb = memoryGib * 1024;
  const configs: Record<string, string> = {
    listen_addresses: "'*'",
    max_connections: '500',
    superuser_reserved_connections: '3',
    shared_buffers: `${Math.floor(mb / 4)}MB`,
    work_mem: `${Math.max(Math.floor(memoryGib / 8), 1)}MB`,
    maintenance_work_mem: `${Math.floor(mb / 16)}MB`,
    max_parallel_workers: '4',
    max_parallel_workers_per_gather: '2',
    max_parallel_maintenance_workers: '2',
    min_wal_size: '80MB',
    max_wal_size: `${clamp(Math.floor((storageGib * 4) / 100), 5, 256)}GB`,
    wal_keep_size: '96MB',
    wal_compression: 'lz4',
    default_toast_compression: 'lz4',
    recovery_init_sync_method: 'syncfs',
    random_page_cost: '1.1',
    effective_cache_size: `${Math.floor((mb * 3) / 4)}MB`,
    effective_io_concurrency: '200',
    tcp_keepalives_count: '4',
    tcp_keepalives_idle: '2',
    tcp_keepalives_interval: '2',
    ssl: 'on',
    ssl_min_protocol_version: 'TLSv1.3',
    ssl_ca_file: "'/etc/ssl/certs/ca.crt'",
    ssl_cert_file: "'/etc/ssl/certs/server.crt'",
    ssl_key_file: "'/etc/ssl/certs/server.key'",
    log_timezone: "'UTC'",
    log_directory: "'pg_log'",
    log_filename: "'postgresql-%a.log'",
    log_truncate_on_rotation: 'true',
    log_rotation_age: '1440',
    logging_collector: 'on',
    log_destination: "'stderr'",
    log_line_prefix: "'%m [%p:%l] (%x,%v): host=%r,db=%d,user=%u,app=%a,client=%h '",
    timezone: "'UTC'",
    lc_messages: "'C.UTF-8'",
    lc_monetary: "'C.UTF-8'",
    lc_numeric: "'C.UTF-8'",
    lc_time: "'C.UTF-8'",
    shared_preload_libraries: "'pg_cron,pg_stat_statements'",
    'cron.use_background_workers': 'on',
    autovacuum_vacuum_cost_delay: '2ms',
    autovacuum_vacuum_cost_limit: String(clamp(vcpus * 50, 200, 2400)),
    autovacuum_naptime: vcpus <= 3 ? '60s' : '30s',
  };
  // More autovacuum workers only where raising them needs no restart (18); before, the
  // version's default of 3. Their memory shares a quarter of the server's.
  const rules = pgConfigRules(version);
  const scaleWorkers = !rules.autovacuum_max_workers?.restart;
  const workers = scaleWorkers ? clamp(vcpus, 3, 8) : 3;
  if (scaleWorkers) configs.autovacuum_max_workers = String(workers);
  configs.autovacuum_work_mem = `${Math.floor(mb / 4 / workers)}MB`;
  if (Object.hasOwn(rules, 'autovacuum_vacuum_max_threshold'))
    configs.autovacuum_vacuum_max_threshold = '50000000';
  if (server.flavor === 'lantern') {
    configs.shared_preload_libraries = "'pg_cron,pg_stat_statements,lantern_extras'";
    for (const ext of ['lantern', 'hnsw']) {
      configs[`${ext}.external_index_host`] = "'external-indexing.cloud.lantern.dev'";
      configs[`${ext}.external_index_port`] = '443';
      configs[`${ext}.external_index_secure`] = 'true';
    }
  }
  if (Number(version) >= 17) configs.allow_alter_system = 'off';
  configs.archive_mode = 'on';
  configs.archive_timeout = '60';
  configs.archive_command = "'/usr/bin/walg-daemon-client /tmp/wal-g wal-push %f'";
  return configs;
}
