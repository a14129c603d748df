// Metrics: CPU, load, memory, disk, disk I/O and network of the VM over a chosen period (the
// panel the databases and clusters use; uPlot is loaded with the first chart).
import { useCallback } from 'react';
import { MetricsPanel } from '#web/components/ui/metrics-panel.tsx';
import type { VmRef } from '../api/get-vm.ts';
import { vmMetricsQueryOptions } from '../api/vm-metrics.ts';

/** The origin's part of the metric ("user", "Received"); one VM, so nothing else to tell apart. */
function seriesLabel(labels: Record<string, string>, _several: boolean, i: number): string {
  return labels.mode ?? labels.name ?? labels.vm ?? `series ${i + 1}`;
}

export function VmMetrics({ vmRef }: { vmRef: VmRef }) {
  const metricsQuery = useCallback(
    (query: { start: string; end: string }) => vmMetricsQueryOptions(vmRef, query),
    [vmRef],
  );
  return <MetricsPanel idPrefix="vm" metricsQuery={metricsQuery} seriesLabel={seriesLabel} />;
}
