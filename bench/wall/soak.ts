import type { CDPSession } from 'playwright-core';
import { sleep } from '../setup.ts';
import {
  heapAfterGc,
  lastDrawnTimes,
  LOAD_TIMEOUT_MS,
  loadTimes,
  openWall,
  rendererMetrics,
  type WallRun,
} from './browser.ts';
import { chromiumCpuSeconds } from './process-cpu.ts';
import { WALL_GRAPHS } from './wall-world.ts';

const MB = 1024 * 1024;
/** How long a soak's trace records (BENCH_WALL_TRACE). */
const TRACE_MS = 5_000;
/** The main thread's tasks, frames and their parts, as DevTools' Performance panel records them. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
];
const STEPS = 10;
/** A graph is fresh at the end of the soak when it drew a point this recent. */
const FRESH_MS = 5_000;

interface Reading {
  at: number;
  /** Chromium's processes, CPU seconds (null without /proc). */
  cpu: number | null;
  metrics: Map<string, number>;
}

const read = async (cdp: CDPSession): Promise<Reading> => ({
  at: Date.now(),
  cpu: chromiumCpuSeconds(),
  metrics: await rendererMetrics(cdp),
});

/**
 * Per second of the span between two readings: CPU of all Chromium's
 * processes (/proc), of the page's renderer process and its main thread
 * (CDP ProcessTime, ThreadTime) as % of a core, and the main thread's tasks
 * and script in wall-clock ms (TaskDuration, ScriptDuration; they include
 * waiting for a core on a busy machine).
 */
function rates(from: Reading, to: Reading) {
  const seconds = (to.at - from.at) / 1000;
  const perSecond = (name: string) =>
    ((to.metrics.get(name) ?? NaN) - (from.metrics.get(name) ?? NaN)) / seconds;
  return {
    'Chromium CPU %':
      from.cpu === null || to.cpu === null
        ? 'n/a'
        : (((to.cpu - from.cpu) / seconds) * 100).toFixed(1),
    'renderer CPU %': (perSecond('ProcessTime') * 100).toFixed(1),
    'main thread CPU %': (perSecond('ThreadTime') * 100).toFixed(1),
    'tasks ms/s': (perSecond('TaskDuration') * 1000).toFixed(1),
    'script ms/s': (perSecond('ScriptDuration') * 1000).toFixed(1),
  };
}

interface SoakResult {
  summary: Record<string, string | number>;
  timeline: Record<string, string | number>[];
}

/**
 * Watches an open page for `minutes`: CPU per second over the whole soak and
 * per step (`rates`), and the JS heap after forced collections at its start
 * and end, with DOM nodes and event listeners; the timeline's heap is
 * without a collection.
 */
async function soak(cdp: CDPSession, minutes: number, steps: number): Promise<SoakResult> {
  await cdp.send('Performance.enable');
  const heapStart = await heapAfterGc(cdp);
  const start = await read(cdp);
  const timeline: Record<string, string | number>[] = [];
  const stepMs = (minutes * 60_000) / steps;
  let previous = start;
  for (let step = 1; step <= steps; step++) {
    await sleep(Math.max(0, start.at + step * stepMs - Date.now()));
    const now = await read(cdp);
    timeline.push({
      minute: ((now.at - start.at) / 60_000).toFixed(1),
      ...rates(previous, now),
      'JS heap MB (no GC)': ((now.metrics.get('JSHeapUsedSize') ?? NaN) / MB).toFixed(1),
      'DOM nodes': now.metrics.get('Nodes') ?? NaN,
    });
    previous = now;
  }
  const end = await read(cdp);
  const heapEnd = await heapAfterGc(cdp);
  const endMetrics = await rendererMetrics(cdp);
  const count = (metrics: Map<string, number>, name: string) => metrics.get(name) ?? NaN;
  return {
    summary: {
      minutes: Number(((end.at - start.at) / 60_000).toFixed(1)),
      ...rates(start, end),
      'heap start MB': (heapStart / MB).toFixed(1),
      'heap end MB': (heapEnd / MB).toFixed(1),
      'heap growth': `${(((heapEnd - heapStart) / heapStart) * 100).toFixed(1)} %`,
      'DOM nodes': `${count(start.metrics, 'Nodes')} → ${count(endMetrics, 'Nodes')}`,
      listeners: `${count(start.metrics, 'JSEventListeners')} → ${count(endMetrics, 'JSEventListeners')}`,
    },
    timeline,
  };
}

/**
 * The wall on each graph's own period (last minute) for `minutes` after
 * `warmupS` seconds (a last-minute window fills in one), then whether every
 * graph still draws fresh points and the feed is live. With `trace`, the
 * soak's first seconds are also recorded as a Chromium trace.
 */
export async function soakWall(
  run: WallRun,
  minutes: number,
  warmupS: number,
  /** A file for a Chromium trace of the soak's first TRACE_MS (chrome://tracing, DevTools). */
  trace?: string,
) {
  const kiosk = await openWall(run);
  try {
    if (!(await loadTimes(kiosk.page, LOAD_TIMEOUT_MS))) throw new Error('the wall did not draw');
    await sleep(warmupS * 1000);
    if (trace !== undefined) {
      await run.browser.startTracing(kiosk.page, { path: trace, categories: TRACE_CATEGORIES });
      await sleep(TRACE_MS);
      await run.browser.stopTracing();
    }
    const result = await soak(kiosk.cdp, minutes, STEPS);
    const now = Date.now();
    const fresh = (await lastDrawnTimes(kiosk.page)).filter((t) => now - t <= FRESH_MS).length;
    const feed = await kiosk.page.getAttribute('[data-testid="kiosk"]', 'data-feed');
    return {
      summary: {
        setup: run.label,
        ...result.summary,
        'fresh at end': `${fresh}/${WALL_GRAPHS}`,
        feed: feed ?? '?',
      },
      timeline: result.timeline.map((row) => ({ setup: run.label, ...row })),
    };
  } finally {
    await kiosk.close();
  }
}
