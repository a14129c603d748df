// Metrics: the origin's twelve (CPU, load, memory, disk, I/O, network, connections, cache hits,
// operations, deadlocks, database size, transactions) over a chosen period, as charts (the
// shared panel; uPlot is loaded with the first chart, never with the console itself).
import { useCallback } from 'react';
import { MetricsPanel } from '#web/components/ui/metrics-panel.tsx';
import type { PgRef } from '../api/postgres.ts';
import { pgMetricsQueryOptions, type MetricsQuery } from '../api/sub.ts';

/**
 * "primary", with several servers "standby dhma7" (the end of the server's name), and the
 * origin's part of the metric after it: "primary · Active", "standby dhma7 · user".
 */
function seriesLabel(labels: Record<string, string>, several: boolean, i: number): string {
  const role = labels.role ?? `series ${i + 1}`;
  const server =
    several && labels.server && labels.role !== 'primary'
      ? `${role} ${labels.server.split('-').pop()}`
      : role;
  const part = labels.name ?? labels.mode ?? labels.datname;
  return part ? `${server} · ${part}` : server;
}

export function PostgresMetrics({ pgRef }: { pgRef: PgRef }) {
  const metricsQuery = useCallback(
    (query: MetricsQuery) => pgMetricsQueryOptions(pgRef, query),
    [pgRef],
  );
  return <MetricsPanel idPrefix="pg" metricsQuery={metricsQuery} seriesLabel={seriesLabel} />;
}
