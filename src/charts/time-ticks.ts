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

/**
 * Tick times from `from` to `to`, on whole steps in the given time zone
 * offset (minutes east of UTC at `from`), so ticks fall on 10:00, 10:15…
 * and days start at local midnight.
 */
export function timeTicks(from: number, to: number, width: number, offsetMinutes = 0): number[] {
  if (!(to > from)) return [];
  const step = tickStep(to - from, width);
  const offset = offsetMinutes * MINUTE;
  const first = Math.ceil((from + offset) / step) * step - offset;
  const ticks: number[] = [];
  for (let t = first; t <= to && ticks.length < 500; t += step) ticks.push(t);
  return ticks;
}
