import type { Point } from './types.ts';

export type DecimationMode = 'minmax' | 'lttb';

/**
 * Thins a sorted series for a chart `width` pixels wide. `minmax` (the
 * default) keeps every pixel's lowest and highest point, so no peak is lost:
 * at most 2 × width points. `lttb` keeps the shape with exactly `width`
 * points. Both keep the first and last point; a series that already fits is
 * returned as it is.
 */
export function decimate<P extends Point>(
  points: readonly P[],
  width: number,
  mode: DecimationMode = 'minmax',
): readonly P[] {
  return mode === 'lttb' ? decimateLttb(points, width) : decimateMinMax(points, width);
}

/**
 * Min/max per pixel bucket. The first and last points are kept as they are;
 * the points between them fall into `width - 1` equal time buckets, each of
 * which keeps its minimum and maximum in time order. So the result holds at
 * most 2 × width points (width is taken as at least 2).
 */
export function decimateMinMax<P extends Point>(points: readonly P[], width: number): readonly P[] {
  const pixels = Math.max(2, Math.floor(width));
  const n = points.length;
  const first = points[0];
  const last = points[n - 1];
  if (n <= 2 * pixels || first === undefined || last === undefined) return points;
  const buckets = pixels - 1;
  const span = last.time - first.time;
  const out: P[] = [first];
  let bucket = -1;
  let min: P | undefined;
  let max: P | undefined;
  let minIndex = 0;
  let maxIndex = 0;
  const flush = () => {
    if (min === undefined || max === undefined) return;
    if (minIndex === maxIndex) out.push(min);
    else if (minIndex < maxIndex) out.push(min, max);
    else out.push(max, min);
  };
  for (let i = 1; i < n - 1; i++) {
    const p = points[i];
    if (p === undefined) continue;
    const b =
      span > 0 ? Math.min(buckets - 1, Math.floor(((p.time - first.time) / span) * buckets)) : 0;
    if (b !== bucket) {
      flush();
      bucket = b;
      min = max = p;
      minIndex = maxIndex = i;
    } else if (min !== undefined && max !== undefined) {
      if (p.value < min.value) {
        min = p;
        minIndex = i;
      }
      if (p.value > max.value) {
        max = p;
        maxIndex = i;
      }
    }
  }
  flush();
  out.push(last);
  return out;
}

/**
 * Largest-Triangle-Three-Buckets (Steinarsson 2013): exactly `threshold`
 * points when the series is longer, first and last included.
 */
export function decimateLttb<P extends Point>(
  points: readonly P[],
  threshold: number,
): readonly P[] {
  const size = Math.floor(threshold);
  const n = points.length;
  const first = points[0];
  const last = points[n - 1];
  if (size >= n || size < 3 || first === undefined || last === undefined) return points;
  const out: P[] = [first];
  const every = (n - 2) / (size - 2);
  let a = first;
  for (let i = 0; i < size - 2; i++) {
    // The average of the next bucket is the third corner of the triangle.
    const nextStart = Math.floor((i + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, n);
    let avgTime = 0;
    let avgValue = 0;
    for (let j = nextStart; j < nextEnd; j++) {
      const p = points[j];
      if (p === undefined) continue;
      avgTime += p.time;
      avgValue += p.value;
    }
    const count = nextEnd - nextStart;
    avgTime /= count;
    avgValue /= count;
    const start = Math.floor(i * every) + 1;
    const end = Math.floor((i + 1) * every) + 1;
    let best: P | undefined;
    let bestArea = -1;
    for (let j = start; j < end; j++) {
      const p = points[j];
      if (p === undefined) continue;
      const area = Math.abs(
        (a.time - avgTime) * (p.value - a.value) - (a.time - p.time) * (avgValue - a.value),
      );
      if (area > bestArea) {
        bestArea = area;
        best = p;
      }
    }
    if (best !== undefined) {
      out.push(best);
      a = best;
    }
  }
  out.push(last);
  return out;
}
