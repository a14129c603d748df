// What the simulated data plane tells about a cluster's metrics (decision 130): deterministic
// pseudo-random series seeded with each node's ID, following from the nodes and the clock, no
// stored history (as a database's, decision 086).
import { KUBERNETES_METRIC_KEYS } from '#shared/api/kubernetes';
import { unit } from '../postgres/postgres.sim.ts';

type Key = (typeof KUBERNETES_METRIC_KEYS)[number];

const INFO: Record<Key, { name: string; unit: string; description: string }> = {
  cpu_usage: { name: 'CPU usage', unit: '%', description: 'CPU time used, per node' },
  memory_usage: { name: 'Memory usage', unit: '%', description: 'Memory in use, per node' },
  disk_usage: { name: 'Disk usage', unit: '%', description: 'Disk space in use, per node' },
  pod_count: { name: 'Pods', unit: 'count', description: 'Pods running, per node' },
};

function value(key: Key, nodeId: string, t: number): number {
  const slow = unit(`${nodeId}:${key}`);
  const wave = Math.sin(t / 3_600_000 + slow * 6.28);
  const jitter = unit(`${nodeId}:${key}:${t}`) - 0.5;
  if (key === 'pod_count') return Math.round(8 + slow * 20 + wave * 3);
  const base = key === 'disk_usage' ? 20 + slow * 30 : 15 + slow * 40;
  return Math.min(100, Math.max(0, base + wave * 10 + jitter * 6));
}

/** Series of each node (running ones) from `from` to `to`, at most about 240 points each. */
export function clusterMetrics(nodes: readonly { id: string; name: string; role: string }[], from: number, to: number, keys: readonly Key[]) {
  const step = Math.max(60_000, Math.ceil((to - from) / 240 / 60_000) * 60_000);
  return keys.map((key) => ({
    key,
    ...INFO[key],
    series: nodes.map((node) => {
      const values: [number, string][] = [];
      for (let t = Math.ceil(from / step) * step; t <= to; t += step) values.push([t / 1000, value(key, node.id, t).toFixed(key === 'pod_count' ? 0 : 2)]);
      return { labels: { node: node.name, role: node.role }, values };
    }),
  }));
}
