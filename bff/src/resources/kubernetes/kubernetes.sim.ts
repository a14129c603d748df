// What the simulated data plane tells about a cluster's metrics (decision 130): deterministic
// pseudo-random series seeded with each node's ID, following from the nodes and the clock, no
// stored history (as a database's, decision 086). The keys, names and units are the origin's
// (`lib/metrics.rb` KUBERNETES_METRICS); node metrics come from every node, API-server and
// cluster-database metrics from the control plane.
import { KUBERNETES_METRIC_KEYS } from '#shared/api/kubernetes';
import { unit } from '../sim.ts';

type Key = (typeof KUBERNETES_METRIC_KEYS)[number];
interface Info {
  name: string;
  unit: string;
  description: string;
  /** Several series per node (e.g. reads and writes), each labelled with its `name`. */
  parts?: string[];
  controlPlane?: boolean;
  /** The value's range and how many decimals it is shown with. */
  base: number;
  spread: number;
  decimals: number;
}

const INFO: Record<Key, Info> = {
  cpu_usage: {
    name: 'CPU Usage',
    unit: '%',
    description: 'Percentage of CPU used per node',
    base: 15,
    spread: 40,
    decimals: 2,
  },
  // The origin has no unit for it (null); ours is a string, left empty.
  load_average: {
    name: 'Load Average',
    unit: '',
    description: 'System load average over the last minute',
    base: 0.2,
    spread: 1.5,
    decimals: 2,
  },
  memory_usage: {
    name: 'Memory Usage',
    unit: '%',
    description: 'Percentage of memory in use per node',
    base: 15,
    spread: 40,
    decimals: 2,
  },
  disk_usage: {
    name: 'Disk Usage',
    unit: '%',
    description: 'Root filesystem utilization per node',
    base: 20,
    spread: 30,
    decimals: 2,
  },
  disk_io: {
    name: 'Disk I/O',
    unit: 'IOPS',
    description: 'I/O operations per second',
    parts: ['Reads', 'Writes'],
    base: 5,
    spread: 120,
    decimals: 2,
  },
  network_traffic: {
    name: 'Network Traffic',
    unit: 'bytes/s',
    description: 'Incoming and outgoing network traffic',
    parts: ['Received', 'Transmitted'],
    base: 2_000,
    spread: 200_000,
    decimals: 0,
  },
  api_request_rate: {
    name: 'API Server Requests',
    unit: 'req/s',
    description: 'API server request rate by response code',
    controlPlane: true,
    base: 2,
    spread: 30,
    decimals: 2,
  },
  api_request_latency: {
    name: 'API Server Latency',
    unit: 'seconds',
    description: '99th percentile API server request duration by verb',
    controlPlane: true,
    base: 0.01,
    spread: 0.2,
    decimals: 3,
  },
  api_inflight_requests: {
    name: 'API Server Inflight Requests',
    unit: 'count',
    description: 'Requests the API server is currently serving',
    controlPlane: true,
    base: 0,
    spread: 12,
    decimals: 0,
  },
  pending_pods: {
    name: 'Pending Pods',
    unit: 'count',
    description: 'Pods waiting to be scheduled, by scheduler queue',
    controlPlane: true,
    base: 0,
    spread: 4,
    decimals: 0,
  },
  cluster_database_size: {
    name: 'Cluster Database Size',
    unit: 'bytes',
    description: 'Size of the cluster state database',
    controlPlane: true,
    base: 20_000_000,
    spread: 30_000_000,
    decimals: 0,
  },
  cluster_objects: {
    name: 'Cluster Objects',
    unit: 'count',
    description: 'Number of objects stored in the cluster state database',
    controlPlane: true,
    base: 300,
    spread: 900,
    decimals: 0,
  },
};

function value(key: Key, seed: string, t: number): number {
  const { base, spread } = INFO[key];
  const slow = unit(`${seed}:${key}`);
  const wave = Math.sin(t / 3_600_000 + slow * 6.28);
  const jitter = unit(`${seed}:${key}:${t}`) - 0.5;
  const v = Math.max(
    0,
    base + spread * (0.5 * slow + (0.3 * (wave + 1)) / 2 + 0.2 * (jitter + 0.5)),
  );
  return INFO[key].unit === '%' ? Math.min(100, v) : v;
}

/** Series of each node (running ones) from `from` to `to`, at most about 240 points each. */
export function clusterMetrics(
  nodes: readonly { id: string; name: string; role: string }[],
  from: number,
  to: number,
  keys: readonly Key[],
) {
  const step = Math.max(60_000, Math.ceil((to - from) / 240 / 60_000) * 60_000);
  return keys.map((key) => {
    const { parts, controlPlane, base: _b, spread: _s, decimals, ...info } = INFO[key];
    const sources = controlPlane ? nodes.filter((n) => n.role === 'control-plane') : nodes;
    return {
      key,
      ...info,
      series: sources.flatMap((node) =>
        (parts ?? [undefined]).map((part) => {
          const seed = part ? `${node.id}:${part}` : node.id;
          const values: [number, string][] = [];
          for (let t = Math.ceil(from / step) * step; t <= to; t += step)
            values.push([t / 1000, value(key, seed, t).toFixed(decimals)]);
          return {
            labels: { node: node.name, role: node.role, ...(part ? { name: part } : {}) },
            values,
          };
        }),
      ),
    };
  });
}
