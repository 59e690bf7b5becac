import { describe, expect, it } from 'vitest';
import { nearestIndex, valueDomain } from './line-chart.tsx';

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
});
