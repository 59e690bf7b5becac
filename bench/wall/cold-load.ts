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
 * device and history answers came; medians over `rounds`. `screenshot`
 * saves the first round's screen; `waterfall` is given its last round's requests.
 */
export async function coldLoads(
  run: WallRun,
  rounds: number,
  screenshot?: string,
  waterfall?: (line: string) => void,
) {
  const loads: (LoadTimes & LoadSteps)[] = [];
  for (let round = 0; round < rounds; round++) {
    const kiosk = await openWall(run);
    try {
      const times = await loadTimes(kiosk.page, LOAD_TIMEOUT_MS);
      if (!times) throw new Error(`not all ${WALL_GRAPHS} graphs drew in ${LOAD_TIMEOUT_MS} ms`);
      if (screenshot && round === 0) await kiosk.page.screenshot({ path: screenshot });
      if (waterfall && round === rounds - 1)
        for (const line of await requests(kiosk.page)) waterfall(line);
      loads.push({ ...times, ...(await loadSteps(kiosk.page)) });
    } finally {
      await kiosk.close();
    }
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
  };
}

/** The page's requests in order: start, first byte and end (ms since navigation), path. */
async function requests(page: Page): Promise<string[]> {
  const lines: unknown = await page.evaluate(`(() => {
    const [nav] = performance.getEntriesByType('navigation');
    return [nav, ...performance.getEntriesByType('resource')].filter(Boolean).map((e) =>
      [e.startTime, e.responseStart, e.responseEnd].map((t) => t.toFixed(0).padStart(6)).join(' ') +
      '  ' + new URL(e.name).pathname + new URL(e.name).search.slice(0, 60));
  })()`);
  return Array.isArray(lines) ? lines.map(String) : [];
}
