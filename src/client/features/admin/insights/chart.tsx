import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DataTable as Table } from '../../../../shared/insights-tables';
import { i18n } from '../locales/i18n';
import { DataTable } from './data-table';
import { figureText } from './panel';

/*
 * Every chart of the Insights page (issue 42), drawn by uPlot: a title, axis labels with their
 * units, a legend when there is more than one series, a tooltip with the exact values under the
 * pointer, and "Show as table", which gives the same figures as an accessible table. Colours are
 * the Okabe-Ito palette (told apart with every kind of colour blindness), and lines also differ
 * by their dashes, so no series depends on its colour alone. The canvas follows its card's width.
 */

/** Okabe-Ito: blue, vermillion, bluish green, orange, reddish purple, sky blue. */
export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#E69F00', '#CC79A7', '#56B4E9'];
const DASHES: number[][] = [[], [7, 4], [2, 3], [10, 3, 2, 3]];
/** The axes' ink and grid, read from the page's colour tokens (light or dark, issue 41): the canvas's own CSS sets them as its color and border colour. */
function axisColours(el: HTMLElement): { ink: string; grid: string } {
  const css = getComputedStyle(el);
  return { ink: css.color, grid: css.borderTopColor };
}
// eslint-disable-next-line lingui/no-unlocalized-strings -- a canvas font, not a text
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
// eslint-disable-next-line lingui/no-unlocalized-strings -- a canvas font, not a text
const LABEL_FONT = '600 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export interface ChartSeries {
  label: string;
  values: number[];
}

export interface ChartProps {
  title: string;
  /** line: a series over time; bar: one bar a category (stacked when several series); dots: one point a thing. */
  kind: 'line' | 'bar' | 'dots';
  /** One label a point, as the axis shows it (kept short); `detail` names it in full in the tooltip. */
  labels: string[];
  detail?: string[];
  xTitle: string;
  /** With its unit: "Members", "Fill rate (%)". */
  yTitle: string;
  series: ChartSeries[];
  /** "%" after every value in the tooltip. */
  unit?: string;
  /** The y axis ends at this at least (100 for a percentage). */
  yMax?: number;
  table: Table;
  /** A sentence for screen readers: what the chart shows. */
  summary: string;
}

const clip = (label: string, max: number) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

/** At most `max` evenly spread category indices to label on the x axis. */
function tickIndices(count: number, max: number): number[] {
  const step = Math.max(1, Math.ceil(count / Math.max(1, max)));
  const ticks: number[] = [];
  for (let i = 0; i < count; i += step) ticks.push(i);
  return ticks;
}

/** The pointer's exact values, in a box over the plot. */
function tooltip(props: ChartProps): uPlot.Plugin {
  let box: HTMLDivElement;
  return {
    hooks: {
      init: (u) => {
        box = document.createElement('div');
        box.className = 'chart-tooltip';
        box.setAttribute('aria-hidden', 'true');
        box.hidden = true;
        u.over.appendChild(box);
      },
      setCursor: (u) => {
        const idx = u.cursor.idx;
        if (idx === null || idx === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
          box.hidden = true;
          return;
        }
        box.replaceChildren();
        const head = document.createElement('strong');
        head.textContent = props.detail?.[idx] ?? props.labels[idx] ?? '';
        box.appendChild(head);
        props.series.forEach((s, i) => {
          const line = document.createElement('span');
          line.textContent = i18n.t('{label}: {value}', { label: s.label, value: figureText(s.values[idx] ?? 0, props.unit) });
          line.style.setProperty('--swatch', PALETTE[i % PALETTE.length]!);
          box.appendChild(line);
        });
        box.hidden = false;
        const left = u.valToPos(idx, 'x');
        const flip = left > u.over.clientWidth / 2;
        box.style.left = flip ? '' : `${left + 12}px`;
        box.style.right = flip ? `${u.over.clientWidth - left + 12}px` : '';
        box.style.top = `${Math.max(0, (u.cursor.top ?? 0) - 10)}px`;
      },
    },
  };
}

function options(props: ChartProps, width: number, height: number, { ink, grid }: { ink: string; grid: string }): uPlot.Options {
  const n = props.labels.length;
  const stacked = props.kind === 'bar' && props.series.length > 1;
  // Stacked bars: each series is drawn as the sum of itself and those below it, top first.
  const order = stacked ? props.series.map((_, i) => i).reverse() : props.series.map((_, i) => i);
  const bars = uPlot.paths.bars!({ size: [0.6, 56], gap: 2 });
  const top = Math.max(
    props.yMax ?? 0,
    ...props.labels.map((_, i) =>
      stacked ? props.series.reduce((a, s) => a + (s.values[i] ?? 0), 0) : Math.max(0, ...props.series.map((s) => s.values[i] ?? 0)),
    ),
    1,
  );
  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(0.5, n - 0.5)] },
      y: { range: () => [0, top * 1.1] },
    },
    axes: [
      {
        label: props.xTitle,
        labelFont: LABEL_FONT,
        font: FONT,
        stroke: ink,
        grid: { show: false },
        ticks: { stroke: grid },
        splits: () => tickIndices(n, Math.floor(width / 72)),
        // A label longer than its share of the width is cut (the tooltip and the table name it in full).
        values: (_u, splits) =>
          splits.map((v) => clip(props.labels[v] ?? '', Math.max(4, Math.floor(width / Math.max(1, splits.length) / 7.5)))),
      },
      {
        label: props.yTitle,
        labelFont: LABEL_FONT,
        font: FONT,
        stroke: ink,
        size: 48,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? figureText(v) : '')),
      },
    ],
    series: [
      {},
      ...order.map((i) => {
        const colour = PALETTE[i % PALETTE.length]!;
        const s = props.series[i]!;
        if (props.kind === 'line')
          return {
            label: s.label,
            stroke: colour,
            width: 2,
            dash: DASHES[i % DASHES.length],
            points: { show: true, size: 5, fill: colour },
          };
        if (props.kind === 'dots')
          return { label: s.label, stroke: colour, paths: () => null, points: { show: true, size: 8, fill: colour, stroke: colour } };
        return { label: s.label, stroke: colour, fill: colour, width: 0, paths: bars, points: { show: false } };
      }),
    ],
    plugins: [tooltip(props)],
  };
}

function chartData(props: ChartProps): uPlot.AlignedData {
  const x = props.labels.map((_, i) => i);
  if (!(props.kind === 'bar' && props.series.length > 1)) return [x, ...props.series.map((s) => s.values)];
  const order = props.series.map((_, i) => i).reverse();
  return [x, ...order.map((i) => props.labels.map((_, j) => props.series.slice(0, i + 1).reduce((a, s) => a + (s.values[j] ?? 0), 0)))];
}

/** The uPlot canvas, sized to its container and redrawn when the data changes. */
function Plot(props: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current!;
    const size = () => ({ width: Math.max(240, el.clientWidth), height: el.clientWidth < 480 ? 220 : 260 });
    const { width, height } = size();
    const plot = new uPlot(options(props, width, height, axisColours(el)), chartData(props), el);
    const observer = new ResizeObserver(() => {
      const next = size();
      if (next.width !== plot.width) {
        // The axis splits depend on the width: rebuilt, not only resized.
        plot.setSize(next);
        plot.redraw(false, true);
      }
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [props]);
  return <div ref={box} className="chart-canvas" role="img" aria-label={props.summary} />;
}

export function Chart(props: ChartProps) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const stacked = props.kind === 'bar' && props.series.length > 1;
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <div className="chart-head">
        <figcaption id={`${id}-title`} className="chart-title">
          {props.title}
        </figcaption>
        <button
          type="button"
          className="text-link chart-toggle"
          aria-expanded={asTable}
          aria-controls={`${id}-body`}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? i18n.t('Show as chart') : i18n.t('Show as table')}
        </button>
      </div>
      <div id={`${id}-body`}>
        {asTable ? (
          <DataTable table={props.table} />
        ) : (
          <>
            {props.series.length > 1 ? (
              <ul className="chart-legend" aria-label={i18n.t('Legend')}>
                {props.series.map((s, i) => (
                  <li
                    key={s.label}
                    style={{ '--swatch': PALETTE[i % PALETTE.length] } as CSSProperties}
                    className={stacked || props.kind !== 'line' ? 'swatch-box' : `swatch-line dash-${i % DASHES.length}`}
                  >
                    {s.label}
                  </li>
                ))}
              </ul>
            ) : null}
            <Plot {...props} />
          </>
        )}
      </div>
    </figure>
  );
}
