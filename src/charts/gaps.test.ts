import { describe, expect, it } from 'vitest';
import { gapThreshold, runsOf } from './gaps.ts';
import type { ChartPoint } from './types.ts';

const at = (...times: number[]): ChartPoint[] => times.map((time) => ({ time, value: 1 }));
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('gaps in a series', () => {
  it('breaks a line where the series went silent for three usual gaps', () => {
    // Every 20 s, then silent for 20 minutes, then every 20 s again.
    const points = at(0, 20, 40, 60, 1260, 1280, 1300).map((p) => ({
      ...p,
      time: p.time * SECOND,
    }));
    const gap = gapThreshold(points, 100);
    expect(gap).toBe(60 * SECOND);
    expect(runsOf(points, gap).map((run) => run.length)).toEqual([4, 3]);
  });

  it('keeps a thinned series whole: a gap is at least a few pixels wide', () => {
    const points = at(0, 1, 2, 3, 40, 41).map((p) => ({ ...p, time: p.time * SECOND }));
    // 20 minutes a pixel: 37 seconds of silence within a pixel is no gap.
    expect(runsOf(points, gapThreshold(points, 20 * MINUTE))).toHaveLength(1);
  });

  it('takes a bucket’s width as the usual gap, so one missing bucket in a row is no gap but several are', () => {
    const hour = 60 * MINUTE;
    const bucket = (start: number): ChartPoint => ({
      time: start,
      value: 1,
      bucket: { start, end: start + hour, min: 1, max: 1 },
    });
    const points = [0, 1, 2, 4, 5, 12, 13].map((h) => bucket(h * hour));
    expect(runsOf(points, gapThreshold(points, 1)).map((run) => run.length)).toEqual([5, 2]);
  });

  it('draws short series whole', () => {
    expect(gapThreshold(at(0, 1_000_000), 1)).toBe(Infinity);
    expect(runsOf([], Infinity)).toEqual([]);
  });
});
