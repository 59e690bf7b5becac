import { plotWidth } from '../../../charts/line-chart.tsx';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Bucket counts go in steps of this many, so resizing a little asks nothing new. */
const STEP = 50;

/** How many buckets to ask for: at most one per pixel of the plot (and at least 50). */
export function bucketsFor(chartWidth: number): number {
  return Math.max(STEP, Math.floor(plotWidth(chartWidth) / STEP) * STEP);
}

/** A bucket width in the largest whole unit: 30 minutes, 2 hours, 1 day. */
export function bucketUnit(ms: number): { unit: 'minute' | 'hour' | 'day'; count: number } {
  if (ms >= DAY && ms % DAY === 0) return { unit: 'day', count: ms / DAY };
  if (ms >= HOUR && ms % HOUR === 0) return { unit: 'hour', count: ms / HOUR };
  return { unit: 'minute', count: Math.max(1, Math.round(ms / MINUTE)) };
}
