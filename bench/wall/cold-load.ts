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
 * saves the first round's screen.
 */
export async function coldLoads(run: WallRun, rounds: number, screenshot?: string) {
  const loads: (LoadTimes & LoadSteps)[] = [];
  for (let round = 0; round < rounds; round++) {
    const kiosk = await openWall(run);
    try {
      const times = await loadTimes(kiosk.page, LOAD_TIMEOUT_MS);
      if (!times) throw new Error(`not all ${WALL_GRAPHS} graphs drew in ${LOAD_TIMEOUT_MS} ms`);
      if (screenshot && round === 0) await kiosk.page.screenshot({ path: screenshot });
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
