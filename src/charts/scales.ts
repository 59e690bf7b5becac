import { scaleLinear, scaleLog } from '@visx/scale';
import type { ChartPoint, YAxisType } from './types.ts';

/** The value range to show (bands included), padded a little, and never empty. */
export function valueDomain(points: readonly ChartPoint[]): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const p of points) {
    min = Math.min(min, p.value, p.bucket?.min ?? Infinity);
    max = Math.max(max, p.value, p.bucket?.max ?? -Infinity);
  }
  if (!Number.isFinite(min)) return [0, 1];
  if (min === max) return [min - 1, max + 1];
  const pad = (max - min) * 0.08;
  return [min >= 0 && min - pad < 0 ? 0 : min - pad, max + pad];
}

/**
 * The value range of a logarithmic axis: the positive values only (a
 * logarithm has no place for zero or below), from the power of ten at or
 * below the lowest to the one at or above the highest.
 */
export function logDomain(points: readonly ChartPoint[]): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const p of points) {
    for (const v of [p.value, p.bucket?.min, p.bucket?.max]) {
      if (v === undefined || !(v > 0)) continue;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
  }
  if (!Number.isFinite(min)) return [1, 10];
  const low = 10 ** Math.floor(Math.log10(min));
  const high = 10 ** Math.ceil(Math.log10(max));
  return [low, high > low ? high : low * 10];
}

/** Points a logarithmic axis can draw: those above zero. */
export function drawablePoints(
  points: readonly ChartPoint[],
  type: YAxisType,
): readonly ChartPoint[] {
  return type === 'logarithmic' ? points.filter((p) => p.value > 0) : points;
}

/** How many points a logarithmic axis leaves out (zero or below); 0 on a linear axis. */
export function skippedOnLog(points: readonly ChartPoint[], type: YAxisType): number {
  if (type !== 'logarithmic') return 0;
  let skipped = 0;
  for (const p of points) if (!(p.value > 0)) skipped++;
  return skipped;
}

/** The value scale of a plot `height` pixels high, over all the datasets' points. */
export function valueScale(points: readonly ChartPoint[], type: YAxisType, height: number) {
  return type === 'logarithmic'
    ? scaleLog<number>({ domain: logDomain(points), range: [height, 0], clamp: true })
    : scaleLinear<number>({ domain: valueDomain(points), range: [height, 0], nice: true });
}

export type ValueScale = ReturnType<typeof valueScale>;

/** The index of the point nearest in time to `t` (points are in time order); -1 when none. */
export function nearestIndex(points: readonly ChartPoint[], t: number): number {
  let low = 0;
  let high = points.length - 1;
  if (high < 0) return -1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((points[middle]?.time ?? 0) < t) low = middle + 1;
    else high = middle;
  }
  const before = points[low - 1];
  const at = points[low];
  if (before && at && t - before.time < at.time - t) return low - 1;
  return low;
}
