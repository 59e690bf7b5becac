import { format, formatRelative, isValid, type Locale as DateLocale } from 'date-fns';
import { da, enGB } from 'date-fns/locale';

/** English weeks start on Monday too (enGB), as the spec asks. */
const locales: Record<'da' | 'en', DateLocale> = { da, en: enGB };

export const DATE_FORMAT = 'dd/MM/yyyy';
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm:ss';

/** DD/MM/YYYY. */
export function formatDate(value: Date | string | number): string {
  const date = new Date(value);
  return isValid(date) ? format(date, DATE_FORMAT) : '';
}

/**
 * A calendar day as the API gives it (YYYY-MM-DD), as DD/MM/YYYY: no time
 * zone is involved, so the day shown is the day stored.
 */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** DD/MM/YYYY HH:mm:ss, 24-hour. */
export function formatDateTime(value: Date | string | number): string {
  const date = new Date(value);
  return isValid(date) ? format(date, DATE_TIME_FORMAT) : '';
}

/** Within 7 days: relative wording ("i går kl. 14:05"); further away: DD/MM/YYYY. */
export function formatCalendarDate(
  value: Date | string | number,
  language: 'da' | 'en',
  now = new Date(),
): string {
  const date = new Date(value);
  if (!isValid(date)) return '';
  const days = Math.abs(date.getTime() - now.getTime()) / 86_400_000;
  return days < 7
    ? formatRelative(date, now, { locale: locales[language], weekStartsOn: 1 })
    : formatDate(date);
}

/** The days from `now`'s calendar day (local time) to a calendar day (YYYY-MM-DD). */
export function daysUntil(day: string, now = new Date()): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const then = Date.UTC(year, month - 1, date);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((then - today) / 86_400_000);
}

const relativeDays = new Map<'da' | 'en', Intl.RelativeTimeFormat>();

/**
 * A calendar day (YYYY-MM-DD) as the calendar says it (spec §9): in words
 * within 7 days ("i dag", "i morgen", "om 3 dage"; "today", "tomorrow",
 * "in 3 days"), further away as the date ("24. december"; with the year
 * when it is another year's).
 */
export function formatRelativeDay(day: string, language: 'da' | 'en', now = new Date()): string {
  const days = daysUntil(day, now);
  if (Math.abs(days) <= 7) {
    let words = relativeDays.get(language);
    if (!words) {
      words = new Intl.RelativeTimeFormat(language === 'da' ? 'da-DK' : 'en-GB', {
        numeric: 'auto',
      });
      relativeDays.set(language, words);
    }
    return words.format(days, 'day');
  }
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const shown = new Date(year, month - 1, date);
  const pattern = language === 'da' ? 'd. MMMM' : 'd MMMM';
  return format(shown, year === now.getFullYear() ? pattern : `${pattern} yyyy`, {
    locale: locales[language],
  });
}

/**
 * One number format per language and options: making an Intl.NumberFormat
 * costs far more than using one, and a wall of charts formats axis labels
 * every second.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: 'da' | 'en', options: Intl.NumberFormatOptions) {
  const key = `${language} ${JSON.stringify(options)}`;
  let shared = numberFormats.get(key);
  if (!shared) {
    shared = new Intl.NumberFormat(language === 'da' ? 'da-DK' : 'en-GB', options);
    numberFormats.set(key, shared);
  }
  return shared;
}

/** Numbers with a comma as decimal separator and the given number of decimals (2 in summaries, 3 in line tooltips). */
export function formatCount(value: number, decimals: number, language: 'da' | 'en' = 'da'): string {
  return numberFormat(language, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/**
 * A measured or typed number as its language writes it: a decimal comma in
 * Danish, as many decimals as it has, and none of a binary fraction's noise
 * (56.153620000000004 is 56,15362).
 */
export function formatNumber(value: number, language: 'da' | 'en' = 'da'): string {
  return numberFormat(language, { maximumSignificantDigits: 15 }).format(value);
}

/** A value on a chart's axis: at most 2 decimals, in the console's language (never the browser's). */
export function formatAxisValue(value: number, language: 'da' | 'en' = 'da'): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** Spec §9: counts in summary tooltips (bar, doughnut, pie) have 2 decimals. */
export const SUMMARY_DECIMALS = 2;
/** Spec §9: values in line tooltips have 3 decimals. */
export const LINE_DECIMALS = 3;

/** A count in a summary tooltip: 2 decimals, a decimal comma in Danish. */
export function formatSummaryCount(value: number, language: 'da' | 'en' = 'da'): string {
  return formatCount(value, SUMMARY_DECIMALS, language);
}

/** A value in a line tooltip: 3 decimals, a decimal comma in Danish. */
export function formatLineValue(value: number, language: 'da' | 'en' = 'da'): string {
  return formatCount(value, LINE_DECIMALS, language);
}
