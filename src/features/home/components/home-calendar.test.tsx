import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HolidayDays } from '../../../../contracts/calendar.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { birthdaysQuery, calendarYears, holidaysQuery } from '../../../api/calendar/queries.ts';
import { currentUserQuery } from '../../../api/session/queries.ts';
import { activateLocale, type Locale } from '../../../lib/i18n.ts';
import { testSignedIn } from '../../../lib/test-users.ts';
import { renderScreen } from '../../../ui/test-support.tsx';
import { HomeCalendar } from './home-calendar.tsx';

/** Monday 21 December 2026, mid-morning on the reader's clock. */
const NOW = new Date(2026, 11, 21, 10, 0);

/** Someone who may list users, so sees their birthdays (docs/calendar.md). */
const me: SignedInUser = testSignedIn('me', 1, ['user.list'], {
  firstName: 'Me',
  group: { id: 1, name: 'Admins' },
  role: 'admin',
  confirmed: true,
});

const birthdays: HolidayDays = [
  { date: '2026-12-22', name: 'Freja Holm', birthday: true, userId: 'u-freja' },
  { date: '2026-12-28', name: 'Mads Lund', birthday: true, userId: 'u-mads' },
  { date: '2026-12-29', name: 'Ida Berg', birthday: true, userId: 'u-ida' },
];

const calendars = {
  en: {
    holidays: [
      { date: '2026-12-24', name: 'Christmas Eve', birthday: false },
      { date: '2026-12-31', name: "New Year's Eve", birthday: false },
    ],
    birthday: (name: string) => `${name}'s birthday`,
    monday: { short: 'Mo', full: 'Monday' },
    sunday: 'Sunday',
    tomorrow: 'tomorrow',
    inThreeDays: 'in 3 days',
    inSevenDays: 'in 7 days',
    inEightDays: '29 December',
    inTenDays: '31 December',
  },
  da: {
    holidays: [
      { date: '2026-12-24', name: 'Juleaftensdag', birthday: false },
      { date: '2026-12-31', name: 'Nytårsaftensdag', birthday: false },
    ],
    birthday: (name: string) => `Fødselsdag: ${name}`,
    monday: { short: 'ma', full: 'mandag' },
    sunday: 'søndag',
    tomorrow: 'i morgen',
    inThreeDays: 'om 3 dage',
    inSevenDays: 'om 7 dage',
    inEightDays: '29. december',
    inTenDays: '31. december',
  },
} satisfies Record<Locale, unknown>;

/** The calendar on the home page at NOW, its holidays and birthdays already read. */
async function showCalendar(language: Locale) {
  await act(() => activateLocale(language));
  // Nothing is asked of the server: what is seeded stays fresh.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const years = calendarYears(NOW);
  client.setQueryData(currentUserQuery().queryKey, me);
  client.setQueryData(holidaysQuery(...years, language).queryKey, calendars[language].holidays);
  client.setQueryData(birthdaysQuery(...years, language).queryKey, birthdays);
  renderScreen(<HomeCalendar />, client);
}

/** When the list of what comes up says a day named `name` is. */
const whenIs = (name: string) =>
  screen.getByText(name).closest('li')?.querySelector('time')?.textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe.each(['en', 'da'] as const)('the home calendar in %s', (language) => {
  const calendar = calendars[language];

  it('starts its weeks on Monday', async () => {
    await showCalendar(language);
    const headers = screen.getAllByRole('columnheader');
    expect(headers).toHaveLength(7);
    expect(headers[0]?.textContent).toBe(calendar.monday.short);
    expect(headers[0]?.getAttribute('abbr')).toBe(calendar.monday.full);
    expect(headers[6]?.getAttribute('abbr')).toBe(calendar.sunday);
    // December 2026 begins on a Tuesday: its first week opens with Monday 30 November.
    expect(document.querySelector('tbody td')?.getAttribute('data-date')).toBe('2026-11-30');
  });

  it('says a birthday tomorrow in words', async () => {
    await showCalendar(language);
    expect(whenIs(calendar.birthday('Freja Holm'))).toBe(calendar.tomorrow);
  });

  it('says a holiday in 3 days in words', async () => {
    await showCalendar(language);
    expect(whenIs(calendar.holidays[0]?.name ?? '')).toBe(calendar.inThreeDays);
  });

  it('uses words up to 7 days ahead and the date beyond', async () => {
    await showCalendar(language);
    expect(whenIs(calendar.birthday('Mads Lund'))).toBe(calendar.inSevenDays);
    expect(whenIs(calendar.birthday('Ida Berg'))).toBe(calendar.inEightDays);
    expect(whenIs(calendar.holidays[1]?.name ?? '')).toBe(calendar.inTenDays);
  });
});
