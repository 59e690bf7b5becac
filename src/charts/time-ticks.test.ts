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

  it('puts ticks on whole steps in the local time zone, within the range', () => {
    const from = Date.UTC(2026, 10, 22, 9, 7);
    const ticks = timeTicks(from, from + 30 * MINUTE, 1000, 60);
    expect(ticks.map((t) => new Date(t).getUTCMinutes())).toEqual([10, 20, 30]);
    const days = timeTicks(Date.UTC(2026, 10, 20, 12), Date.UTC(2026, 10, 24, 12), 1000, 60);
    // Local midnight in UTC+1 is 23:00 UTC.
    expect(days.map((t) => new Date(t).getUTCHours())).toEqual([23, 23, 23, 23]);
    expect(timeTicks(10, 5, 1000)).toEqual([]);
  });
});
