import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';
import { sleep, type BenchServer } from '../setup.ts';
import {
  wallProbeScript,
  type DrawnSample,
  type FeedFrame,
  type LoadTimes,
  type WallProbe,
} from './in-page.ts';
import { WALL_GRAPHS, type Wall } from './wall-world.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/helpers/chromium.ts';

export const VIEWPORT = { width: 1920, height: 1080 };
/** The longest wait for a wall to draw or its feed to be live. */
export const LOAD_TIMEOUT_MS = 30_000;

/** One setup's server, wall and browser, as each part of the bench uses them. */
export interface WallRun {
  label: string;
  server: BenchServer;
  wall: Wall;
  browser: Browser;
}

/** Debian's Chromium, as bench/latency.bench.ts launches it. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });

export interface Kiosk {
  page: Page;
  cdp: CDPSession;
  close(): Promise<void>;
}

/**
 * The wall display in a context of its own (empty cache, no service worker),
 * signed in by the user's SESSION cookie, with the probe script installed
 * before the console's scripts; navigation starts at once.
 */
export async function openKiosk(
  browser: Browser,
  options: {
    origin: string;
    session: string;
    boardId: string;
    graphs: number;
    period?: number;
    /** Records a CPU profile of the page from before navigation on (stop it with Profiler.stop). */
    profile?: boolean;
  },
): Promise<Kiosk> {
  const context: BrowserContext = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: 'en-GB',
  });
  await context.addCookies([{ name: 'SESSION', value: options.session, url: options.origin }]);
  await context.addInitScript({ content: wallProbeScript(options.graphs) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (options.profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const period = options.period === undefined ? '' : `&period=${options.period}`;
  await page.goto(`${options.origin}/dashboard?board=${options.boardId}&kiosk=1${period}`, {
    waitUntil: 'commit',
  });
  return { page, cdp, close: () => context.close() };
}

/** The run's wall on the kiosk URL, on each graph's own period or on `period` (a menu id). */
export const openWall = (run: WallRun, period?: number, profile = false): Promise<Kiosk> =>
  openKiosk(run.browser, {
    origin: run.server.origin,
    session: run.server.userSession,
    boardId: run.wall.boardId,
    graphs: WALL_GRAPHS,
    profile,
    ...(period === undefined ? {} : { period }),
  });

/** Waits (up to `timeoutMs`) until every graph has drawn; null when they did not. */
export async function loadTimes(page: Page, timeoutMs: number): Promise<LoadTimes | null> {
  for (const began = Date.now(); Date.now() - began < timeoutMs; await sleep(100)) {
    // Null, not a failure, while the page is still between documents.
    const load = await page
      .evaluate(
        () => (globalThis as unknown as { nordlysWall?: WallProbe }).nordlysWall?.load ?? null,
      )
      .catch(() => null);
    if (load) return load;
  }
  return null;
}

/** Milestones of a load in ms since navigation began: the last response of each kind. */
export interface LoadSteps {
  /** DOMContentLoaded ended: the entry and every module it imports have run. */
  scripts: number;
  dashboards: number;
  /** The graphs' devices (for their organisation's time zone): one list by ids, or each alone. */
  devices: number;
  /** Each graph's history. */
  history: number;
}

const STEPS = `(() => {
  const last = (pattern) => Math.max(-1, ...performance.getEntriesByType('resource')
    .filter((e) => pattern.test(new URL(e.name).pathname)).map((e) => e.responseEnd));
  const [navigation] = performance.getEntriesByType('navigation');
  return {
    scripts: navigation ? navigation.domContentLoadedEventEnd : -1,
    dashboards: last(/^\\/api\\/v2\\/dashboards$/),
    devices: last(/^\\/api\\/v2\\/(device\\/\\d+|devices)$/),
    history: last(/^\\/api\\/v2\\/devicedata/),
  };
})()`;

/** When the page's scripts ran and its last dashboards, device and history answers came. */
export async function loadSteps(page: Page): Promise<LoadSteps> {
  const steps: unknown = await page.evaluate(STEPS);
  const read = (name: keyof LoadSteps): number =>
    steps && typeof steps === 'object' && name in steps
      ? Number((steps as Record<string, unknown>)[name])
      : NaN;
  return {
    scripts: read('scripts'),
    dashboards: read('dashboards'),
    devices: read('devices'),
    history: read('history'),
  };
}

/** Waits (up to `timeoutMs`) until the kiosk says its live feed is live. */
export async function waitLive(page: Page, timeoutMs: number): Promise<boolean> {
  return page
    .waitForSelector('[data-testid="kiosk"][data-feed="live"]', { timeout: timeoutMs })
    .then(
      () => true,
      () => false,
    );
}

export const watchGraph = (page: Page, graphId: string, marker: string): Promise<boolean> =>
  page.evaluate(
    ([id, text]) =>
      (globalThis as unknown as { nordlysWall: WallProbe }).nordlysWall.watch(id, text),
    [graphId, marker] as const,
  );

/** What the watched graph drew and which feed frames named its device. */
export const watched = (page: Page): Promise<{ samples: DrawnSample[]; frames: FeedFrame[] }> =>
  page.evaluate(() => {
    const wall = (globalThis as unknown as { nordlysWall: WallProbe }).nordlysWall;
    return { samples: wall.samples, frames: wall.frames };
  });

/** The newest point time each graph drew (epoch ms), in page order. */
export async function lastDrawnTimes(page: Page): Promise<number[]> {
  const values: unknown = await page.evaluate(
    `[...document.querySelectorAll('[data-graph] [data-last-drawn]')].map((chart) => Number(chart.getAttribute('data-last-drawn')))`,
  );
  return Array.isArray(values) ? values.filter((v): v is number => typeof v === 'number') : [];
}

/** The page's renderer figures (CDP Performance domain: CPU times, durations, counts), by name. */
export async function rendererMetrics(cdp: CDPSession): Promise<Map<string, number>> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return new Map(metrics.map((m) => [m.name, m.value]));
}

/** The page's JS heap in use after two forced collections, in bytes. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}
