// One time-series chart of metrics (a database's, a cluster's), drawn with uPlot. This module is loaded only
// when the Metrics tab opens (React.lazy in metrics-panel.tsx), so uPlot and its CSS stay out of
// the console's first download. The canvas is hidden from screen readers; the figure's caption
// says what it shows and its latest, lowest and highest values in words.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartSeries } from '#web/lib/chart-data.ts';
import { alignSeries, SERIES_COLORS } from '#web/lib/chart-data.ts';
import { useDark } from '#web/lib/use-dark.ts';

const HEIGHT = 180;

/** `period`: the shown time range [from, to] in unix seconds (the chosen period, however few points there are). */
export default function MetricChart({
  series,
  format,
  period,
}: {
  series: readonly ChartSeries[];
  format: (v: number) => string;
  period: readonly [number, number];
}) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDark();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axis = dark ? '#cbd5e1' : '#334155';
    const grid = dark ? 'rgba(148,163,184,0.18)' : 'rgba(100,116,139,0.18)';
    const palette = SERIES_COLORS[dark ? 'dark' : 'light'];
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 240),
      height: HEIGHT,
      legend: { show: false },
      // Times in UTC, like the logs and backups.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: true, range: () => [period[0], period[1]] },
        y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid } },
        {
          stroke: axis,
          grid: { stroke: grid },
          ticks: { stroke: grid },
          size: 64,
          values: (_u, splits) => splits.map(format),
        },
      ],
      series: [
        {},
        ...series.map((s, i) => ({
          label: s.label,
          stroke: palette[i % palette.length],
          width: 2,
          points: { show: s.points.length < 3, size: 6 },
        })),
      ],
    };
    const plot = new uPlot(opts, alignSeries(series), el);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(el.clientWidth, 240), height: HEIGHT }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, dark, format, period]);

  return <div ref={box} aria-hidden="true" className="w-full" data-testid="metric-chart" />;
}
