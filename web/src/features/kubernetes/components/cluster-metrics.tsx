// Metrics: CPU, memory, disk and pods of the cluster over a chosen period (the shared panel;
// uPlot is loaded with the first chart).
import { useCallback } from 'react';
import { MetricsPanel } from '#web/components/ui/metrics-panel.tsx';
import { clusterMetricsQueryOptions, type KcRef } from '../api/kubernetes.ts';

/** "worker pp1ac" (the node's role and the end of its name), or "cluster" for a series without a node. */
function seriesLabel(labels: Record<string, string>, _several: boolean, i: number): string {
  if (!labels.node) return labels.role ?? `series ${i + 1}`;
  const short = labels.node.split('-').pop();
  return labels.role ? `${labels.role} ${short}` : labels.node;
}

export function ClusterMetrics({ kcRef }: { kcRef: KcRef }) {
  const metricsQuery = useCallback(
    (query: { start: string; end: string }) => clusterMetricsQueryOptions(kcRef, query),
    [kcRef],
  );
  return <MetricsPanel idPrefix="kc" metricsQuery={metricsQuery} seriesLabel={seriesLabel} />;
}
