import { describe, expect, it } from 'vitest';
import { describeTime, nearestIndex, valueDomain } from './line-chart.tsx';

describe('line chart helpers', () => {
  const points = [
    { time: 0, value: 1 },
    { time: 10, value: 5 },
    { time: 20, value: 3 },
  ];

  it('finds the point nearest in time', () => {
    expect(nearestIndex(points, -5)).toBe(0);
    expect(nearestIndex(points, 4)).toBe(0);
    expect(nearestIndex(points, 6)).toBe(1);
    expect(nearestIndex(points, 99)).toBe(2);
    expect(nearestIndex([], 5)).toBe(-1);
  });

  it('pads the value range and never gives an empty one', () => {
    const [low, high] = valueDomain(points);
    expect(low).toBeCloseTo(0.68);
    expect(high).toBeCloseTo(5.32);
    // Counts never go below zero on the axis because of padding.
    expect(
      valueDomain([
        { time: 0, value: 0.1 },
        { time: 1, value: 9 },
      ])[0],
    ).toBe(0);
    expect(valueDomain([{ time: 0, value: 7 }])).toEqual([6, 8]);
    expect(valueDomain([])).toEqual([0, 1]);
    expect(
      valueDomain([
        { time: 0, value: -10 },
        { time: 1, value: -2 },
      ])[0],
    ).toBeLessThan(-10);
  });

  it('makes room for the band of bucket points', () => {
    const bucket = (min: number, max: number) => ({ start: 0, end: 1, min, max });
    const [low, high] = valueDomain([
      { time: 0, value: 5, bucket: bucket(2, 30) },
      { time: 1, value: 6, bucket: bucket(4, 8) },
    ]);
    expect(low).toBeLessThan(2);
    expect(high).toBeGreaterThan(30);
  });

  it("tells a point's time, or a bucket's span, on the clock of the given zone", () => {
    const at = Date.UTC(2026, 10, 25, 14, 30, 5);
    expect(describeTime({ time: at, value: 1 }, 'Europe/Copenhagen')).toBe('25/11/2026 15:30:05');
    expect(describeTime({ time: at, value: 1 }, 'America/New_York')).toBe('25/11/2026 09:30:05');
    const hour = {
      start: Date.UTC(2026, 10, 25, 14),
      end: Date.UTC(2026, 10, 25, 15),
      min: 0,
      max: 1,
    };
    expect(describeTime({ time: at, value: 1, bucket: hour }, 'Europe/Copenhagen')).toBe(
      '25/11/2026 15:00–16:00',
    );
    const night = {
      start: Date.UTC(2026, 10, 25, 21),
      end: Date.UTC(2026, 10, 26, 3),
      min: 0,
      max: 1,
    };
    expect(describeTime({ time: at, value: 1, bucket: night }, 'Europe/Copenhagen')).toBe(
      '25/11/2026 22:00–26/11/2026 04:00',
    );
  });
});
