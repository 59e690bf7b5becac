import { describe, expect, it } from 'vitest';
import { lowerBound, mergePoints, normalise, pointsInRange, upperBound } from './merge.ts';
import { SeriesBuffer } from './series-buffer.ts';
import { pointsAt } from './test-support.ts';

const times = (points: readonly { time: number }[]) => points.map((p) => p.time);

describe('merge', () => {
  it('finds bounds by time', () => {
    const points = pointsAt(10, 20, 30);
    expect(lowerBound(points, 20)).toBe(1);
    expect(upperBound(points, 20)).toBe(2);
    expect(lowerBound(points, 35)).toBe(3);
    expect(upperBound(points, 5)).toBe(0);
  });

  it('sorts, drops repeated instants (first wins) and non-finite values', () => {
    const out = normalise([
      { time: 30, value: 3 },
      { time: 10, value: 1 },
      { time: 30, value: 99 },
      { time: 20, value: Number.NaN },
    ]);
    expect(out).toEqual([
      { time: 10, value: 1 },
      { time: 30, value: 3 },
    ]);
  });

  it('appends in-order points onto the held array', () => {
    const held = pointsAt(1000, 2000);
    const { points, added } = mergePoints(held, pointsAt(3000, 4000));
    expect(points).toBe(held);
    expect(added).toBe(2);
    expect(times(points)).toEqual([1000, 2000, 3000, 4000]);
  });

  it('merges out-of-order points and keeps the held one at a shared instant', () => {
    const held = pointsAt(1000, 3000, 5000);
    const { points, added } = mergePoints(held, [
      { time: 3000, value: -1 },
      { time: 4000, value: 4 },
      { time: 2000, value: 2 },
    ]);
    expect(added).toBe(2);
    expect(points).toEqual([
      { time: 1000, value: 1 },
      { time: 2000, value: 2 },
      { time: 3000, value: 3 },
      { time: 4000, value: 4 },
      { time: 5000, value: 5 },
    ]);
  });

  it('reports nothing new when every point is already held', () => {
    const held = pointsAt(1000, 2000);
    expect(mergePoints(held, pointsAt(2000, 1000)).added).toBe(0);
  });

  it('slices a range, returning the same array when all of it is inside', () => {
    const points = pointsAt(1000, 2000, 3000);
    expect(pointsInRange(points, 0, Infinity)).toBe(points);
    expect(times(pointsInRange(points, 1500, 3000))).toEqual([2000, 3000]);
  });
});

describe('SeriesBuffer', () => {
  it('drops points outside the range and trims what the range left behind', () => {
    const buffer = new SeriesBuffer();
    expect(buffer.insert(pointsAt(500, 1000, 2000, 9000), { from: 1000, to: 5000 })).toBe(2);
    expect(times(buffer.frozen())).toEqual([1000, 2000]);
    expect(buffer.trim({ from: 1500, to: 5000 })).toBe(true);
    expect(times(buffer.frozen())).toEqual([2000]);
    expect(buffer.trim({ from: 1500, to: 5000 })).toBe(false);
  });

  it('keeps a sliding window bounded while points stream in', () => {
    const buffer = new SeriesBuffer();
    for (let t = 0; t < 100_000; t += 10)
      buffer.insert(pointsAt(t), { from: t - 1000, to: Infinity });
    // 1000 ms of points at 10 ms each is 101 points; a bounded slack of expired ones may remain.
    expect(buffer.size).toBeLessThan(101 + 1024);
    expect(buffer.last()?.time).toBe(99_990);
  });

  it('hands out one frozen copy per version', () => {
    const buffer = new SeriesBuffer();
    buffer.insert(pointsAt(1000), { from: 0, to: Infinity });
    const first = buffer.frozen();
    expect(buffer.frozen()).toBe(first);
    buffer.insert(pointsAt(2000), { from: 0, to: Infinity });
    expect(times(first)).toEqual([1000]);
    expect(times(buffer.frozen())).toEqual([1000, 2000]);
  });
});
