import { Type, type Static } from 'typebox';
import { Language } from './user.ts';

/**
 * One day of the calendar (spec §3 Holiday day): a public holiday of the
 * caller's organisation's country, or a colleague's birthday.
 */
export const HolidayDay = Type.Object({
  /** The day, YYYY-MM-DD (a calendar date, no time zone). */
  date: Type.String({ format: 'date' }),
  /** The holiday's name in the asked language, or the person's name. */
  name: Type.String(),
  birthday: Type.Boolean(),
  /** The person whose birthday it is (birthdays only). */
  userId: Type.Optional(Type.String()),
});
export type HolidayDay = Static<typeof HolidayDay>;

export const HolidayDays = Type.Array(HolidayDay);
export type HolidayDays = Static<typeof HolidayDays>;

/** The most years one calendar read covers (the console asks for three: last, this and next). */
export const CALENDAR_YEARS_MAX = 5;

/**
 * The path of both calendar services (spec §7):
 * `GET /api/v2/holidays/{fromYear}-01-01/{toYear}-12-31/{language}` and the
 * same under `/api/v2/annual/` for birthdays.
 */
export const CalendarParams = Type.Object(
  {
    from: Type.String({ pattern: '^[0-9]{4}-01-01$' }),
    to: Type.String({ pattern: '^[0-9]{4}-12-31$' }),
    language: Language,
  },
  { additionalProperties: false },
);
export type CalendarParams = Static<typeof CalendarParams>;

/** The path for the years `fromYear` to `toYear` of one service. */
export const calendarPath = (
  service: 'holidays' | 'annual',
  fromYear: number,
  toYear: number,
  language: Language,
): string => `/api/v2/${service}/${fromYear}-01-01/${toYear}-12-31/${language}`;
