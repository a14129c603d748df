// What the simulated data plane shares across kinds: seeded noise, checked time ranges, and
// metric series in the origin's shape (decisions 086, 278). Everything follows from a seed and
// the clock, the same on every call: no stored history.
import { HOST_METRIC_KEYS } from '#shared/api/metrics';
import { invalidRequest } from '../errors.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A number in [0, 1) from a string (FNV-1a), the same for the same seed. */
export function unit(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
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

/**
 * The metrics routes' period (the origin's limits): the last 30 minutes by default, at most 31
 * days long and 31 days back, cut to the time since `since` (the object first ran) and now.
 */
export function metricsWindow(query: { start?: string; end?: string }, since: number) {
  const now = new Date();
  const range = timeRange(
    query,
    { spanMs: 30 * MINUTE, maxMs: 31 * DAY + 5 * MINUTE, backMs: 31 * DAY },
    now,
  );
  return { start: Math.max(range.start, since), end: Math.min(range.end, now.getTime()) };
}

/**
 * A metric's name, unit and description (the origin's `lib/metrics.rb`). `parts`: the origin's
 * several series of one metric, each labelled (`label`: `name`, or `mode` / `datname` where the
 * origin groups by those). `base` + `spread`: the simulated range; `decimals`: how it is written.
 */
export interface MetricInfo {
  name: string;
  unit: string;
  description: string;
  parts?: string[];
  label?: string;
  base: number;
  spread: number;
  decimals: number;
}

type HostKey = (typeof HOST_METRIC_KEYS)[number];

/** What every machine reports (a VM, a database's server): the origin's node metrics. */
export const HOST_METRICS: Record<HostKey, MetricInfo> = {
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
};

/** One machine whose series are answered: its seed, its labels, and how busy it is (1 = fully). */
export interface MetricSource {
  seed: string;
  labels: Record<string, string>;
  /** Scales everything but percentages (a standby serves no writes); 1 when absent. */
  activity?: number;
  /** A metric a test fixed (docs/testing.md): its value, or null for "not known" (no points). */
  fixed?: Partial<Record<string, number | null>>;
}

/** The value of `key` for a seed at `time` (ms), as the series show it before rounding. */
export function metricValue(
  info: MetricInfo,
  key: string,
  seed: string,
  activity: number,
  time: number,
) {
  const { base, spread, unit: u } = info;
  const daily = Math.sin((2 * Math.PI * (time % DAY)) / DAY);
  const slow = unit(`${seed}:${key}`);
  const noise = unit(`${seed}:${key}:${time}`);
  const scale = u === '%' ? 1 : activity;
  const v = (base + spread * (0.4 * slow + 0.3 * (daily + 1) * 0.5 + 0.3 * noise)) * scale;
  return u === '%' ? Math.min(100, Math.max(0, v)) : Math.max(0, v);
}

/**
 * Series of each metric from `from` to `to`, at most about 240 points each: the metric's series
 * (labelled as the origin does) for each source, with the source's labels.
 */
export function metricSeries<K extends string>(
  infos: Record<K, MetricInfo>,
  sources: readonly MetricSource[],
  from: number,
  to: number,
  keys: readonly K[],
) {
  const step = Math.max(MINUTE, Math.ceil((to - from) / 240 / MINUTE) * MINUTE);
  return keys.map((key) => {
    const { parts, label = 'name', base: _b, spread: _s, decimals, ...info } = infos[key];
    return {
      key,
      ...info,
      series: sources.flatMap((source) =>
        (parts ?? [undefined]).map((part) => {
          const seed = part ? `${source.seed}:${part}` : source.seed;
          const values: [number, string][] = [];
          const fixed = source.fixed?.[key];
          if (fixed !== null)
            for (let t = Math.ceil(from / step) * step; t <= to; t += step)
              values.push([
                t / 1000,
                (fixed ?? metricValue(infos[key], key, seed, source.activity ?? 1, t)).toFixed(
                  decimals,
                ),
              ]);
          return { labels: { ...source.labels, ...(part ? { [label]: part } : {}) }, values };
        }),
      ),
    };
  });
}
