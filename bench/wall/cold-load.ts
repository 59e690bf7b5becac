import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { percentile } from '../setup.ts';
import {
  LOAD_TIMEOUT_MS,
  loadSteps,
  loadTimes,
  openWall,
  type LoadSteps,
  type WallRun,
} from './browser.ts';
import type { LoadTimes } from './in-page.ts';
import { WALL_GRAPHS } from './wall-world.ts';
import { anchorLoad } from './anchor.ts';

const ms = (value: number) => value.toFixed(1);
const median = (values: number[]) =>
  percentile(
    values.slice().sort((a, b) => a - b),
    50,
  );

/**
 * Cold loads of the wall, each in a fresh context (empty cache, no service
 * worker): from navigation start until every graph has drawn (and the frame
 * after painted), with when the scripts had run and the last dashboards,
 * device and history answers came; medians over `rounds`. Each round also
 * loads the uPlot anchor (bench/wall/anchor.ts): the ratio is the console's
 * median over the anchor's, both timed in the same run. `screenshot`
 * saves the first round's screen (and the anchor's beside it, `-anchor.png`); `waterfall` is
 * given its last round's requests; `profile` names a file for the last round's CPU profile
 * (open it in Chromium's DevTools, Performance panel).
 */
export async function coldLoads(
  run: WallRun,
  rounds: number,
  screenshot?: string,
  waterfall?: (line: string) => void,
  profile?: string,
) {
  const loads: (LoadTimes & LoadSteps)[] = [];
  const anchors: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // The anchor first in every other round: neither gets the warmer machine each time.
    const anchor = async () => {
      const shot =
        screenshot && round === 0 ? screenshot.replace(/(\.png)?$/, '-anchor.png') : undefined;
      const drawn = await anchorLoad(run, shot);
      if (drawn === null) throw new Error(`the uPlot anchor did not draw in ${LOAD_TIMEOUT_MS} ms`);
      anchors.push(drawn);
    };
    if (round % 2 === 1) await anchor();
    const profiled = profile !== undefined && round === rounds - 1;
    const kiosk = await openWall(run, undefined, profiled);
    // The last round's history batches, by what each asked for (with the waterfall).
    const batches: string[] = [];
    if (waterfall && round === rounds - 1)
      kiosk.page.on('request', (request) => {
        if (!request.url().includes('/devicedata-batch')) return;
        const body = request.postDataJSON() as { requests?: { url: string }[] } | null;
        const urls = (body?.requests ?? []).map(({ url }) => url.replace(/^\/api\/v2\//, ''));
        batches.push(
          `batch of ${urls.length}: ${urls.slice(0, 3).join(' ')}${urls.length > 3 ? ' …' : ''}`,
        );
      });
    try {
      const times = await loadTimes(kiosk.page, LOAD_TIMEOUT_MS);
      if (!times) throw new Error(`not all ${WALL_GRAPHS} graphs drew in ${LOAD_TIMEOUT_MS} ms`);
      if (screenshot && round === 0) await kiosk.page.screenshot({ path: screenshot });
      if (profiled) {
        const { profile: recorded } = await kiosk.cdp.send('Profiler.stop');
        await fs.writeFile(profile, JSON.stringify(recorded));
      }
      if (waterfall && round === rounds - 1)
        for (const line of [...(await requests(kiosk.page)), ...batches]) waterfall(line);
      loads.push({ ...times, ...(await loadSteps(kiosk.page)) });
    } finally {
      await kiosk.close();
    }
    if (round % 2 === 0) await anchor();
  }
  const medianOf = (name: keyof (LoadTimes & LoadSteps)) => ms(median(loads.map((l) => l[name])));
  const drawn = loads.map((l) => l.drawn);
  return {
    setup: run.label,
    rounds,
    'all drawn ms': medianOf('drawn'),
    'painted ms': medianOf('painted'),
    'min–max ms': `${ms(Math.min(...drawn))}–${ms(Math.max(...drawn))}`,
    'scripts run ms': medianOf('scripts'),
    'dashboards ms': medianOf('dashboards'),
    'devices ms': medianOf('devices'),
    'history ms': medianOf('history'),
    'uPlot anchor ms': ms(median(anchors)),
    'ratio to anchor': (median(drawn) / median(anchors)).toFixed(2),
  };
}

/**
 * The page's requests in order: asked for, sent on a connection (0: a connection's
 * timing not given), first byte and end (ms since navigation), path.
 */
async function requests(page: Page): Promise<string[]> {
  const lines: unknown = await page.evaluate(`(() => {
    const [nav] = performance.getEntriesByType('navigation');
    return [nav, ...performance.getEntriesByType('resource')].filter(Boolean).map((e) =>
      [e.startTime, e.requestStart, e.responseStart, e.responseEnd].map((t) => t.toFixed(0).padStart(6)).join(' ') +
      '  ' + new URL(e.name).pathname + new URL(e.name).search.slice(0, 60));
  })()`);
  return Array.isArray(lines) ? lines.map(String) : [];
}
