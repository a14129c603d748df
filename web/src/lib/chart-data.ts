// The data side of the metrics charts (no uPlot here, so the tab can summarise a series in
// words without loading the chart library).

/** One line of a chart: its label and its points as [unix seconds, value]. */
export interface ChartSeries {
  label: string;
  points: readonly (readonly [number, number])[];
}

/** Line colours with at least 3:1 contrast on the card (light: white, dark: slate-900). */
export const SERIES_COLORS = {
  light: ['#2563eb', '#d97706', '#059669', '#db2777'],
  dark: ['#60a5fa', '#fbbf24', '#34d399', '#f472b6'],
} as const;

/** uPlot's data: the union of the timestamps, then each series' value at each (null where it has none). */
export function alignSeries(series: readonly ChartSeries[]): [number[], ...(number | null)[][]] {
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p[0])))].sort((a, b) => a - b);
  const columns = series.map((s) => {
    const at = new Map(s.points.map((p) => [p[0], p[1]]));
    return xs.map((x) => at.get(x) ?? null);
  });
  return [xs, ...columns];
}

/** "latest 12 %, lowest 3 %, highest 40 %" of a series, for the chart's caption. */
export function summarize(s: ChartSeries, format: (v: number) => string): string {
  if (!s.points.length) return `${s.label}: no data`;
  const values = s.points.map((p) => p[1]);
  return `${s.label}: latest ${format(values[values.length - 1]!)}, lowest ${format(Math.min(...values))}, highest ${format(Math.max(...values))}`;
}
