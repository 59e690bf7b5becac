import { describe, expect, it } from 'vitest';
import { BucketBuffer } from './bucket-buffer.ts';
import type { Bucket } from './types.ts';

const HOUR = 3_600_000;
const all = { from: -Infinity, to: Infinity };

function bucket(start: number, values: [time: number, value: number][]): Bucket {
  const numbers = values.map(([, v]) => v);
  return {
    start,
    end: start + HOUR,
    min: Math.min(...numbers),
    max: Math.max(...numbers),
    sum: numbers.reduce((a, b) => a + b, 0),
    count: numbers.length,
    firstTime: values[0]?.[0] ?? start,
    lastTime: values[values.length - 1]?.[0] ?? start,
  };
}

function withHistory() {
  const buffer = new BucketBuffer();
  buffer.replace(
    {
      bucketMs: HOUR,
      edge: 0,
      buckets: [
        bucket(0, [
          [600_000, 4],
          [1_800_000, 8],
        ]),
        bucket(HOUR, [[HOUR + 600_000, 10]]),
      ],
    },
    all,
  );
  return buffer;
}

describe('BucketBuffer', () => {
  it('shows each bucket as its average between its first and last value, with its range', () => {
    const points = withHistory().frozen();
    expect(points[0]).toEqual({
      time: 1_200_000,
      value: 6,
      bucket: { start: 0, end: HOUR, min: 4, max: 8, count: 2 },
    });
    expect(points[1]).toMatchObject({ time: HOUR + 600_000, value: 10 });
  });

  it('counts live points into the last bucket and opens the next one on the grid', () => {
    const buffer = withHistory();
    expect(
      buffer.fold(
        [
          { time: HOUR + 1_200_000, value: 2 },
          { time: 2 * HOUR + 60_000, value: 5 },
        ],
        all,
      ),
    ).toBe(2);
    const [, second, third] = buffer.frozen();
    expect(second).toEqual({
      time: HOUR + 900_000,
      value: 6,
      bucket: { start: HOUR, end: 2 * HOUR, min: 2, max: 10, count: 2 },
    });
    expect(third?.bucket).toEqual({ start: 2 * HOUR, end: 3 * HOUR, min: 5, max: 5, count: 1 });
  });

  it('never counts a point twice, nor one at or before the last value of its bucket', () => {
    const buffer = withHistory();
    const live = [{ time: HOUR + 1_200_000, value: 2 }];
    buffer.fold(live, all);
    expect(buffer.fold(live, all)).toBe(0);
    expect(buffer.fold([{ time: 300_000, value: 100 }], all)).toBe(0);
    expect(buffer.frozen().map((p) => p.bucket?.count)).toEqual([2, 2]);
  });

  it('waits for the first answer before counting anything', () => {
    const buffer = new BucketBuffer();
    expect(buffer.fold([{ time: 1, value: 1 }], all)).toBe(0);
    expect(buffer.bucketMs).toBeNull();
    expect(buffer.frozen()).toEqual([]);
  });

  it('counts a backfill again from the start of the last bucket', () => {
    const buffer = withHistory();
    buffer.fold([{ time: HOUR + 1_200_000, value: 2 }], all);
    buffer.refold(
      HOUR,
      [
        { time: 1_800_000, value: 999 }, // before the refolded bucket: left alone
        { time: HOUR + 600_000, value: 10 },
        { time: HOUR + 1_200_000, value: 2 },
        { time: HOUR + 1_500_000, value: 3 },
        { time: 2 * HOUR + 1, value: 7 },
      ],
      all,
    );
    expect(buffer.frozen().map((p) => [p.bucket?.start, p.bucket?.count, p.value])).toEqual([
      [0, 2, 6],
      [HOUR, 3, 5],
      [2 * HOUR, 1, 7],
    ]);
  });

  it('drops buckets that slid out of the window', () => {
    const buffer = withHistory();
    buffer.fold([{ time: 2 * HOUR, value: 1 }], { from: HOUR, to: Infinity });
    expect(buffer.frozen().map((p) => p.bucket?.start)).toEqual([HOUR, 2 * HOUR]);
    expect(buffer.trim({ from: 2 * HOUR, to: Infinity })).toBe(true);
    expect(buffer.size).toBe(1);
  });

  it('lays new buckets on the edge it was given when the answer had none', () => {
    const buffer = new BucketBuffer();
    buffer.replace({ bucketMs: 2 * HOUR, edge: -HOUR, buckets: [] }, all);
    buffer.fold([{ time: 30 * 60_000, value: 1 }], all);
    expect(buffer.frozen()[0]?.bucket).toMatchObject({ start: -HOUR, end: HOUR });
  });
});
