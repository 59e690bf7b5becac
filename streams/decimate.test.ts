import { describe, expect, it } from 'vitest';
import { decimate, decimateLttb, decimateMinMax } from './decimate.ts';
import type { Point } from './types.ts';

/** A noisy sine with a few sharp spikes. */
function series(n: number): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < n; i++)
    points.push({ time: 1_000 * i, value: Math.sin(i / 500) * 10 + (i % 7) });
  return points;
}

describe('decimateMinMax', () => {
  it('keeps the first and last points and at most two points per pixel', () => {
    const points = series(100_000);
    const out = decimateMinMax(points, 300);
    expect(out.length).toBeLessThanOrEqual(600);
    expect(out[0]).toBe(points[0]);
    expect(out[out.length - 1]).toBe(points[points.length - 1]);
  });

  it('keeps single-point spikes up and down', () => {
    const points = series(50_000);
    points[12_345] = { time: 12_345_000, value: 1_000 };
    points[33_333] = { time: 33_333_000, value: -1_000 };
    const out = decimateMinMax(points, 100);
    expect(out).toContain(points[12_345]);
    expect(out).toContain(points[33_333]);
  });

  it('keeps the highest and lowest point of every pixel column', () => {
    const points = series(20_000);
    const width = 50;
    const out = decimateMinMax(points, width);
    const first = points[0] as Point;
    const last = points[points.length - 1] as Point;
    const span = last.time - first.time;
    const interior = points.slice(1, -1);
    for (let b = 0; b < width - 1; b++) {
      const inBucket = interior.filter(
        (p) => Math.min(width - 2, Math.floor(((p.time - first.time) / span) * (width - 1))) === b,
      );
      const max = Math.max(...inBucket.map((p) => p.value));
      const min = Math.min(...inBucket.map((p) => p.value));
      const kept = out.filter((p) => inBucket.includes(p)).map((p) => p.value);
      expect(kept).toContain(max);
      expect(kept).toContain(min);
    }
  });

  it('stays sorted by time', () => {
    const out = decimateMinMax(series(10_000), 64);
    for (let i = 1; i < out.length; i++) {
      expect((out[i] as Point).time).toBeGreaterThan((out[i - 1] as Point).time);
    }
  });

  it('returns a series that already fits as it is', () => {
    const points = series(100);
    expect(decimateMinMax(points, 50)).toBe(points);
    expect(decimate([], 50)).toEqual([]);
  });
});

describe('decimateLttb', () => {
  it('returns exactly the threshold, first and last included', () => {
    const points = series(100_000);
    for (const threshold of [3, 10, 500, 999]) {
      const out = decimateLttb(points, threshold);
      expect(out).toHaveLength(threshold);
      expect(out[0]).toBe(points[0]);
      expect(out[out.length - 1]).toBe(points[points.length - 1]);
    }
    expect(decimate(points, 640, 'lttb')).toHaveLength(640);
  });

  it('picks a lone spike', () => {
    const points = series(10_000).map((p) => ({ ...p, value: 0 }));
    points[4_321] = { time: 4_321_000, value: 50 };
    expect(decimateLttb(points, 100)).toContain(points[4_321]);
  });

  it('returns a short series as it is', () => {
    const points = series(10);
    expect(decimateLttb(points, 20)).toBe(points);
  });
});
