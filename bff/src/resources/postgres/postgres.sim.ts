// What the simulated data plane tells about a database: its backups and restore window
// (decision 080), log lines (decision 085) and metrics (decision 086). All of it follows from
// the database's row, its servers and the clock, the same on every call: deterministic
// pseudo-random values seeded with the database's ID, no stored history.
import { LOG_SEVERITIES, LOG_STREAMS, METRIC_KEYS } from '#shared/api/postgres';
import { invalidRequest } from '../../errors.ts';
import { DAY, HOST_METRICS, metricValue, unit, type MetricInfo } from '../sim.ts';

const MINUTE = 60_000;

/** Backups are kept for a week. */
export const BACKUP_RETENTION_MS = 7 * DAY;

interface BackupSource {
  id: string;
  read_replica: number;
  running_since: string | null;
}

export interface Backup {
  key: string;
  last_modified: string;
  size: number;
}

/**
 * The database's backups, oldest first: the first when it first ran, then one a day at the
 * same time, each kept for a week (the newest always). Read replicas have none of their own.
 */
export function backupsOf(pg: BackupSource, now = new Date()): Backup[] {
  if (!pg.running_since || Number(pg.read_replica) === 1) return [];
  const first = Date.parse(pg.running_since);
  const out: Backup[] = [];
  for (let k = 0, t = first; t <= now.getTime(); k++, t += DAY) {
    const segment = (2 + k * 16).toString(16).padStart(8, '0').toUpperCase();
    const size = Math.round(
      24 * 1024 * 1024 * (1 + 0.04 * k) * (0.9 + 0.2 * unit(`${pg.id}:backup:${k}`)),
    );
    out.push({
      key: `base_0000000100000000${segment}`,
      last_modified: new Date(t).toISOString(),
      size,
    });
  }
  const kept = out.filter(
    (b) => Date.parse(b.last_modified) >= now.getTime() - BACKUP_RETENTION_MS,
  );
  return kept.length ? kept : out.slice(-1);
}

/** The restore window: from the oldest kept backup to now (WAL is archived continuously). */
export function restoreWindow(
  pg: BackupSource,
  now = new Date(),
): { earliest: string | null; latest: string } {
  const backups = backupsOf(pg, now);
  return { earliest: backups[0]?.last_modified ?? null, latest: now.toISOString() };
}

/** `2026-01-02T03:04:05.678Z` → `2026-01-02 03:04:05 UTC`. */
const rubyTime = (iso: string) =>
  `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** 400 naming restore_target unless it lies in the window. */
export function assertInRestoreWindow(pg: BackupSource, target: string, now = new Date()): void {
  const { earliest, latest } = restoreWindow(pg, now);
  if (!earliest)
    throw invalidRequest({ restore_target: 'The database has no backup yet to restore from.' });
  const t = Date.parse(target);
  if (t < Date.parse(earliest) || t > Date.parse(latest)) {
    // The origin's words, its times as Ruby prints a UTC Time.
    throw invalidRequest({
      restore_target: `Restore target must be between ${rubyTime(earliest)} and ${rubyTime(latest)}`,
    });
  }
}

export interface SimServer {
  id: string;
  name: string;
  role: 'primary' | 'standby';
  private_ipv4: string;
}

/** PostgreSQL's own levels, which the simulated lines are written with. */
type PgLevel = 'DEBUG' | 'LOG' | 'INFO' | 'NOTICE' | 'WARNING' | 'ERROR' | 'FATAL' | 'PANIC';
/** …and the origin's severity each is answered as. */
const SEVERITY_OF: Record<PgLevel, (typeof LOG_SEVERITIES)[number]> = {
  DEBUG: 'DEBUG',
  LOG: 'INFO',
  INFO: 'INFO',
  NOTICE: 'INFO',
  WARNING: 'WARN',
  ERROR: 'ERROR',
  FATAL: 'FATAL',
  PANIC: 'FATAL',
};
type Stream = (typeof LOG_STREAMS)[number];

export interface LogLine {
  /** Orders lines (time, then server and stream); a page's pagination key is its oldest line's. */
  cursor: number;
  timestamp: string;
  stream_name: Stream;
  server_role: 'primary' | 'standby';
  server_ubid: string;
  server: string;
  severity_level: (typeof LOG_SEVERITIES)[number];
  message: string;
}

const TABLES = ['events', 'orders', 'users', 'sessions', 'line_items'];
const pick = <T>(xs: readonly T[], r: number) => xs[Math.floor(r * xs.length)]!;

function postgresMessage(server: SimServer, r: number, r2: number, t: number): [PgLevel, string] {
  const port = 30000 + Math.floor(r2 * 30000);
  const client = `10.0.${Math.floor(r2 * 4)}.${5 + Math.floor(r * 50)}`;
  if (server.role === 'standby') {
    if (r < 0.5) return ['LOG', 'restartpoint starting: time'];
    if (r < 0.8)
      return [
        'LOG',
        `recovery restart point at 0/${(0x5000028 + (t % 0xffff)).toString(16).toUpperCase()}`,
      ];
    return [
      'LOG',
      `restartpoint complete: wrote ${Math.floor(r2 * 400)} buffers (${(r2 * 2).toFixed(1)}%); write=${(r * 27).toFixed(3)} s, sync=0.004 s, total=${(r * 27 + 0.01).toFixed(3)} s`,
    ];
  }
  if (r < 0.2) return ['LOG', `connection received: host=${client} port=${port}`];
  if (r < 0.4)
    return [
      'LOG',
      `connection authorized: user=postgres database=postgres application_name=psql SSL enabled (protocol=TLSv1.3, cipher=TLS_AES_256_GCM_SHA384, bits=256)`,
    ];
  if (r < 0.55) return ['LOG', 'checkpoint starting: time'];
  if (r < 0.7)
    return [
      'LOG',
      `checkpoint complete: wrote ${Math.floor(r2 * 900)} buffers (${(r2 * 5).toFixed(1)}%); 0 WAL file(s) added, 0 removed, 1 recycled; write=${(r2 * 90).toFixed(3)} s, sync=0.003 s, total=${(r2 * 90 + 0.02).toFixed(3)} s`,
    ];
  if (r < 0.8)
    return [
      'LOG',
      `automatic vacuum of table "postgres.public.${pick(TABLES, r2)}": index scans: 1`,
    ];
  if (r < 0.88) return ['LOG', `automatic analyze of table "postgres.public.${pick(TABLES, r2)}"`];
  if (r < 0.93)
    return [
      'LOG',
      `disconnection: session time: 0:0${Math.floor(r2 * 9)}:${String(Math.floor(r2 * 59)).padStart(2, '0')}.${Math.floor(r * 999)} user=postgres database=postgres host=${client} port=${port}`,
    ];
  if (r < 0.96) return ['WARNING', 'there is no transaction in progress'];
  if (r < 0.985)
    return ['ERROR', `duplicate key value violates unique constraint "${pick(TABLES, r2)}_pkey"`];
  return ['FATAL', `password authentication failed for user "app"`];
}

function pgbouncerMessage(r: number, r2: number): [PgLevel, string] {
  if (r < 0.6) {
    const x = 1 + Math.floor(r2 * 40);
    return [
      'LOG',
      `stats: ${x} xacts/s, ${x * 4} queries/s, ${x * 3} client parses/s, ${x} server parses/s, ${x} binds/s, in ${x * 420} B/s, out ${x * 2100} B/s, xact ${700 + Math.floor(r * 600)} us, query ${180 + Math.floor(r2 * 90)} us, wait ${Math.floor(r * 12)} us`,
    ];
  }
  const conn = `C-0x55d${Math.floor(r2 * 0xfffff).toString(16)}`;
  if (r < 0.85)
    return [
      'LOG',
      `${conn}: postgres/postgres@10.0.0.${5 + Math.floor(r2 * 50)}:${30000 + Math.floor(r * 30000)} login attempt: db=postgres user=postgres tls=TLSv1.3/TLS_AES_256_GCM_SHA384`,
    ];
  return [
    'LOG',
    `${conn}: postgres/postgres@10.0.0.${5 + Math.floor(r2 * 50)}:${30000 + Math.floor(r * 30000)} closing because: client close request (age=${Math.floor(r2 * 600)}s)`,
  ];
}

const UPGRADE_STEPS = [
  'Performing Consistency Checks',
  'Checking cluster versions ok',
  'Checking database user is the install user ok',
  'Creating dump of database schemas ok',
  'Copying user relation files ok',
  'Setting next OID for new cluster ok',
  'Upgrade Complete',
];

/** Every line of the servers' streams between `from` and `to`, newest first (one line per server and stream on a grid). */
export function logLines(
  pgId: string,
  servers: SimServer[],
  from: number,
  to: number,
  upgrading: boolean,
): LogLine[] {
  const out: LogLine[] = [];
  const grids: [Stream, number][] = [
    ['postgres', 15_000],
    ['pgbouncer', 60_000],
  ];
  if (upgrading) grids.push(['upgrade', 20_000]);
  servers.forEach((server, si) => {
    grids.forEach(([stream, every], gi) => {
      if (stream === 'upgrade' && server.role !== 'primary') return;
      for (let t = Math.ceil(from / every) * every; t <= to; t += every) {
        const r = unit(`${pgId}:${server.name}:${stream}:${t}`);
        const r2 = unit(`${t}:${stream}:${pgId}`);
        const [severity, message] =
          stream === 'postgres'
            ? postgresMessage(server, r, r2, t)
            : stream === 'pgbouncer'
              ? pgbouncerMessage(r, r2)
              : ['LOG' as const, pick(UPGRADE_STEPS, r)];
        out.push({
          cursor: t * 100 + si * 10 + gi,
          timestamp: new Date(t).toISOString(),
          stream_name: stream,
          server_role: server.role,
          server_ubid: server.id,
          server: server.name,
          severity_level: SEVERITY_OF[severity],
          message,
        });
      }
    });
  });
  return out.sort((a, b) => b.cursor - a.cursor);
}

type MetricKey = (typeof METRIC_KEYS)[number];
/**
 * The origin's POSTGRES_METRICS (`lib/metrics.rb`): a server's host metrics, then the
 * database's own.
 */
export const POSTGRES_METRICS: Record<MetricKey, MetricInfo> = {
  ...HOST_METRICS,
  connection_count: {
    name: 'Connection Count',
    unit: 'count',
    description: 'Database activity metrics',
    parts: ['Active', 'Total'],
    base: 1,
    spread: 14,
    decimals: 0,
  },
  cache_hit_ratio: {
    name: 'Cache Hit Ratio',
    unit: '%',
    description: 'Percentage of cache hits vs reads',
    base: 95,
    spread: 5,
    decimals: 2,
  },
  operation_throughput: {
    name: 'Operation Throughput',
    unit: 'ops/s',
    description: 'Fetch, insert, update, delete operations per second',
    parts: ['Fetch', 'Insert', 'Update', 'Delete'],
    base: 0,
    spread: 400,
    decimals: 2,
  },
  deadlocks: {
    name: 'Deadlocks',
    unit: 'deadlocks/s',
    description: 'Deadlocks per second',
    base: 0,
    spread: 0.02,
    decimals: 3,
  },
  database_size: {
    name: 'Database Size',
    unit: 'bytes',
    description: 'Top 5 databases by size',
    parts: ['postgres'],
    label: 'datname',
    base: 8_000_000,
    spread: 40_000_000,
    decimals: 0,
  },
  transactions: {
    name: 'Transactions',
    unit: 'count/s',
    description: 'Committed vs rolled back transactions',
    parts: ['Commits', 'Rollbacks'],
    base: 0,
    spread: 60,
    decimals: 2,
  },
};

/**
 * A server's series: seeded with the database and the server, labelled with its name and role;
 * a standby works less. A test's fixed disk usage applies to every server.
 */
export const metricSources = (
  pgId: string,
  servers: readonly SimServer[],
  diskUsage?: DiskUsageOverride,
) =>
  servers.map((server) => ({
    seed: `${pgId}:${server.name}`,
    labels: { server: server.name, role: server.role },
    // A standby serves no writes: less of everything but its share of the disk.
    activity: server.role === 'standby' ? 0.4 : 1,
    fixed: diskUsage ? { disk_usage: diskUsage.percent } : undefined,
  }));

/** A test's fixed disk usage (docs/testing.md): a percent, or null for "not known". */
export interface DiskUsageOverride {
  percent: number | null;
}

/**
 * The primary's disk usage now, in percent of its storage, as its metrics show it (the
 * `disk_usage` point of the current minute, at the precision the series gives); undefined
 * when none is known: the database has not run yet, has no primary, or a test said so.
 */
export function observedDiskUsagePercent(
  pg: { id: string; running_since: string | null },
  servers: readonly SimServer[],
  diskUsage: DiskUsageOverride | undefined,
  now = Date.now(),
): number | undefined {
  const primary = servers.find((s) => s.role === 'primary');
  if (!pg.running_since || !primary) return undefined;
  if (diskUsage) return diskUsage.percent ?? undefined;
  const info = POSTGRES_METRICS.disk_usage;
  const [source] = metricSources(pg.id, [primary]);
  const minute = Math.floor(now / MINUTE) * MINUTE;
  const value = metricValue(info, 'disk_usage', `${source!.seed}:${info.parts![0]}`, 1, minute);
  return Number(value.toFixed(info.decimals));
}
