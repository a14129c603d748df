// A Metrics tab: a period chooser and one chart card per metric, for any resource whose metrics
// come in the origin's shape (`{metrics: [{key, name, unit, description, series: [{labels,
// values: [[unix seconds, "value"]]}]}]}`). The chart module (uPlot) is loaded when the tab
// first shows one, never with the console itself (decision 101).
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentProps } from 'react';
import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { asApiError } from '#web/lib/api-client.ts';
import { SERIES_COLORS, summarize, type ChartSeries } from '#web/lib/chart-data.ts';
import { useDark } from '#web/lib/use-dark.ts';
import { Spinner } from './button.tsx';
import { Card, CardHeader } from './card.tsx';
import { FormAlert } from './form-alert.tsx';

const MetricChart = lazy(() => import('./metric-chart.tsx'));

/** The chart, its code loaded when first shown (uPlot is the heaviest part of a page). */
export function LazyChart(props: ComponentProps<typeof MetricChart>) {
  return (
    <div className="min-h-[180px]">
      <Suspense
        fallback={
          <p className="flex h-[180px] items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Spinner /> Loading the chart…
          </p>
        }
      >
        <MetricChart {...props} />
      </Suspense>
    </div>
  );
}

export interface Metric {
  key: string;
  name: string;
  unit: string;
  description: string;
  series: { labels: Record<string, string>; values: [number, string][] }[];
}

const RANGES = [
  { id: '1h', label: 'Last hour', seconds: 3600 },
  { id: '6h', label: 'Last 6 hours', seconds: 6 * 3600 },
  { id: '24h', label: 'Last 24 hours', seconds: 24 * 3600 },
  { id: '7d', label: 'Last 7 days', seconds: 7 * 24 * 3600 },
] as const;
type RangeId = (typeof RANGES)[number]['id'];

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const formatters = new Map<string, (v: number) => string>();

/** A value in the metric's unit: "42 %", "1.5 GiB", "12" (one function a unit, so charts keep it). */
function formatter(unit: string): (v: number) => string {
  let f = formatters.get(unit);
  if (!f) formatters.set(unit, (f = makeFormatter(unit)));
  return f;
}

function makeFormatter(unit: string): (v: number) => string {
  switch (unit) {
    case '%':
    case 'percent':
      return (v) => `${number.format(v)} %`;
    case 'bytes':
      return (v) =>
        v >= 2 ** 30
          ? `${number.format(v / 2 ** 30)} GiB`
          : v >= 2 ** 20
            ? `${number.format(v / 2 ** 20)} MiB`
            : `${number.format(v)} B`;
    case 'count':
    case 'connections':
    case 'pods':
    case '':
      return (v) => number.format(v);
    default:
      return (v) => `${number.format(v)} ${unit}`;
  }
}

/**
 * `metricsQuery(query)` is the query of the metrics of the period; `seriesLabel` names a series from its
 * labels ("primary", "node kc…-np-1"); `idPrefix` keeps the headings' ids unique.
 */
export function MetricsPanel<K extends QueryKey>({
  idPrefix,
  metricsQuery,
  seriesLabel,
}: {
  idPrefix: string;
  metricsQuery: (query: {
    start: string;
    end: string;
  }) => UseQueryOptions<{ metrics: Metric[] }, Error, { metrics: Metric[] }, K>;
  seriesLabel: (labels: Record<string, string>, several: boolean, i: number) => string;
}) {
  const [range, setRange] = useState<RangeId>('1h');
  // The period ends now: fixed when chosen (a key that changed on every render would refetch
  // forever) and moved on once a minute, so the charts follow new points.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [range]);
  const seconds = RANGES.find((r) => r.id === range)!.seconds;
  const query = useMemo(
    () => ({
      start: new Date(now - seconds * 1000).toISOString(),
      end: new Date(now).toISOString(),
    }),
    [now, seconds],
  );
  const metrics = useQuery({ ...metricsQuery(query), placeholderData: keepPreviousData });
  const period = useMemo(
    () => [Math.floor((now - seconds * 1000) / 1000), Math.floor(now / 1000)] as const,
    [now, seconds],
  );
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          Period
          <select
            value={range}
            onChange={(e) => {
              setRange(e.target.value as RangeId);
              setNow(Date.now());
            }}
            className="h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm dark:border-slate-700 dark:bg-slate-900"
          >
            {RANGES.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        {metrics.isFetching ? <Spinner className="text-slate-500" /> : null}
      </div>
      {metrics.isError ? <FormAlert error={asApiError(metrics.error)} /> : null}
      {metrics.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner /> Loading the metrics…
        </p>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          {(metrics.data?.metrics ?? []).map((m) => (
            <MetricCard
              key={m.key}
              idPrefix={idPrefix}
              metric={m}
              period={period}
              seriesLabel={seriesLabel}
            />
          ))}
        </div>
      )}
    </>
  );
}

function MetricCard({
  idPrefix,
  metric: m,
  period,
  seriesLabel,
}: {
  idPrefix: string;
  metric: Metric;
  period: readonly [number, number];
  seriesLabel: (labels: Record<string, string>, several: boolean, i: number) => string;
}) {
  const format = formatter(m.unit);
  // The metric object is kept while its data do not change (React Query shares equal data), so is the chart.
  const series = useMemo<ChartSeries[]>(
    () =>
      m.series.map((s, i) => ({
        label: seriesLabel(s.labels, m.series.length > 1, i),
        points: s.values.map(([t, v]) => [t, Number(v)] as const),
      })),
    [m, seriesLabel],
  );
  const palette = SERIES_COLORS[useDark() ? 'dark' : 'light'];
  const id = `${idPrefix}-metric-${m.key}`;
  return (
    <Card labelledBy={id}>
      <CardHeader id={id} title={m.name} description={m.description} />
      <figure className="px-5 py-4" aria-labelledby={id} aria-describedby={`${id}-summary`}>
        <LazyChart series={series} format={format} period={period} />
        {series.length > 1 ? (
          <ul
            aria-hidden="true"
            className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300"
          >
            {series.map((s, i) => (
              <li key={s.label} className="flex items-center gap-1.5">
                <span
                  className="inline-block h-0.5 w-4 rounded"
                  style={{ backgroundColor: palette[i % palette.length] }}
                />
                {s.label}
              </li>
            ))}
          </ul>
        ) : null}
        <figcaption
          id={`${id}-summary`}
          className="mt-2 text-xs text-slate-600 dark:text-slate-400"
        >
          {series.map((s) => summarize(s, format)).join('; ') || 'No data in this period.'}
        </figcaption>
      </figure>
    </Card>
  );
}
