import { describe, expect, it } from 'vitest';
import { tickStep, timeTicks } from './time-ticks.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('time ticks', () => {
  it('ticks every minute up to 15 minutes, then 10, 15, 30, 45 and 60 minute steps', () => {
    expect(tickStep(5 * MINUTE, 1000)).toBe(MINUTE);
    expect(tickStep(15 * MINUTE, 1000)).toBe(MINUTE);
    expect(tickStep(30 * MINUTE, 1000)).toBe(10 * MINUTE);
    expect(tickStep(80 * MINUTE, 1000)).toBe(15 * MINUTE);
    expect(tickStep(150 * MINUTE, 1000)).toBe(30 * MINUTE);
    expect(tickStep(240 * MINUTE, 1000)).toBe(45 * MINUTE);
    expect(tickStep(6 * HOUR, 1000)).toBe(HOUR);
  });

  it('takes larger hour and day steps on a narrow screen', () => {
    expect(tickStep(24 * HOUR, 1000)).toBe(3 * HOUR);
    expect(tickStep(24 * HOUR, 400)).toBe(6 * HOUR);
    expect(tickStep(7 * DAY, 1000)).toBe(DAY);
    expect(tickStep(7 * DAY, 400)).toBe(2 * DAY);
    expect(tickStep(90 * DAY, 1000)).toBe(7 * DAY);
  });

  it('puts ticks on whole steps in the given time zone, within the range', () => {
    const from = Date.UTC(2026, 10, 22, 9, 7);
    const ticks = timeTicks(from, from + 30 * MINUTE, 1000, 'Europe/Copenhagen');
    expect(ticks.map((t) => new Date(t).getUTCMinutes())).toEqual([10, 20, 30]);
    const days = timeTicks(
      Date.UTC(2026, 10, 20, 12),
      Date.UTC(2026, 10, 24, 12),
      1000,
      'Europe/Copenhagen',
    );
    // Local midnight in Copenhagen in winter (UTC+1) is 23:00 UTC.
    expect(days.map((t) => new Date(t).getUTCHours())).toEqual([23, 23, 23, 23]);
    // India is 5½ hours ahead: three-hour ticks at 00:00, 03:00… local.
    const india = timeTicks(Date.UTC(2026, 10, 20), Date.UTC(2026, 10, 21), 1000, 'Asia/Kolkata');
    expect(new Date(india[0] ?? 0).toISOString()).toBe('2026-11-20T00:30:00.000Z');
    expect(timeTicks(10, 5, 1000)).toEqual([]);
  });

  it('keeps day ticks on local midnight across a change of daylight saving time', () => {
    // 30 days over the end of summer time in Copenhagen (25 October 2026).
    const to = Date.UTC(2026, 10, 10, 12);
    const ticks = timeTicks(to - 30 * DAY, to, 1000, 'Europe/Copenhagen');
    const local = ticks.map((t) =>
      new Date(t).toLocaleString('en-GB', { timeZone: 'Europe/Copenhagen', hour12: false }),
    );
    expect(local.every((text) => text.endsWith('00:00:00'))).toBe(true);
    expect(ticks.map((t) => new Date(t).getUTCHours())).toContain(22);
    expect(ticks.map((t) => new Date(t).getUTCHours())).toContain(23);
    // Every third day, whatever the length of the days between.
    expect(new Set(ticks.slice(1).map((t, i) => Math.round((t - (ticks[i] ?? 0)) / DAY)))).toEqual(
      new Set([3]),
    );
  });

  it('keeps six-hour ticks on the local clock on the spring-forward day', () => {
    const from = Date.UTC(2026, 2, 28, 23); // 00:00 in Copenhagen, 29 March
    const ticks = timeTicks(from, from + 23 * HOUR, 400, 'Europe/Copenhagen');
    const hours = ticks.map((t) =>
      new Date(t).toLocaleString('en-GB', { timeZone: 'Europe/Copenhagen', hour: '2-digit' }),
    );
    expect(hours).toEqual(['00', '06', '12', '18', '00']);
  });
});
