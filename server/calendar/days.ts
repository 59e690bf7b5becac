import {
  CALENDAR_YEARS_MAX,
  type CalendarParams,
  type HolidayDay,
} from '../../contracts/calendar.ts';
import type { Language } from '../../contracts/user.ts';
import { HttpError } from '../lib/http-error.ts';

/** The years one calendar read covers, first and last included. */
export interface YearSpan {
  from: number;
  to: number;
}

/**
 * The first year served: date-holidays reads a year below 100 as 19xx (and
 * 0 as this year), so early years would answer days of the wrong century.
 */
export const FIRST_YEAR = 1000;

/**
 * The years of a calendar path (`2025-01-01` to `2027-12-31`), or a 400 that
 * says what is wrong: the schema has already checked the dates' shape.
 */
export function yearSpan(params: Pick<CalendarParams, 'from' | 'to'>): YearSpan {
  const from = Number(params.from.slice(0, 4));
  const to = Number(params.to.slice(0, 4));
  if (to < from) {
    throw new HttpError(400, `The calendar ends (${to}) before it starts (${from})`);
  }
  if (to - from + 1 > CALENDAR_YEARS_MAX) {
    throw new HttpError(
      400,
      `A calendar read covers at most ${CALENDAR_YEARS_MAX} years; ${from} to ${to} is ${to - from + 1}`,
    );
  }
  if (from < FIRST_YEAR) {
    throw new HttpError(400, `The calendar starts in the year ${FIRST_YEAR} at the earliest`);
  }
  return { from, to };
}

/** Every year of a span, in order. */
export const yearsOf = (span: YearSpan): number[] =>
  Array.from({ length: span.to - span.from + 1 }, (_, i) => span.from + i);

/** A year as the four digits it has in a YYYY-MM-DD date. */
export const yearText = (year: number): string => String(year).padStart(4, '0');

/** Days by date, then by name in the reader's language (the order of the answer). */
export function sortDays<T extends HolidayDay>(days: T[], language: Language): T[] {
  return days.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.name.localeCompare(b.name, language),
  );
}
