// What the simulated data plane tells about a database: its backups and restore window
// (decision 080), log lines (decision 085) and metrics (decision 086). All of it follows from
// the database's row, its servers and the clock, the same on every call: deterministic
// pseudo-random values seeded with the database's ID, no stored history.
import { LOG_SEVERITIES, LOG_STREAMS, METRIC_KEYS } from '#shared/api/postgres';
import { invalidRequest } from '../../errors.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Backups are kept for a week. */
export const BACKUP_RETENTION_MS = 7 * DAY;

/** A number in [0, 1) from a string (FNV-1a), the same for the same seed. */
export function unit(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
}

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

/** 400 naming restore_target unless it lies in the window. */
export function assertInRestoreWindow(pg: BackupSource, target: string, now = new Date()): void {
  const { earliest, latest } = restoreWindow(pg, now);
  if (!earliest)
    throw invalidRequest({ restore_target: 'The database has no backup yet to restore from.' });
  const t = Date.parse(target);
  if (t < Date.parse(earliest) || t > Date.parse(latest)) {
    throw invalidRequest({
      restore_target: `restore_target must lie between the earliest restore time ${earliest} and the latest ${latest}.`,
    });
  }
}

export interface SimServer {
  id: string;
  name: string;
  role: 'primary' | 'standby';
  private_ipv4: string;
}

/** A time range from the query, checked: end after start, at most `maxMs` long, not older than `backMs`. */
export function timeRange(
  query: { start?: string; end?: string },
  defaults: { spanMs: number; maxMs: number; backMs: number },
  now = new Date(),
) {
  const end = query.end ? Date.parse(query.end) : now.getTime();
  const start = query.start ? Date.parse(query.start) : end - defaults.spanMs;
  if (end < start) throw invalidRequest({ end: 'end must not be before start.' });
  if (end - start > defaults.maxMs)
    throw invalidRequest({
      end: `The range from start to end may be at most ${Math.round(defaults.maxMs / HOUR)} hours.`,
    });
  if (start < now.getTime() - defaults.backMs)
    throw invalidRequest({
      start: `start may be at most ${Math.round(defaults.backMs / DAY)} days ago.`,
    });
  return { start, end };
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
 * The origin's names, units and descriptions (`lib/metrics.rb` POSTGRES_METRICS). `parts`: the
 * origin's several series of one metric, each labelled (`label`: `name`, or `mode` / `datname`
 * where the origin groups by those). `base` + `spread`: the simulated range.
 */
const METRIC_INFO: Record<
  MetricKey,
  {
    name: string;
    unit: string;
    description: string;
    parts?: string[];
    label?: string;
    base: number;
    spread: number;
    decimals: number;
  }
> = {
  cpu_usage: {
    name: 'CPU Usage',
    unit: '%',
    description: 'Percentage of CPU used by the system',
    parts: ['iowait', 'user', 'system', 'steal', 'softirq'],
    label: 'mode',
    base: 1,
    spread: 12,
    decimals: 2,
  },
  // The origin has no unit for it (null); ours is a string, left empty.
  load_average: {
    name: 'Load Average',
    unit: '',
    description: 'System load average over different time periods',
    parts: ['1 minute', '5 minutes', '15 minutes'],
    base: 0.1,
    spread: 1.2,
    decimals: 2,
  },
  memory_usage: {
    name: 'Memory Usage',
    unit: '%',
    description: 'Total memory usage vs cache & buffers',
    parts: ['Used Memory', 'Cache & Buffers', 'Committed Memory'],
    base: 20,
    spread: 30,
    decimals: 2,
  },
  disk_usage: {
    name: 'Disk Usage',
    unit: '%',
    description: 'Disk space utilization',
    parts: ['Used Space'],
    base: 4,
    spread: 10,
    decimals: 2,
  },
  disk_io: {
    name: 'Disk I/O',
    unit: 'IOPS',
    description: 'I/O operations per second',
    parts: ['Reads', 'Writes'],
    base: 2,
    spread: 150,
    decimals: 2,
  },
  network_traffic: {
    name: 'Network Traffic',
    unit: 'bytes/s',
    description: 'Incoming and outgoing network traffic',
    parts: ['Received', 'Transmitted'],
    base: 2_000,
    spread: 300_000,
    decimals: 0,
  },
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

function metricValue(key: MetricKey, seed: string, server: SimServer, t: number): number {
  const { base, spread, unit: u } = METRIC_INFO[key];
  const daily = Math.sin((2 * Math.PI * (t % DAY)) / DAY);
  const slow = unit(`${seed}:${key}`);
  const noise = unit(`${seed}:${key}:${t}`);
  // A standby serves no writes: less of everything but its share of the disk.
  const standby = server.role === 'standby' && u !== '%' ? 0.4 : 1;
  const v = (base + spread * (0.4 * slow + 0.3 * (daily + 1) * 0.5 + 0.3 * noise)) * standby;
  return u === '%' ? Math.min(100, Math.max(0, v)) : Math.max(0, v);
}

/**
 * Series of each metric from `from` to `to`, at most about 240 points each: the origin's series
 * of the metric (labelled as the origin does) for each server, labelled with its name and role.
 */
export function metricSeries(
  pgId: string,
  servers: SimServer[],
  from: number,
  to: number,
  keys: readonly MetricKey[],
  diskUsage?: DiskUsageOverride,
) {
  const step = Math.max(60_000, Math.ceil((to - from) / 240 / 60_000) * 60_000);
  return keys.map((key) => {
    const { parts, label = 'name', base: _b, spread: _s, decimals, ...info } = METRIC_INFO[key];
    return {
      key,
      ...info,
      series: servers.flatMap((server) =>
        (parts ?? [undefined]).map((part) => {
          const seed = `${pgId}:${server.name}${part ? `:${part}` : ''}`;
          const values: [number, string][] = [];
          const fixed = key === 'disk_usage' ? diskUsage : undefined;
          // A test made the usage unknown: the series has no points, as when nothing was observed.
          if (fixed?.percent !== null)
            for (let t = Math.ceil(from / step) * step; t <= to; t += step)
              values.push([
                t / 1000,
                (fixed ? fixed.percent : metricValue(key, seed, server, t)).toFixed(decimals),
              ]);
          return {
            labels: { server: server.name, role: server.role, ...(part ? { [label]: part } : {}) },
            values,
          };
        }),
      ),
    };
  });
}

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
  const { decimals } = METRIC_INFO.disk_usage;
  const seed = `${pg.id}:${primary.name}:${METRIC_INFO.disk_usage.parts![0]}`;
  const minute = Math.floor(now / MINUTE) * MINUTE;
  return Number(metricValue('disk_usage', seed, primary, minute).toFixed(decimals));
}
