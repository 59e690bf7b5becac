import { describe, expect, it } from 'vitest';
import { DATA_SILENCE_MS } from '../contracts/live.ts';
import { DeadlineTimer, expectedInterval, freshnessAt } from './freshness.ts';
import { ManualClock, pointsAt } from './test-support.ts';

const T0 = 1_700_000_000_000;

describe('freshnessAt', () => {
  it('is fresh until the expected interval after the newest value has passed', () => {
    expect(freshnessAt(null, 1000, T0)).toEqual({ stale: false, since: null });
    expect(freshnessAt(T0, 60_000, T0 + 60_000)).toEqual({ stale: false, since: null });
    expect(freshnessAt(T0, 60_000, T0 + 60_001)).toEqual({ stale: true, since: T0 });
  });
});

describe('expectedInterval', () => {
  it('is three of the series’ usual gaps, within 10 s and the status window', () => {
    const everyMinute = pointsAt(...Array.from({ length: 50 }, (_, i) => T0 + i * 60_000));
    expect(expectedInterval(everyMinute)).toBe(3 * 60_000);
    // One long silence among regular values does not move the median.
    const withHole = pointsAt(
      T0,
      T0 + 60_000,
      T0 + 20 * 60_000,
      T0 + 21 * 60_000,
      T0 + 22 * 60_000,
    );
    expect(expectedInterval(withHole)).toBe(3 * 60_000);
    const everySecond = pointsAt(...Array.from({ length: 10 }, (_, i) => T0 + i * 1000));
    expect(expectedInterval(everySecond)).toBe(10_000);
    const hourly = pointsAt(T0, T0 + 3_600_000, T0 + 7_200_000);
    expect(expectedInterval(hourly)).toBe(DATA_SILENCE_MS);
    expect(expectedInterval(pointsAt(T0))).toBe(DATA_SILENCE_MS);
    expect(expectedInterval([])).toBe(DATA_SILENCE_MS);
  });
});

describe('DeadlineTimer', () => {
  it('calls each back once its time passed, holding one timer for them all', () => {
    const clock = new ManualClock(T0);
    const armed: number[] = [];
    const setTimeout = clock.setTimeout;
    clock.setTimeout = (callback, ms) => {
      armed.push(ms);
      return setTimeout(callback, ms);
    };
    const timer = new DeadlineTimer(clock);
    const fired: string[] = [];
    timer.at(T0 + 3000, () => fired.push('c'));
    timer.at(T0 + 1000, () => fired.push('a'));
    const cancel = timer.at(T0 + 2000, () => fired.push('b'));
    timer.at(T0 + 1000, () => fired.push('a2'));
    expect(timer.size).toBe(4);
    cancel();
    clock.advance(1000);
    expect(fired).toEqual(['a', 'a2']);
    clock.advance(5000);
    expect(fired).toEqual(['a', 'a2', 'c']);
    expect(timer.size).toBe(0);
    // The nearest deadline set the timer: one timer at a time, re-armed per deadline passed.
    expect(armed).toEqual([3000, 1000, 2000]);
  });

  it('calls back a deadline already passed at the next turn, and one woken late', () => {
    const clock = new ManualClock(T0);
    const timer = new DeadlineTimer(clock);
    const fired: string[] = [];
    timer.at(T0 - 5, () => fired.push('past'));
    timer.at(T0 + 60_000, () => fired.push('later'));
    clock.advance(0);
    expect(fired).toEqual(['past']);
    clock.sleep(10 * 60_000);
    expect(fired).toEqual(['past', 'later']);
  });
});
