import { describe, expect, it } from 'vitest';
import {
  axisRefreshMs,
  describeTime,
  nearestIndex,
  slideStepMs,
  untilNextStep,
  valueDomain,
} from './line-chart.tsx';

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

  it('slides a window on a beat of half a pixel to a pixel, on whole multiples of the clock', () => {
    const minute = 60_000;
    // The last minute over 250 px: 240 ms a pixel, redrawn every 200 ms (0.83 px).
    expect(slideStepMs(minute, 250)).toBe(200);
    // The last hour over 1,000 px: 3.6 s a pixel, redrawn every 2 s (0.56 px).
    expect(slideStepMs(60 * minute, 1000)).toBe(2000);
    // Faster than a pixel in 25 ms: every display frame.
    expect(slideStepMs(minute, 3000)).toBe(0);
    for (const [span, width] of [
      [minute, 250],
      [minute, 1832],
      [60 * minute, 300],
      [24 * 60 * minute, 1200],
    ] as const) {
      const step = slideStepMs(span, width);
      expect(step).toBeLessThanOrEqual(span / width);
      expect(step).toBeGreaterThanOrEqual(span / width / 3);
      // Beats of different windows meet at whole seconds.
      expect(step < 1000 ? 1000 % step : step % 1000).toBe(0);
    }
    // The next beat is the next multiple of the step; a frame just before a beat counts as it.
    expect(untilNextStep(1_000_050, minute, 250)).toBe(150);
    expect(untilNextStep(1_000_198, minute, 250)).toBe(202);
    expect(untilNextStep(1_000_200, minute, 250)).toBe(200);
    expect(untilNextStep(1_000_007, minute, 3000)).toBe(1);
  });

  it('lays out a sliding axis again on whole-second beats', () => {
    expect(axisRefreshMs(60_000, 250)).toBe(1000);
    expect(axisRefreshMs(60 * 60_000, 1000)).toBe(5000);
    expect(axisRefreshMs(7 * 24 * 60 * 60_000, 1000)).toBe(60_000);
  });
});
