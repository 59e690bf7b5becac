import { tz } from '@date-fns/tz';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { addDays, startOfDay, startOfWeek } from 'date-fns';

/**
 * The period menu of spec §3: menuId, label and display granularity
 * (timeType 0 minutely, 1 hourly, 2 daily). 6 is the custom from/to period;
 * 7 to 12 are live periods, offered only when live data is on.
 */
export interface PeriodOption {
  menuId: number;
  label: MessageDescriptor;
  timeType: 0 | 1 | 2;
  live: boolean;
}

export const periodOptions: readonly PeriodOption[] = [
  { menuId: 0, label: msg`Today`, timeType: 1, live: false },
  { menuId: 1, label: msg`Yesterday`, timeType: 1, live: false },
  { menuId: 2, label: msg`This week`, timeType: 2, live: false },
  { menuId: 3, label: msg`Last 7 days`, timeType: 2, live: false },
  { menuId: 4, label: msg`Last 30 days`, timeType: 2, live: false },
  { menuId: 5, label: msg`Last 90 days`, timeType: 2, live: false },
  { menuId: 6, label: msg`Custom period`, timeType: 2, live: false },
  { menuId: 7, label: msg`Last minute`, timeType: 0, live: true },
  { menuId: 8, label: msg`Last 5 minutes`, timeType: 0, live: true },
  { menuId: 9, label: msg`Last 10 minutes`, timeType: 0, live: true },
  { menuId: 10, label: msg`Last 30 minutes`, timeType: 0, live: true },
  { menuId: 11, label: msg`Last hour`, timeType: 0, live: true },
  { menuId: 12, label: msg`Last 6 hours`, timeType: 1, live: true },
];

/** The periods a menu offers: the live ones only with live data on. */
export function availablePeriods(liveData: boolean): readonly PeriodOption[] {
  return periodOptions.filter((option) => liveData || !option.live);
}

export function periodOption(menuId: number): PeriodOption | undefined {
  return periodOptions.find((option) => option.menuId === menuId);
}

/**
 * Whether a period is drawn from aggregated buckets: those of several days
 * (display granularity 2). Shorter ones are drawn from the raw points.
 */
export function periodUsesBuckets(menuId: number): boolean {
  return periodOption(menuId)?.timeType === 2;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Minutes of each live period (spec §3: 7 last minute … 11 last hour, 12 last 6 hours). */
const livePeriodMinutes: Record<number, number> = { 7: 1, 8: 5, 9: 10, 10: 30, 11: 60, 12: 360 };

/** What a chart shows for a period: a window that slides with the clock, or fixed times. */
export type PeriodWindow =
  { kind: 'sliding'; durationMs: number } | { kind: 'fixed'; from: number; to: number };

/**
 * The time window of a period in the organisation's time zone (`timeZone`,
 * IANA): today and yesterday are whole local days from local midnight, this
 * week starts at local midnight on Monday, and a day lasts 23 or 25 hours
 * when daylight saving time begins or ends; the "last N days" periods end
 * now, and the live periods slide with the clock.
 */
export function periodWindow(menuId: number, now: number, timeZone: string): PeriodWindow {
  const live = livePeriodMinutes[menuId];
  if (live !== undefined) return { kind: 'sliding', durationMs: live * MINUTE };
  const today = startOfDay(now, { in: tz(timeZone) });
  const fixed = (from: Date, to: Date): PeriodWindow => ({
    kind: 'fixed',
    from: from.getTime(),
    to: to.getTime(),
  });
  switch (menuId) {
    case 0:
      return fixed(today, addDays(today, 1));
    case 1:
      return fixed(addDays(today, -1), today);
    case 2:
      return fixed(startOfWeek(today, { weekStartsOn: 1 }), addDays(today, 1));
    case 4:
      return { kind: 'sliding', durationMs: 30 * DAY };
    case 5:
      return { kind: 'sliding', durationMs: 90 * DAY };
    default:
      return { kind: 'sliding', durationMs: 7 * DAY };
  }
}
