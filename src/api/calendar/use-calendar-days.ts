import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { HolidayDay } from '../../../contracts/calendar.ts';
import type { Language } from '../../../contracts/user.ts';
import { hasPrivilege } from '../../lib/current-user.ts';
import { currentUserQuery } from '../session/queries.ts';
import { birthdaysQuery, calendarYears, holidaysQuery } from './queries.ts';

export interface CalendarDays {
  /** Holidays and birthdays of last, this and next year, by date then name. */
  days: readonly HolidayDay[];
  /** The days by date (YYYY-MM-DD). */
  byDate: ReadonlyMap<string, readonly HolidayDay[]>;
  loading: boolean;
  /** Neither service answered (one failing leaves the other's days). */
  error: Error | null;
}

/**
 * The calendar's days (spec §7 holidays and annual services, §9: last,
 * current and next year) in the user's language: public holidays and the
 * birthdays of the people the user may see.
 */
export function useCalendarDays(language: Language, now: Date = new Date()): CalendarDays {
  const [fromYear, toYear] = calendarYears(now);
  const holidays = useQuery(holidaysQuery(fromYear, toYear, language));
  // Birthdays are of the people the user may list (docs/calendar.md); others see holidays only.
  const me = useQuery(currentUserQuery());
  const seesPeople = hasPrivilege(me.data, 'user.list');
  const birthdays = useQuery({
    ...birthdaysQuery(fromYear, toYear, language),
    enabled: seesPeople,
  });
  return useMemo(() => {
    const days = [...(holidays.data ?? []), ...(birthdays.data ?? [])].sort(byDateThenName);
    const byDate = new Map<string, HolidayDay[]>();
    for (const day of days) byDate.set(day.date, [...(byDate.get(day.date) ?? []), day]);
    return {
      days,
      byDate,
      loading: holidays.isPending || (seesPeople && birthdays.isPending),
      error: holidays.error && (birthdays.error || !seesPeople) ? holidays.error : null,
    };
  }, [
    holidays.data,
    birthdays.data,
    holidays.isPending,
    birthdays.isPending,
    holidays.error,
    birthdays.error,
    seesPeople,
  ]);
}

/** Names in the user's alphabet; one collator, as making one per comparison is slow. */
const names = new Intl.Collator();

/** Dates as YYYY-MM-DD compare as text; names of one day by the alphabet. */
function byDateThenName(a: HolidayDay, b: HolidayDay): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return names.compare(a.name, b.name);
}

const NONE: readonly string[] = [];
const holidayDates = (days: readonly HolidayDay[]) => days.map((day) => day.date);

/**
 * The public holidays of last, this and next year (YYYY-MM-DD), for charts to
 * shade; none while `wanted` is false (a chart of a day or less shades none).
 */
export function useHolidayDates(language: Language, wanted = true): readonly string[] {
  const [fromYear, toYear] = calendarYears(new Date());
  const holidays = useQuery({
    ...holidaysQuery(fromYear, toYear, language),
    enabled: wanted,
    select: holidayDates,
  });
  return holidays.data ?? NONE;
}
