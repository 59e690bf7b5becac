import { describe, expect, it } from 'vitest';
import { availablePeriods, periodWindow } from './periods.ts';

describe('period windows', () => {
  // A Wednesday afternoon, local time.
  const now = new Date(2026, 10, 25, 15, 30).getTime();

  it('gives today and yesterday as whole local days and this week from Monday', () => {
    expect(periodWindow(0, now)).toEqual({
      kind: 'fixed',
      from: new Date(2026, 10, 25).getTime(),
      to: new Date(2026, 10, 26).getTime(),
    });
    expect(periodWindow(1, now)).toEqual({
      kind: 'fixed',
      from: new Date(2026, 10, 24).getTime(),
      to: new Date(2026, 10, 25).getTime(),
    });
    const week = periodWindow(2, now);
    expect(week.kind === 'fixed' && new Date(week.from).getDay()).toBe(1);
    expect(week.kind === 'fixed' && new Date(week.from).getDate()).toBe(23);
  });

  it('slides the last-N periods with the clock', () => {
    expect(periodWindow(3, now)).toEqual({ kind: 'sliding', durationMs: 7 * 86_400_000 });
    expect(periodWindow(5, now)).toEqual({ kind: 'sliding', durationMs: 90 * 86_400_000 });
    expect(periodWindow(7, now)).toEqual({ kind: 'sliding', durationMs: 60_000 });
    expect(periodWindow(11, now)).toEqual({ kind: 'sliding', durationMs: 3_600_000 });
  });

  it('offers the live periods only with live data on', () => {
    expect(availablePeriods(false).some((p) => p.live)).toBe(false);
    expect(
      availablePeriods(true)
        .filter((p) => p.live)
        .map((p) => p.menuId),
    ).toEqual([7, 8, 9, 10, 11, 12]);
  });
});
