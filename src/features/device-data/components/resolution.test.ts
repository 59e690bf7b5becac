import { describe, expect, it } from 'vitest';
import { bucketUnit, bucketsFor } from './resolution.ts';

describe('chart resolution', () => {
  it('asks for at most one bucket per pixel of the plot, in steps of 50', () => {
    // The plot is the chart less its 68 pixels of axes and margin.
    expect(bucketsFor(1168)).toBe(1100);
    expect(bucketsFor(1200)).toBe(1100);
    expect(bucketsFor(368)).toBe(300);
    expect(bucketsFor(0)).toBe(50);
  });

  it('names a bucket width in its largest whole unit', () => {
    expect(bucketUnit(60_000)).toEqual({ unit: 'minute', count: 1 });
    expect(bucketUnit(30 * 60_000)).toEqual({ unit: 'minute', count: 30 });
    expect(bucketUnit(3_600_000)).toEqual({ unit: 'hour', count: 1 });
    expect(bucketUnit(6 * 3_600_000)).toEqual({ unit: 'hour', count: 6 });
    expect(bucketUnit(2 * 86_400_000)).toEqual({ unit: 'day', count: 2 });
  });
});
