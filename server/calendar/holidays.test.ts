import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { HolidayDays } from '../../contracts/calendar.ts';
import { DEFAULT_COUNTRY, holidayCountry, publicHolidays } from './holidays.ts';

const year2026 = { from: 2026, to: 2026 };
const nameOn = (days: HolidayDays, date: string) =>
  days.filter((day) => day.date === date).map((day) => day.name);

describe('public holidays', () => {
  it('are the Danish public holidays of 2026 in Danish, with Christmas Eve and New Year’s Eve', () => {
    const days = publicHolidays('DK', year2026, 'da');
    expect(Value.Check(HolidayDays, days)).toBe(true);
    expect(days.every((day) => !day.birthday && day.userId === undefined)).toBe(true);
    expect(days.map((day) => `${day.date} ${day.name}`)).toEqual([
      '2026-01-01 Nytårsdag',
      '2026-04-02 Skærtorsdag',
      '2026-04-03 Langfredag',
      '2026-04-05 Påskedag',
      '2026-04-06 Anden påskedag',
      '2026-05-14 Kristi Himmelfartsdag',
      '2026-05-24 Pinsedag',
      '2026-05-25 Anden Pinsedag',
      '2026-12-24 Juleaftensdag',
      '2026-12-25 Juledag',
      '2026-12-26 Anden Juledag',
      '2026-12-31 Nytårsaftensdag',
    ]);
  });

  it('are named in English when asked', () => {
    const days = publicHolidays('DK', year2026, 'en');
    expect(nameOn(days, '2026-12-25')).toEqual(['Christmas Day']);
    expect(nameOn(days, '2026-04-06')).toEqual(['Easter Monday']);
    expect(nameOn(days, '2026-12-24')).toEqual(['Christmas Eve']);
    expect(nameOn(days, '2026-12-31')).toEqual(["New Year's Eve"]);
  });

  it('leave out observances such as Constitution Day and Mother’s Day', () => {
    const dates = publicHolidays('DK', year2026, 'da').map((day) => day.date);
    expect(dates).not.toContain('2026-06-05');
    expect(dates).not.toContain('2026-05-10');
    expect(dates).not.toContain('2026-02-16');
  });

  it('cover every year asked, in date order', () => {
    const days = publicHolidays('DK', { from: 2025, to: 2027 }, 'da');
    expect(new Set(days.map((day) => day.date.slice(0, 4)))).toEqual(
      new Set(['2025', '2026', '2027']),
    );
    expect(nameOn(days, '2025-04-21')).toEqual(['Anden påskedag']);
    expect(nameOn(days, '2027-03-29')).toEqual(['Anden påskedag']);
    const dates = days.map((day) => day.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('follow the country, naming its own Christmas Eve', () => {
    const days = publicHolidays('DE', year2026, 'en');
    expect(nameOn(days, '2026-10-03')).toHaveLength(1); // German Unity Day
    expect(nameOn(days, '2026-04-02')).toEqual([]);
    expect(nameOn(days, '2026-12-24')).toEqual(['Christmas Eve']);
  });

  it('add no Christmas Eve where that day is a public holiday already', () => {
    // 25 December 2027 is a Saturday: the United States keep Friday the 24th instead.
    const days = publicHolidays('US', { from: 2027, to: 2027 }, 'en');
    expect(nameOn(days, '2027-12-24')).toHaveLength(1);
  });

  it('answer the same, and fresh arrays, when asked again', () => {
    const first = publicHolidays('DK', year2026, 'da');
    first.pop();
    expect(publicHolidays('DK', year2026, 'da')).toHaveLength(first.length + 1);
  });
});

describe('holiday country', () => {
  it('is the organisation’s country, by code or by a name kept from before codes', () => {
    expect(holidayCountry('SE')).toBe('SE');
    expect(holidayCountry('Germany')).toBe('DE');
    expect(holidayCountry('danmark')).toBe('DK');
  });

  it('is Denmark without a country or with one unknown', () => {
    expect(DEFAULT_COUNTRY).toBe('DK');
    expect(holidayCountry(null)).toBe('DK');
    expect(holidayCountry('')).toBe('DK');
    expect(holidayCountry('Atlantis')).toBe('DK');
    expect(holidayCountry('XX')).toBe('DK');
  });
});
