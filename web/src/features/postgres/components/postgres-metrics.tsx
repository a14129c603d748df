// Metrics: CPU, memory, storage and connections over a chosen period, as charts (the shared
// panel; uPlot is loaded with the first chart, never with the console itself).
import { useCallback } from 'react';
import { MetricsPanel } from '#web/components/ui/metrics-panel.tsx';
import type { PgRef } from '../api/postgres.ts';
import { pgMetricsQueryOptions, type MetricsQuery } from '../api/sub.ts';

/** "primary", or with several servers "standby dhma7" (the end of the server's name). */
function seriesLabel(labels: Record<string, string>, several: boolean, i: number): string {
  const role = labels.role ?? `series ${i + 1}`;
  return several && labels.server ? `${role} ${labels.server.split('-').pop()}` : role;
}

export function PostgresMetrics({ pgRef }: { pgRef: PgRef }) {
  const metricsQuery = useCallback(
    (query: MetricsQuery) => pgMetricsQueryOptions(pgRef, query),
    [pgRef],
  );
  return <MetricsPanel idPrefix="pg" metricsQuery={metricsQuery} seriesLabel={seriesLabel} />;
}
