import Holidays from 'date-holidays';
import type { HolidayDay } from '../../contracts/calendar.ts';
import type { Language } from '../../contracts/user.ts';
import { countryCode } from '../lib/country.ts';
import { sortDays, yearsOf, yearText, type YearSpan } from './days.ts';

/** The country of an organisation without one, or with one date-holidays does not know. */
export const DEFAULT_COUNTRY = 'DK';

/**
 * Days off beyond the public holidays: Christmas Eve and New Year's Eve are
 * not public holidays in Denmark (date-holidays lists 24 December as an
 * observance and 31 December not at all), but Danish workplaces, like most
 * in the Nordic countries and Germany, close on them. They are shown in
 * every country, named as date-holidays names that day when it lists it.
 */
const EXTRA_DAYS_OFF: readonly { monthDay: string; names: Record<Language, string> }[] = [
  { monthDay: '12-24', names: { da: 'Juleaftensdag', en: 'Christmas Eve' } },
  { monthDay: '12-31', names: { da: 'Nytårsaftensdag', en: "New Year's Eve" } },
];

/** Holidays do not change: each (country, year, language) is worked out once, up to this many. */
const CACHE_MAX = 2000;
const cache = new Map<string, readonly HolidayDay[]>();
const calendars = new Map<string, Holidays>();
let supported: ReadonlySet<string> | undefined;

/**
 * The country whose holidays an organisation gets: its ISO code (a country
 * stored by name before codes were kept counts too), or Denmark when it has
 * none or date-holidays does not know it.
 */
export function holidayCountry(country: string | null): string {
  supported ??= new Set(Object.keys(new Holidays().getCountries()));
  const code = country === null ? null : countryCode(country);
  return code !== null && supported.has(code) ? code : DEFAULT_COUNTRY;
}

/** The public holidays (and the extra days off) of a country in the years of a span, by date. */
export function publicHolidays(country: string, span: YearSpan, language: Language): HolidayDay[] {
  const days = yearsOf(span).flatMap((year) => holidaysOfYear(country, year, language));
  return sortDays(days, language);
}

function holidaysOfYear(country: string, year: number, language: Language): readonly HolidayDay[] {
  const key = `${country}/${year}/${language}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const days = workOut(country, year, language);
  // Insertion order: the oldest entry goes first.
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value ?? key);
  cache.set(key, days);
  return days;
}

function workOut(country: string, year: number, language: Language): readonly HolidayDay[] {
  let calendar = calendars.get(country);
  if (!calendar) {
    calendar = new Holidays(country);
    calendars.set(country, calendar);
  }
  const prefix = `${yearText(year)}-`;
  // `date` is 'YYYY-MM-DD hh:mm:ss' in the country's own time: its date part is the day.
  const listed = calendar
    .getHolidays(year, language)
    .filter((holiday) => holiday.date.startsWith(prefix));
  const days: HolidayDay[] = listed
    .filter((holiday) => holiday.type === 'public')
    .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name, birthday: false }));
  for (const extra of EXTRA_DAYS_OFF) {
    const date = prefix + extra.monthDay;
    // A day that is a public holiday already (or a substitute for one) is not added twice.
    if (days.some((day) => day.date === date)) continue;
    const named = listed.find((holiday) => holiday.rule.startsWith(extra.monthDay));
    days.push({ date, name: named?.name ?? extra.names[language], birthday: false });
  }
  return Object.freeze(days);
}
