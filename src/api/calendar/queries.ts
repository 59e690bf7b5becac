import { queryOptions } from '@tanstack/react-query';
import { calendarPath, type HolidayDays } from '../../../contracts/calendar.ts';
import type { Language } from '../../../contracts/user.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { userKeys } from '../users/keys.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Holidays have a root of their own; birthdays are a view of the user list,
 * so they sit in its family and a change to a user (a new birthday, a user
 * added or removed) refreshes them with the lists.
 */
export const calendarKeys = {
  all: ['calendar'] as const,
  holidays: (fromYear: number, toYear: number, language: Language) =>
    [...calendarKeys.all, 'holidays', fromYear, toYear, language] as const,
  birthdays: (fromYear: number, toYear: number, language: Language) =>
    [...userKeys.lists(), 'birthdays', fromYear, toYear, language] as const,
};

/** The years the calendar shows (spec §9): last, this and next year, by the reader's clock. */
export function calendarYears(now: Date): [fromYear: number, toYear: number] {
  const year = now.getFullYear();
  return [year - 1, year + 1];
}

/** The path after the core service's base (`/api`) of a calendar service. */
const servicePath = (...args: Parameters<typeof calendarPath>) =>
  calendarPath(...args).replace(/^\/api/, '');

/**
 * The public holidays of the user's organisation's country in the years
 * asked (GET /v2/holidays), by date. They do not change: read once a day,
 * as the server lets the browser keep them.
 */
export const holidaysQuery = (fromYear: number, toYear: number, language: Language) =>
  queryOptions({
    queryKey: calendarKeys.holidays(fromYear, toYear, language),
    queryFn: ({ signal }) =>
      apiRequest<HolidayDays>('core', servicePath('holidays', fromYear, toYear, language), {
        signal,
      }),
    staleTime: DAY,
  });

/**
 * The birthdays of the people the user may see in the years asked (GET
 * /v2/annual), one day per person and year, by date.
 */
export const birthdaysQuery = (fromYear: number, toYear: number, language: Language) =>
  queryOptions({
    queryKey: calendarKeys.birthdays(fromYear, toYear, language),
    queryFn: ({ signal }) =>
      apiRequest<HolidayDays>('core', servicePath('annual', fromYear, toYear, language), {
        signal,
      }),
  });
