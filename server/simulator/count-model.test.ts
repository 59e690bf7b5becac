import { describe, expect, it } from 'vitest';
import {
  batteryLevel,
  copenhagenOffsetMs,
  dailyRhythm,
  expectedCount,
  localClock,
  readingFor,
  samplePoisson,
  seededRandom,
  temperatureAt,
  type CounterProfile,
} from './count-model.ts';

const street: CounterProfile = { seed: 12345, locType: 'road', peakPerHour: 1000 };
const HOUR = 3_600_000;
// Tuesday 9 June 2026 and Saturday 13 June 2026, midnight in Copenhagen (UTC+2).
const tuesday = Date.UTC(2026, 5, 8, 22);
const saturday = Date.UTC(2026, 5, 12, 22);

describe('local time in Copenhagen', () => {
  it('follows summer time from the last Sunday of March to that of October', () => {
    expect(copenhagenOffsetMs(Date.UTC(2026, 2, 29, 0, 59))).toBe(HOUR);
    expect(copenhagenOffsetMs(Date.UTC(2026, 2, 29, 1, 0))).toBe(2 * HOUR);
    expect(copenhagenOffsetMs(Date.UTC(2026, 9, 25, 0, 59))).toBe(2 * HOUR);
    expect(copenhagenOffsetMs(Date.UTC(2026, 9, 25, 1, 0))).toBe(HOUR);
  });

  it('gives the local hour, weekday and day of the year', () => {
    expect(localClock(tuesday + 8.5 * HOUR)).toEqual({ hour: 8.5, weekday: 2, dayOfYear: 159 });
    expect(localClock(saturday).weekday).toBe(6);
    expect(localClock(Date.UTC(2026, 0, 1, 12)).dayOfYear).toBe(0);
  });
});

describe('daily rhythm', () => {
  const at = (hour: number, weekday = 2, locType: CounterProfile['locType'] = 'road') =>
    dailyRhythm(locType, hour, weekday);

  it('is quiet at night and peaks in the morning and afternoon rush', () => {
    expect(at(3)).toBeLessThan(0.05);
    expect(at(8)).toBeGreaterThan(at(6));
    expect(at(8)).toBeGreaterThan(at(11));
    expect(at(16.5)).toBeGreaterThan(at(14));
    expect(at(16.5)).toBeGreaterThan(at(19.5));
    expect(at(8)).toBeGreaterThan(10 * at(3));
    expect(at(16.5)).toBeGreaterThan(10 * at(3));
  });

  it('is lower at weekends for every kind of place', () => {
    for (const locType of ['road', 'office', 'park', 'pedestrianstreet', 'motorway'] as const) {
      let weekday = 0;
      let weekend = 0;
      for (let hour = 0; hour < 24; hour += 0.25) {
        weekday += at(hour, 3, locType);
        weekend += at(hour, 0, locType);
      }
      expect(weekend, locType).toBeLessThan(weekday);
    }
  });

  it('stays between 0 and 1', () => {
    for (let hour = 0; hour < 24; hour += 0.5) {
      for (const weekday of [1, 6]) {
        expect(at(hour, weekday)).toBeGreaterThan(0);
        expect(at(hour, weekday)).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('counts', () => {
  it('scale with the size of the place and the length of the interval', () => {
    const big = { ...street, peakPerHour: 4000 };
    const from = tuesday + 16 * HOUR;
    expect(expectedCount(big, from, from + HOUR)).toBeCloseTo(
      4 * expectedCount(street, from, from + HOUR),
    );
    expect(expectedCount(street, from, from + HOUR)).toBeCloseTo(
      2 * expectedCount(street, from, from + HOUR / 2),
      0,
    );
    expect(expectedCount(street, from, from + HOUR)).toBeGreaterThan(900);
  });

  it('give a weekday more people than a Saturday', () => {
    const day = 24 * HOUR;
    expect(expectedCount(street, saturday, saturday + day)).toBeLessThan(
      expectedCount(street, tuesday, tuesday + day),
    );
  });

  it('are Poisson-like: non-negative whole numbers around the mean', () => {
    const random = seededRandom(7);
    for (const mean of [0.3, 4, 250]) {
      let total = 0;
      for (let i = 0; i < 2000; i++) {
        const n = samplePoisson(mean, random);
        expect(Number.isInteger(n) && n >= 0).toBe(true);
        total += n;
      }
      expect(total / 2000).toBeGreaterThan(mean * 0.9);
      expect(total / 2000).toBeLessThan(mean * 1.1);
    }
  });

  it('are the same for the same seed and differ for another', () => {
    const run = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 20 }, (_, i) =>
        readingFor(street, tuesday + i * HOUR, tuesday + (i + 1) * HOUR, random),
      );
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });
});

describe('battery and temperature', () => {
  it('drain the battery slowly and recharge it once a cycle', () => {
    const day = 24 * HOUR;
    const levels = Array.from({ length: 120 }, (_, i) => batteryLevel(street, tuesday + i * day));
    const recharges = levels.filter((level, i) => i > 0 && level > (levels[i - 1] ?? 0));
    expect(recharges.length).toBeGreaterThanOrEqual(1);
    expect(recharges.length).toBeLessThanOrEqual(3);
    for (const level of levels) {
      expect(level).toBeGreaterThanOrEqual(19);
      expect(level).toBeLessThanOrEqual(100);
    }
    // Drains by at most a few percent a day.
    for (let i = 1; i < levels.length; i++) {
      const drop = (levels[i - 1] ?? 0) - (levels[i] ?? 0);
      if (drop > 0) expect(drop).toBeLessThan(5);
    }
  });

  it('is warmer in the afternoon than before dawn, and in summer than in winter', () => {
    const random = seededRandom(1);
    const mean = (from: number) => {
      let total = 0;
      for (let i = 0; i < 20; i++) total += temperatureAt(street, from + i * 24 * HOUR, random);
      return total / 20;
    };
    expect(mean(tuesday + 15 * HOUR)).toBeGreaterThan(mean(tuesday + 5 * HOUR) + 4);
    expect(mean(Date.UTC(2026, 6, 1, 12))).toBeGreaterThan(mean(Date.UTC(2026, 0, 20, 12)) + 8);
  });
});
