import { tz } from '@date-fns/tz';
import { addDays, getDay, startOfDay } from 'date-fns';

/**
 * The weekends between `from` and `to` as [start, end) instants: Saturday
 * 00:00 to Monday 00:00 on the wall clock of `timeZone`, so a weekend with a
 * change of daylight saving time lasts 47 or 49 hours. Clipped to the range.
 */
export function weekendRanges(
  from: number,
  to: number,
  timeZone: string,
): Array<readonly [number, number]> {
  if (!(to > from)) return [];
  const inZone = { in: tz(timeZone) };
  const ranges: Array<readonly [number, number]> = [];
  // Back to the Saturday at or before `from` (a range starting on Sunday starts mid-weekend).
  let day = startOfDay(from, inZone);
  const weekday = getDay(day);
  day = addDays(day, weekday === 0 ? -1 : 6 - weekday);
  for (let guard = 0; guard < 600 && day.getTime() < to; guard++) {
    const start = day.getTime();
    const end = addDays(day, 2).getTime();
    if (end > from) ranges.push([Math.max(start, from), Math.min(end, to)]);
    day = addDays(day, 7);
  }
  return ranges;
}
