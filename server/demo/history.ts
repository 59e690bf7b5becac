import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import {
  deviceHistoryRepository,
  type PointColumns,
} from '../repositories/device-history-repository.ts';
import {
  batteryLevel,
  sampleCounts,
  seededRandom,
  temperatureAt,
  type CounterProfile,
} from '../simulator/count-model.ts';
import { demoCounters, profileOf } from './demo-counters.ts';

// Counts per half hour, temperature every two hours, battery every six: about
// 10k points per counter for 90 days, which PGlite writes in a few seconds.
// Charts sum counts per bucket, so these halves join the live points seamlessly.
export const COUNT_STEP_MS = 30 * 60_000;
export const TEMPERATURE_STEP_MS = 2 * 60 * 60_000;
export const BATTERY_STEP_MS = 6 * 60 * 60_000;

/**
 * A counter's history over (to - days, to]: the counts of each half hour
 * timed at its end, temperature and battery on the even hours. The same profile and
 * end always give the same points.
 */
export function counterHistory(profile: CounterProfile, days: number, to: number): PointColumns {
  const end = Math.floor(to / COUNT_STEP_MS) * COUNT_STEP_MS;
  const start = end - days * 24 * 60 * 60_000;
  const random = seededRandom(profile.seed ^ Math.floor(end / COUNT_STEP_MS));
  const points: PointColumns = { keys: [], times: [], values: [] };
  const push = (key: string, time: number, value: number) => {
    points.keys.push(key);
    points.times.push(time);
    points.values.push(value);
  };
  for (let time = start + COUNT_STEP_MS; time <= end; time += COUNT_STEP_MS) {
    const counts = sampleCounts(profile, time - COUNT_STEP_MS, time, random);
    push('countIn', time, counts.countIn);
    push('countOut', time, counts.countOut);
    if (time % TEMPERATURE_STEP_MS === 0)
      push('temperature', time, temperatureAt(profile, time, random));
    if (time % BATTERY_STEP_MS === 0) push('battery', time, batteryLevel(profile, time));
  }
  return points;
}

/**
 * Writes `days` of history for every demo counter that exists, ending at
 * `now`, and marks those counters as heard from at their last point.
 * Returns how many points were written.
 */
export async function seedDemoHistory(db: Kysely<DB>, days: number, now: Date): Promise<number> {
  if (days <= 0) return 0;
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'unique_name'])
    .where(
      'unique_name',
      'in',
      demoCounters.map((c) => c.uniqueName),
    )
    .execute();
  const idOf = new Map(devices.map((d) => [d.unique_name, d.id]));
  const history = deviceHistoryRepository(db);
  await history.ensureMonths(new Date(now.getTime() - days * 24 * 60 * 60_000), now);
  let written = 0;
  for (const counter of demoCounters) {
    const id = idOf.get(counter.uniqueName);
    if (id === undefined) continue;
    const points = counterHistory(profileOf(counter), days, now.getTime());
    await history.insertNewPoints(id, points);
    written += points.times.length;
  }
  const last = new Date(Math.floor(now.getTime() / COUNT_STEP_MS) * COUNT_STEP_MS);
  await history.markHeardFrom([...idOf.values()], last);
  return written;
}
