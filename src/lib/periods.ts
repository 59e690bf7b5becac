import { tz } from '@date-fns/tz';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { addDays, startOfDay, startOfWeek } from 'date-fns';
import {
  isOffered,
  periodChoices,
  type PeriodChoice,
  type PeriodMenuId,
} from '../../machines/periods.ts';

/**
 * The period menu of spec §3 as the console shows it: the machines' table
 * (menuId, display granularity, live) with each period's label.
 */
export interface PeriodOption extends PeriodChoice {
  label: MessageDescriptor;
}

const labels: Record<PeriodMenuId, MessageDescriptor> = {
  0: msg`Today`,
  1: msg`Yesterday`,
  2: msg`This week`,
  3: msg`Last 7 days`,
  4: msg`Last 30 days`,
  5: msg`Last 90 days`,
  6: msg`Custom period`,
  7: msg`Last minute`,
  8: msg`Last 5 minutes`,
  9: msg`Last 10 minutes`,
  10: msg`Last 30 minutes`,
  11: msg`Last hour`,
  12: msg`Last 6 hours`,
};

export const periodOptions: readonly PeriodOption[] = periodChoices.map((choice) => ({
  ...choice,
  label: labels[choice.menuId],
}));

/** The periods a menu offers: the live ones only with live data on. */
export function availablePeriods(liveData: boolean): readonly PeriodOption[] {
  return periodOptions.filter((option) => isOffered(option, liveData));
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
const unitMs = [MINUTE, 60 * MINUTE, DAY, DAY] as const;
/** Bars and slices: one per unit of the period's granularity, within reason. */
const MAX_BARS = 120;

/**
 * How many buckets bars and slices are read in: one per minute, hour or day
 * of the period (its display granularity, spec §3 timeType), at most 120.
 */
export function barBuckets(timeType: number, durationMs: number): number {
  const unit = unitMs[timeType] ?? DAY;
  // Three more than the whole units: the range's ends need not sit on a bucket's edge,
  // history widens the range by an hour each side, and the server widens the buckets
  // when asked for fewer than the range touches (server/history/plan.ts).
  return Math.min(MAX_BARS, Math.max(2, Math.round(durationMs / unit) + 3));
}

/** Whether a menu period's window depends on the time zone (today, yesterday, this week). */
export function periodNeedsTimeZone(menuId: number): boolean {
  return menuId === 0 || menuId === 1 || menuId === 2;
}

const midnights = new Map<string, { from: Date; to: number }>();

/**
 * The start of `now`'s day on the wall clock of `timeZone`. Computing it
 * with the zone's rules is slow (tens of time-zone lookups), and every graph
 * of a dashboard asks for the same day: the last day found per zone is kept.
 */
function localMidnight(now: number, timeZone: string): Date {
  const known = midnights.get(timeZone);
  if (known && now >= known.from.getTime() && now < known.to) return known.from;
  const from = startOfDay(now, { in: tz(timeZone) });
  midnights.set(timeZone, { from, to: addDays(from, 1).getTime() });
  return from;
}

export function periodWindow(menuId: number, now: number, timeZone: string): PeriodWindow {
  const live = livePeriodMinutes[menuId];
  if (live !== undefined) return { kind: 'sliding', durationMs: live * MINUTE };
  const fixed = (from: Date, to: Date): PeriodWindow => ({
    kind: 'fixed',
    from: from.getTime(),
    to: to.getTime(),
  });
  // Local midnight only for the periods that start at one.
  const today = () => localMidnight(now, timeZone);
  switch (menuId) {
    case 0: {
      const midnight = today();
      return fixed(midnight, addDays(midnight, 1));
    }
    case 1: {
      const midnight = today();
      return fixed(addDays(midnight, -1), midnight);
    }
    case 2: {
      const midnight = today();
      return fixed(startOfWeek(midnight, { weekStartsOn: 1 }), addDays(midnight, 1));
    }
    case 4:
      return { kind: 'sliding', durationMs: 30 * DAY };
    case 5:
      return { kind: 'sliding', durationMs: 90 * DAY };
    default:
      return { kind: 'sliding', durationMs: 7 * DAY };
  }
}
