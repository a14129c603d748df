// The month's spend per day, drawn with the metrics' chart component (uPlot, loaded with the
// chart only: React.lazy). The figure's caption says in words what the chart shows.
import { useMemo } from 'react';
import { monthRange } from '#shared/usage';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { LazyChart } from '#web/components/ui/metrics-panel.tsx';
import { summarize, type ChartSeries } from '#web/lib/chart-data.ts';
import { usd } from '#web/lib/price.ts';
import { monthLabel } from '../format.ts';

const DAY_MS = 24 * 3600_000;

export function SpendChart({
  month,
  days,
  now,
}: {
  month: string;
  days: readonly { date: string; amount_usd: number }[];
  now: number;
}) {
  const range = monthRange(month)!;
  // Every day of the month up to today, those without spend at zero, so the line reads as days.
  const series = useMemo<ChartSeries[]>(() => {
    const amounts = new Map(days.map((d) => [d.date, d.amount_usd]));
    const points: (readonly [number, number])[] = [];
    for (let t = range.start; t < range.end && t <= now; t += DAY_MS) {
      const date = new Date(t).toISOString().slice(0, 10);
      points.push([t / 1000, amounts.get(date) ?? 0]);
    }
    return [{ label: 'Spend per day', points }];
  }, [days, range.start, range.end, now]);
  const period = useMemo(
    () => [range.start / 1000, (range.end - DAY_MS) / 1000] as const,
    [range.start, range.end],
  );
  return (
    <Card labelledBy="usage-chart-title">
      <CardHeader
        id="usage-chart-title"
        title="Spend per day"
        description={`What was billed each day of ${monthLabel(month)} (UTC), before discount and credit.`}
      />
      <figure
        className="px-5 py-4"
        aria-labelledby="usage-chart-title"
        aria-describedby="usage-chart-summary"
      >
        <LazyChart series={series} format={usd} period={period} />
        <figcaption
          id="usage-chart-summary"
          className="mt-2 text-xs text-slate-600 dark:text-slate-400"
        >
          {series[0]!.points.length ? summarize(series[0]!, usd) : 'No days of this month yet.'}
        </figcaption>
      </figure>
    </Card>
  );
}
