import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

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

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Minutes of each live period (spec §3: 7 last minute … 11 last hour, 12 last 6 hours). */
const livePeriodMinutes: Record<number, number> = { 7: 1, 8: 5, 9: 10, 10: 30, 11: 60, 12: 360 };

/** What a chart shows for a period: a window that slides with the clock, or fixed times. */
export type PeriodWindow =
  { kind: 'sliding'; durationMs: number } | { kind: 'fixed'; from: number; to: number };

function localMidnight(ms: number): number {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

function addLocalDays(ms: number, days: number): number {
  const date = new Date(ms);
  date.setDate(date.getDate() + days);
  return date.getTime();
}

/**
 * The time window of a period in the browser's time zone: today and
 * yesterday are whole local days, this week starts on Monday, the "last N
 * days" periods end now, and the live periods slide with the clock.
 */
export function periodWindow(menuId: number, now: number): PeriodWindow {
  const live = livePeriodMinutes[menuId];
  if (live !== undefined) return { kind: 'sliding', durationMs: live * MINUTE };
  const today = localMidnight(now);
  switch (menuId) {
    case 0:
      return { kind: 'fixed', from: today, to: addLocalDays(today, 1) };
    case 1:
      return { kind: 'fixed', from: addLocalDays(today, -1), to: today };
    case 2: {
      const weekday = (new Date(today).getDay() + 6) % 7;
      return { kind: 'fixed', from: addLocalDays(today, -weekday), to: addLocalDays(today, 1) };
    }
    case 4:
      return { kind: 'sliding', durationMs: 30 * DAY };
    case 5:
      return { kind: 'sliding', durationMs: 90 * DAY };
    default:
      return { kind: 'sliding', durationMs: 7 * DAY };
  }
}
