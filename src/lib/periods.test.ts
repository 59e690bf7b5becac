import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { availablePeriods, periodUsesBuckets, periodWindow } from './periods.ts';

const utc = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const fixed = (from: string, to: string) => ({ kind: 'fixed', from: utc(from), to: utc(to) });

describe('period windows in the organisation time zone', () => {
  // The browser runs in a zone of its own, far from the organisations' below.
  let browserZone: string | undefined;
  beforeEach(() => {
    browserZone = process.env.TZ;
    process.env.TZ = 'Asia/Kolkata';
  });
  afterEach(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });

  it('starts today, yesterday and this week at local midnight in Copenhagen', () => {
    // Wednesday 25 November 2026, 15:30 in Copenhagen (UTC+1).
    const now = utc('2026-11-25T14:30:00Z');
    const zone = 'Europe/Copenhagen';
    expect(periodWindow(0, now, zone)).toEqual(
      fixed('2026-11-24T23:00:00Z', '2026-11-25T23:00:00Z'),
    );
    expect(periodWindow(1, now, zone)).toEqual(
      fixed('2026-11-23T23:00:00Z', '2026-11-24T23:00:00Z'),
    );
    // Monday 23 November, 00:00 local.
    expect(periodWindow(2, now, zone)).toEqual(
      fixed('2026-11-22T23:00:00Z', '2026-11-25T23:00:00Z'),
    );
  });

  it('gives the spring-forward day 23 hours and the fall-back day 25 in Copenhagen', () => {
    const zone = 'Europe/Copenhagen';
    // Sunday 29 March 2026: clocks go from 02:00 to 03:00.
    const spring = periodWindow(0, utc('2026-03-29T13:00:00Z'), zone);
    expect(spring).toEqual(fixed('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z'));
    expect(spring.kind === 'fixed' && spring.to - spring.from).toBe(23 * HOUR);
    // The day after: yesterday is that short day; the week began before the change.
    expect(periodWindow(1, utc('2026-03-30T08:00:00Z'), zone)).toEqual(spring);
    expect(periodWindow(2, utc('2026-03-29T13:00:00Z'), zone)).toEqual(
      fixed('2026-03-22T23:00:00Z', '2026-03-29T22:00:00Z'),
    );
    // Sunday 25 October 2026: clocks go from 03:00 back to 02:00.
    const autumn = periodWindow(0, utc('2026-10-25T01:30:00Z'), zone);
    expect(autumn).toEqual(fixed('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z'));
    expect(autumn.kind === 'fixed' && autumn.to - autumn.from).toBe(25 * HOUR);
  });

  it('follows the organisation zone, not the browser one, where the dates differ', () => {
    // 03:30 UTC on Wednesday 25 November: still Tuesday evening in New York,
    // Wednesday afternoon in Auckland, Wednesday morning for the browser.
    const now = utc('2026-11-25T03:30:00Z');
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).not.toBe('America/New_York');
    expect(periodWindow(0, now, 'America/New_York')).toEqual(
      fixed('2026-11-24T05:00:00Z', '2026-11-25T05:00:00Z'),
    );
    expect(periodWindow(2, now, 'America/New_York')).toEqual(
      fixed('2026-11-23T05:00:00Z', '2026-11-25T05:00:00Z'),
    );
    expect(periodWindow(0, now, 'Pacific/Auckland')).toEqual(
      fixed('2026-11-24T11:00:00Z', '2026-11-25T11:00:00Z'),
    );
  });

  it('moves today on at local midnight, not a moment before or after', () => {
    const zone = 'Europe/Copenhagen';
    const wednesday = fixed('2026-11-24T23:00:00Z', '2026-11-25T23:00:00Z');
    const thursday = fixed('2026-11-25T23:00:00Z', '2026-11-26T23:00:00Z');
    expect(periodWindow(0, utc('2026-11-25T10:00:00Z'), zone)).toEqual(wednesday);
    expect(periodWindow(0, utc('2026-11-25T22:59:59.999Z'), zone)).toEqual(wednesday);
    expect(periodWindow(0, utc('2026-11-25T23:00:00Z'), zone)).toEqual(thursday);
    // Back in time (a refresh with an older clock) and in another zone at the same moment.
    expect(periodWindow(0, utc('2026-11-24T23:00:00Z'), zone)).toEqual(wednesday);
    expect(periodWindow(0, utc('2026-11-25T23:00:00Z'), 'UTC')).toEqual(
      fixed('2026-11-25T00:00:00Z', '2026-11-26T00:00:00Z'),
    );
  });

  it('slides the last-N periods with the clock, whatever the zone', () => {
    const now = utc('2026-11-25T14:30:00Z');
    expect(periodWindow(3, now, 'UTC')).toEqual({ kind: 'sliding', durationMs: 7 * 86_400_000 });
    expect(periodWindow(4, now, 'UTC')).toEqual({ kind: 'sliding', durationMs: 30 * 86_400_000 });
    expect(periodWindow(5, now, 'UTC')).toEqual({ kind: 'sliding', durationMs: 90 * 86_400_000 });
    expect(periodWindow(7, now, 'UTC')).toEqual({ kind: 'sliding', durationMs: 60_000 });
    expect(periodWindow(11, now, 'UTC')).toEqual({ kind: 'sliding', durationMs: 3_600_000 });
  });
});

describe('periods', () => {
  it('offers the live periods only with live data on', () => {
    expect(availablePeriods(false).some((p) => p.live)).toBe(false);
    expect(
      availablePeriods(true)
        .filter((p) => p.live)
        .map((p) => p.menuId),
    ).toEqual([7, 8, 9, 10, 11, 12]);
  });

  it('draws the periods of several days from buckets, the shorter ones from raw points', () => {
    expect([2, 3, 4, 5].every(periodUsesBuckets)).toBe(true);
    expect([0, 1, 7, 8, 9, 10, 11, 12].some(periodUsesBuckets)).toBe(false);
  });
});
