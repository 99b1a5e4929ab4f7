import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { vars } from '../../ui/theme.css';
import * as s from './reports.css';

export interface ChartProps {
  /** What the chart shows, read out in place of the picture (the table beside it has the figures). */
  label: string;
  /** One bar each, in order. */
  labels: readonly string[];
  /** Amounts in the currency's main unit (rand), one per label. */
  values: readonly number[];
  /** How an amount is written on the axis. */
  format: (value: number) => string;
}

/** A theme colour as the canvas needs it: the value behind the theme's CSS variable. */
function themeColour(el: HTMLElement, cssVar: string, fallback: string): string {
  const name = /^var\((--[^,)]+)/.exec(cssVar)?.[1];
  const value = name ? getComputedStyle(el).getPropertyValue(name).trim() : '';
  return value || fallback;
}

/**
 * A bar chart drawn by uPlot: one bar a label, amounts on the left axis, sized to its box and
 * redrawn as the box changes width. Loaded only with the reports' charts, so uPlot stays out of the
 * app's install.
 */
export function ReportChart({ label, labels, values, format }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const bar = themeColour(el, vars.color.accent, '#f5c400');
    const text = themeColour(el, vars.color.text, '#111111');
    const grid = themeColour(el, vars.color.border, '#e7e5e4');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const xs = labels.map((_, i) => i);
    const chart = new uPlot(
      {
        width: Math.max(el.clientWidth, 200),
        height: 220,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, Math.max(labels.length - 0.5, 0.5)] } },
        axes: [
          {
            ...axis,
            // As many labels as fit (about one per 72 px), so a month of days stays readable on a phone.
            splits: (u) => {
              const step = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(u.width / 72))));
              return xs.filter((i) => i % step === 0);
            },
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          },
          { ...axis, size: 72, values: (_u, splits) => splits.map(format) },
        ],
        series: [{}, { label, stroke: bar, fill: bar, width: 0, paths: uPlot.paths.bars?.({ size: [0.6, 48] }), points: { show: false } }],
      },
      [xs, [...values]],
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 200), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [label, labels, values, format]);
  return <div ref={box} className={s.chart} role="img" aria-label={label} data-testid="report-chart" />;
}
