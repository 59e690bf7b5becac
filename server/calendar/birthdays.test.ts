import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { HolidayDays } from '../../contracts/calendar.ts';
import { birthdayDays, birthdayIn } from './birthdays.ts';

describe('birthdays', () => {
  const person = {
    uuid: 'c0ffee00-0000-4000-8000-000000000001',
    first_name: 'Arne',
    last_name: 'Test',
    username: 'arne',
    birthday: '1988-02-29',
    active: true,
  };

  it('fall on 28 February outside leap years', () => {
    expect(birthdayIn(2027, '1988-02-29')).toBe('2027-02-28');
    expect(birthdayIn(2028, '1988-02-29')).toBe('2028-02-29');
    expect(birthdayIn(2100, '1988-02-29')).toBe('2100-02-28');
    expect(birthdayIn(2000, '1988-02-29')).toBe('2000-02-29');
    expect(birthdayIn(2026, '1990-06-14')).toBe('2026-06-14');
  });

  it('are named by the person, in each year, for active people with a birthday only', () => {
    const days = birthdayDays(
      [
        person,
        { ...person, uuid: 'b', first_name: '', last_name: '', username: 'nameless' },
        { ...person, uuid: 'c', birthday: null },
        { ...person, uuid: 'd', active: false },
      ],
      { from: 2027, to: 2028 },
      'da',
    );
    expect(Value.Check(HolidayDays, days)).toBe(true);
    expect(days).toEqual([
      { date: '2027-02-28', name: 'Arne Test', birthday: true, userId: person.uuid },
      { date: '2027-02-28', name: 'nameless', birthday: true, userId: 'b' },
      { date: '2028-02-29', name: 'Arne Test', birthday: true, userId: person.uuid },
      { date: '2028-02-29', name: 'nameless', birthday: true, userId: 'b' },
    ]);
  });
});
