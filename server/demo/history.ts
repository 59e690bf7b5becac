import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import {
  deviceHistoryRepository,
  type PointColumns,
} from '../repositories/device-history-repository.ts';
import {
  batteryLevel,
  readingFor,
  sampleCounts,
  seededRandom,
  temperatureAt,
  type CounterProfile,
} from '../simulator/count-model.ts';
import { demoCounters, profileOf } from './demo-counters.ts';

// Counts per half hour, temperature every two hours, battery every six: about
// 10k points per counter for 90 days, which PGlite writes in a few seconds.
// The last two hours are written as the demo simulator sends (every 10–30 s,
// counts since the previous message with battery and temperature), so the
// short live periods show one granularity from history into the live feed.
export const COUNT_STEP_MS = 30 * 60_000;
export const TEMPERATURE_STEP_MS = 2 * 60 * 60_000;
export const BATTERY_STEP_MS = 6 * 60 * 60_000;
/** The recent part written message by message, as the simulator would have sent it. */
export const FINE_HISTORY_MS = 2 * 60 * 60_000;
/** The simulator's interval between messages (server/simulator/demo-simulator.ts). */
const MESSAGE_MS = { min: 10_000, max: 30_000 };

/**
 * A counter's history over (to - days, to]: the counts of each half hour
 * timed at its end, temperature and battery on the even hours, then the
 * last two hours message by message. The same profile and end always give
 * the same points.
 */
export function counterHistory(profile: CounterProfile, days: number, to: number): PointColumns {
  const fineStart = Math.floor((to - FINE_HISTORY_MS) / COUNT_STEP_MS) * COUNT_STEP_MS;
  const start = fineStart - days * 24 * 60 * 60_000 + FINE_HISTORY_MS;
  const random = seededRandom(profile.seed ^ Math.floor(fineStart / COUNT_STEP_MS));
  const points: PointColumns = { keys: [], times: [], values: [] };
  const push = (key: string, time: number, value: number) => {
    points.keys.push(key);
    points.times.push(time);
    points.values.push(value);
  };
  for (let time = start + COUNT_STEP_MS; time <= fineStart; time += COUNT_STEP_MS) {
    const counts = sampleCounts(profile, time - COUNT_STEP_MS, time, random);
    push('countIn', time, counts.countIn);
    push('countOut', time, counts.countOut);
    if (time % TEMPERATURE_STEP_MS === 0)
      push('temperature', time, temperatureAt(profile, time, random));
    if (time % BATTERY_STEP_MS === 0) push('battery', time, batteryLevel(profile, time));
  }
  if (days <= 0) return points;
  let previous = fineStart;
  for (
    let time = fineStart + MESSAGE_MS.min + random() * (MESSAGE_MS.max - MESSAGE_MS.min);
    time <= to;
    time += MESSAGE_MS.min + random() * (MESSAGE_MS.max - MESSAGE_MS.min)
  ) {
    const at = Math.floor(time);
    const reading = readingFor(profile, previous, at, random);
    push('countIn', at, reading.countIn);
    push('countOut', at, reading.countOut);
    push('battery', at, reading.battery);
    push('temperature', at, reading.temperature);
    previous = at;
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
    await history.markHeardFrom(
      [id],
      new Date(Math.max(...points.times.slice(-4), 0) || now.getTime()),
    );
  }
  return written;
}
