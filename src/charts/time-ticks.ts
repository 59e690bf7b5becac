import { tzOffset } from '@date-fns/tz';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Below this width the chart takes larger hour and day steps (spec §9). */
export const NARROW_CHART_WIDTH = 426;

/**
 * The step between time ticks for a range (spec §9): up to 15 minutes a tick
 * a minute, then 10, 15, 30, 45 and 60 minute steps, then hours and days,
 * which grow sooner on a narrow screen.
 */
export function tickStep(rangeMs: number, width: number): number {
  const narrow = width < NARROW_CHART_WIDTH;
  const minutes = rangeMs / MINUTE;
  if (minutes <= 15) return MINUTE;
  if (minutes <= 60) return (narrow ? 15 : 10) * MINUTE;
  if (minutes <= 90) return (narrow ? 30 : 15) * MINUTE;
  if (minutes <= 180) return (narrow ? 45 : 30) * MINUTE;
  if (minutes <= 270) return (narrow ? 60 : 45) * MINUTE;
  if (minutes <= 360) return HOUR;
  const hours = rangeMs / HOUR;
  if (hours <= 12) return (narrow ? 3 : 2) * HOUR;
  if (hours <= 26) return (narrow ? 6 : 3) * HOUR;
  if (hours <= 50) return (narrow ? 12 : 6) * HOUR;
  const days = rangeMs / DAY;
  if (days <= 8) return (narrow ? 2 : 1) * DAY;
  if (days <= 31) return (narrow ? 7 : 3) * DAY;
  if (days <= 93) return (narrow ? 21 : 7) * DAY;
  return (narrow ? 90 : 30) * DAY;
}

/** The wall clock in `timeZone` at instant `t`, as ms since the epoch of that clock. */
function wallOf(t: number, timeZone: string): number {
  return t + tzOffset(timeZone, new Date(t)) * MINUTE;
}

/**
 * The instant the wall clock in `timeZone` shows `wall`: of the two guesses
 * (by the offset there and by the offset at the first guess) the one that
 * matches; a time skipped by daylight saving time gives the instant after the gap.
 */
function instantOf(wall: number, timeZone: string): number {
  const first = wall - tzOffset(timeZone, new Date(wall)) * MINUTE;
  const second = wall - tzOffset(timeZone, new Date(first)) * MINUTE;
  if (wallOf(second, timeZone) === wall) return second;
  if (wallOf(first, timeZone) === wall) return first;
  return Math.max(first, second);
}

/**
 * Tick times from `from` to `to` on whole steps of the wall clock in
 * `timeZone` (the organisation's), so ticks fall on 10:00, 10:15… and days
 * start at local midnight, also across a change of daylight saving time.
 * Steps of several days keep to days a whole number of steps from the
 * epoch, so ticks stay put as a window slides.
 */
export function timeTicks(from: number, to: number, width: number, timeZone = 'UTC'): number[] {
  if (!(to > from)) return [];
  const step = tickStep(to - from, width);
  const ticks: number[] = [];
  // On the wall clock every day has 24 hours: step there, then find the instants.
  for (
    let wall = Math.ceil(wallOf(from, timeZone) / step) * step;
    ticks.length < 500;
    wall += step
  ) {
    const tick = instantOf(wall, timeZone);
    if (tick > to) break;
    const last = ticks[ticks.length - 1];
    if (tick >= from && (last === undefined || tick > last)) ticks.push(tick);
  }
  return ticks;
}
