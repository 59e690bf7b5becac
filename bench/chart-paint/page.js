// @ts-check
/* global document, MutationObserver */
// The chart-paint bench's page: Nordlys' LineChart and uPlot on the same
// series. JavaScript checked by TypeScript (bench/chart-paint/tsconfig.json):
// tsconfig.server.json, which covers bench/, has neither the DOM nor JSX.
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { LINE_WIDTH } from '../../machines/tooltip.machine.ts';
import { LineChart } from '../../src/charts/line-chart.tsx';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { lightTheme } from '../../src/ui/theme.ts';
import { seededRandom } from '../../server/simulator/count-model.ts';
import { CHART_HEIGHT, CHART_WIDTH, POINTS, START_MS, STEP_MS } from './paint-api.ts';
import { afterNextPaint } from '../page-timing.js';

/** @typedef {import('./paint-api.ts').ChartKind} ChartKind */
/** @typedef {import('./paint-api.ts').Scenario} Scenario */
/** @typedef {import('./paint-api.ts').PaintResult} PaintResult */
/** @typedef {import('../../src/charts/types.ts').ChartPoint} ChartPoint */
/** @typedef {{ points: ChartPoint[], columns: uPlot.AlignedData }} Series */
/** A chart on the page: `hand` gives it a series and resolves at the time it has drawn it. */
/** @typedef {{ hand(series: Series): Promise<number>, remove(): void }} Chart */

const TIMEOUT_MS = 60_000;
const from = START_MS;
const to = START_MS + (POINTS - 1) * STEP_MS;

/**
 * A day-and-night wave over a slow random walk, with noise, every 30 s; in
 * each chart's own shape: points (ms), and uPlot's columns (s). `offsetMs`
 * moves it in time, not in value.
 * @param {number} offsetMs
 * @returns {Series}
 */
function series(offsetMs) {
  const points = [];
  const times = new Float64Array(POINTS);
  const values = new Float64Array(POINTS);
  const random = seededRandom(2463534242);
  let walk = 20;
  for (let i = 0; i < POINTS; i++) {
    walk += (random() - 0.5) * 0.05;
    const time = START_MS + i * STEP_MS + offsetMs;
    const value = walk + 4 * Math.sin((2 * Math.PI * i * STEP_MS) / 86_400_000) + random() - 0.5;
    points.push({ time, value });
    times[i] = time / 1000;
    values[i] = value;
  }
  return { points, columns: [times, values] };
}

// The second is for updates: its newest point inside the window differs, so Nordlys marks it drawn.
const first = series(0);
const later = series(STEP_MS / 2);

/**
 * @param {Promise<number>} drawn
 * @returns {Promise<number>}
 */
const withTimeout = (drawn) =>
  Promise.race([
    drawn,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`not drawn in ${TIMEOUT_MS} ms`)), TIMEOUT_MS),
    ),
  ]);

/**
 * Nordlys, inside the providers the console renders it in; drawn when `data-last-drawn` changes.
 * @param {HTMLElement} element
 * @returns {Chart}
 */
function nordlys(element) {
  const root = createRoot(element);
  return {
    hand: (data) => {
      const drawn = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(element, { subtree: true, attributeFilter: ['data-last-drawn'] });
      });
      const chart = createElement(LineChart, {
        label: 'bench',
        points: data.points,
        from,
        to,
        // Handed its size, as uPlot is: it draws in its first render.
        width: CHART_WIDTH,
        height: CHART_HEIGHT,
        timeZone: 'UTC',
        weekendColor: null,
        hoverTime: 0,
      });
      const theme = createElement(ThemeProvider, { theme: lightTheme }, chart);
      root.render(createElement(I18nProvider, { i18n }, theme));
      return drawn;
    },
    remove: () => root.unmount(),
  };
}

/**
 * uPlot: a line in the same colour and width, its own axes; drawn at its draw hook.
 * @param {HTMLElement} element
 * @returns {Chart}
 */
function uplot(element) {
  /** @type {uPlot | null} */
  let chart = null;
  /** @type {(at: number) => void} */
  let onDraw = () => undefined;
  return {
    hand: (data) => {
      const drawn = new Promise((resolve) => (onDraw = resolve));
      if (chart) chart.setData(data.columns);
      else
        chart = new uPlot(
          {
            width: CHART_WIDTH,
            height: CHART_HEIGHT,
            legend: { show: false },
            series: [{}, { stroke: lightTheme.colors.primary, width: LINE_WIDTH }],
            hooks: { draw: [() => onDraw(performance.now())] },
          },
          data.columns,
          element,
        );
      return drawn;
    },
    remove: () => chart?.destroy(),
  };
}

/** @param {ChartKind} kind */
function place(kind) {
  const element = document.createElement('div');
  element.style.width = `${CHART_WIDTH}px`;
  document.body.append(element);
  const chart = kind === 'nordlys' ? nordlys(element) : uplot(element);
  return { chart, element };
}

/**
 * @param {ChartKind} kind
 * @param {Scenario} scenario
 * @returns {Promise<PaintResult>}
 */
async function paint(kind, scenario) {
  const { chart, element } = place(kind);
  if (scenario === 'update') {
    await withTimeout(chart.hand(first));
    await afterNextPaint();
  }
  const start = performance.now();
  const drawnAt = await withTimeout(chart.hand(scenario === 'update' ? later : first));
  const paintedAt = await afterNextPaint();
  chart.remove();
  element.remove();
  return { drawnMs: drawnAt - start, paintedMs: paintedAt - start };
}

async function show() {
  for (const kind of /** @type {ChartKind[]} */ (['nordlys', 'uplot']))
    await withTimeout(place(kind).chart.hand(first));
  await afterNextPaint();
}

await activateLocale('en');
/** @type {import('./paint-api.ts').PaintPage} */
const bench = { paint, show };
Object.assign(globalThis, { bench });
