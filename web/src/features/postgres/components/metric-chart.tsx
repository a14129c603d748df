// One time-series chart of a database's metrics, drawn with uPlot. This module is loaded only
// when the Metrics tab opens (React.lazy in metrics-tab.tsx), so uPlot and its CSS stay out of
// the console's first download. The canvas is hidden from screen readers; the figure's caption
// says what it shows and its latest, lowest and highest values in words.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { resolvedTheme, useThemeSetting } from '#web/lib/theme.ts';
import type { ChartSeries } from './chart-data.ts';
import { alignSeries, SERIES_COLORS } from './chart-data.ts';

const HEIGHT = 180;

export default function MetricChart({ series, format }: { series: readonly ChartSeries[]; format: (v: number) => string }) {
  const box = useRef<HTMLDivElement>(null);
  const dark = resolvedTheme(useThemeSetting()) === 'dark';

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
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] } },
      axes: [
        { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid } },
        { stroke: axis, grid: { stroke: grid }, ticks: { stroke: grid }, size: 64, values: (_u, splits) => splits.map(format) },
      ],
      series: [{}, ...series.map((s, i) => ({ label: s.label, stroke: palette[i % palette.length], width: 2, points: { show: false } }))],
    };
    const plot = new uPlot(opts, alignSeries(series), el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 240), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, dark, format]);

  return <div ref={box} aria-hidden="true" className="w-full" data-testid="metric-chart" />;
}
