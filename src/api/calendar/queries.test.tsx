import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HolidayDays } from '../../../contracts/calendar.ts';
import type { User } from '../../../contracts/user.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { isStale, renderHooks, testQueryClient } from '../../ui/test-support.tsx';
import { useUpdateUser } from '../users/mutations.ts';
import { birthdaysQuery, calendarYears, holidaysQuery } from './queries.ts';

vi.mock('../../lib/api-client.ts', () => ({ apiRequest: vi.fn() }));
const request = vi.mocked(apiRequest);

const christmas: HolidayDays = [{ date: '2026-12-25', name: 'Juledag', birthday: false }];

beforeEach(() => request.mockReset());

describe('calendar reads', () => {
  it('cover last, this and next year by the reader’s clock', () => {
    expect(calendarYears(new Date(2026, 0, 1, 0, 30))).toEqual([2025, 2027]);
    expect(calendarYears(new Date(2026, 11, 31, 23, 30))).toEqual([2025, 2027]);
  });

  it('ask the holidays and annual services for whole years in the language', async () => {
    request.mockResolvedValue(christmas);
    const client = testQueryClient();
    expect(await client.fetchQuery(holidaysQuery(2025, 2027, 'da'))).toEqual(christmas);
    await client.fetchQuery(birthdaysQuery(2025, 2027, 'en'));
    expect(request.mock.calls.map(([service, path]) => [service, path])).toEqual([
      ['core', '/v2/holidays/2025-01-01/2027-12-31/da'],
      ['core', '/v2/annual/2025-01-01/2027-12-31/en'],
    ]);
  });

  it('keep holidays for a day, one entry per years and language', () => {
    const holidays = holidaysQuery(2025, 2027, 'da');
    expect(holidays.staleTime).toBe(24 * 60 * 60 * 1000);
    expect(holidays.queryKey).not.toEqual(holidaysQuery(2025, 2027, 'en').queryKey);
    expect(holidays.queryKey).not.toEqual(birthdaysQuery(2025, 2027, 'da').queryKey);
  });

  it('refresh birthdays when a user is changed, and leave holidays be', async () => {
    const client = testQueryClient();
    const birthdays = birthdaysQuery(2025, 2027, 'da').queryKey;
    const holidays = holidaysQuery(2025, 2027, 'da').queryKey;
    client.setQueryData(birthdays, []);
    client.setQueryData(holidays, christmas);
    request.mockResolvedValue({ uuid: 'u1' } as User);
    const update = renderHooks(client, () => useUpdateUser());
    await act(() => update.mutateAsync({ uuid: 'u1', changes: { birthday: '1990-06-14' } }));
    expect(isStale(client, birthdays)).toBe(true);
    expect(isStale(client, holidays)).toBe(false);
  });
});
