import { TZDate, tz } from '@date-fns/tz';
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

/**
 * The days off between `from` and `to`: weekends and the given holidays
 * (YYYY-MM-DD, whole days on the wall clock of `timeZone`), merged so a
 * holiday on a Friday or a Monday makes one longer span, clipped to the range.
 */
export function daysOffRanges(
  from: number,
  to: number,
  timeZone: string,
  holidays: readonly string[] = [],
): Array<readonly [number, number]> {
  const ranges = [...weekendRanges(from, to, timeZone)];
  for (const holiday of holidays) {
    const [year = 0, month = 1, date = 1] = holiday.split('-').map(Number);
    const start = new TZDate(year, month - 1, date, timeZone);
    const end = addDays(start, 1).getTime();
    if (end > from && start.getTime() < to)
      ranges.push([Math.max(start.getTime(), from), Math.min(end, to)]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<readonly [number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1])
      merged[merged.length - 1] = [last[0], Math.max(last[1], range[1])];
    else merged.push(range);
  }
  return merged;
}
