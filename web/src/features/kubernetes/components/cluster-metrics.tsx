// Metrics: CPU, memory, disk and pods of the cluster over a chosen period (the shared panel;
// uPlot is loaded with the first chart).
import { useCallback } from 'react';
import { MetricsPanel } from '#web/components/ui/metrics-panel.tsx';
import { clusterMetricsQueryOptions, type KcRef } from '../api/kubernetes.ts';

/** "cluster", or with several series the node's name or the series' first label. */
function seriesLabel(labels: Record<string, string>, several: boolean, i: number): string {
  const named = labels.node ?? labels.nodepool ?? labels.role ?? Object.values(labels)[0];
  return several ? (named ?? `series ${i + 1}`) : (named ?? 'cluster');
}

export function ClusterMetrics({ kcRef }: { kcRef: KcRef }) {
  const metricsQuery = useCallback((query: { start: string; end: string }) => clusterMetricsQueryOptions(kcRef, query), [kcRef]);
  return <MetricsPanel idPrefix="kc" metricsQuery={metricsQuery} seriesLabel={seriesLabel} />;
}
