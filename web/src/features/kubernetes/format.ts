// How a cluster's facts read in the console: node sizes, node counts, versions and prices.
import type { KubernetesCluster } from '#shared/api/kubernetes';
import { kubernetesMonthlyUsd, vmSize } from '#shared/catalog';

export { formatHourly, formatMonthly, usd } from '#web/lib/price.ts';

/** "2 vCPU · 8 GiB memory" for a known size. */
export function sizeSpec(size: string): string | undefined {
  const s = vmSize(size);
  return s ? `${s.vcpus} vCPU · ${s.memoryGib} GiB memory` : undefined;
}

/** "1 node", "3 nodes". */
export const nodes = (n: number) => `${n} ${n === 1 ? 'node' : 'nodes'}`;

/** "Kubernetes v1.35". */
export const versionLabel = (version: string) => `Kubernetes ${version}`;

/** Worker nodes of all node pools. */
export const workerCount = (kc: Pick<KubernetesCluster, 'nodepools'>) =>
  kc.nodepools.reduce((sum, np) => sum + np.node_count, 0);

/** The list price of the cluster as it is: its control plane and every node pool. */
export function monthlyPrice(
  kc: Pick<KubernetesCluster, 'node_size' | 'cp_node_count' | 'nodepools'>,
): number {
  return kubernetesMonthlyUsd(
    { size: kc.node_size, count: kc.cp_node_count },
    kc.nodepools.map((np) => ({ size: np.node_size, count: np.node_count })),
  );
}
