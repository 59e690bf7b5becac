import type { ChartPoint } from './types.ts';

/** A series silent for this many times its usual gap has a gap in it. */
export const GAP_FACTOR = 3;
/** The usual gap is read from at most this many gaps, spread over the series. */
const SAMPLE = 2001;
/** Decimated to the plot, neighbours can lie this many pixels apart without a gap between them. */
const PIXEL_SLACK = 3;

/**
 * How long a line may go between two points before it breaks: three times
 * the series' usual gap (the median gap between its points, or a bucket's
 * width), and never less than a few pixels' worth of time (the drawn points
 * are thinned to the plot's width). Infinity for fewer than three points.
 */
export function gapThreshold(points: readonly ChartPoint[], msPerPixel: number): number {
  if (points.length < 3) return Infinity;
  const gaps = points.length - 1;
  const step = Math.max(1, Math.floor(gaps / SAMPLE));
  // A typed array sorts numbers without a comparator call per pair.
  const sample = new Float64Array(Math.ceil(gaps / step));
  let taken = 0;
  for (let i = 1; i < points.length; i += step) {
    const a = points[i - 1];
    const b = points[i];
    if (a && b) sample[taken++] = b.time - a.time;
  }
  sample.subarray(0, taken).sort();
  const median = sample[Math.floor(taken / 2)] ?? 0;
  const bucket = points[0]?.bucket ? points[0].bucket.end - points[0].bucket.start : 0;
  return Math.max(GAP_FACTOR * Math.max(median, bucket), PIXEL_SLACK * msPerPixel);
}

/** The series cut where two neighbours lie further apart than `gapMs`: each run is drawn as one line. */
export function runsOf(points: readonly ChartPoint[], gapMs: number): (readonly ChartPoint[])[] {
  if (!Number.isFinite(gapMs)) return points.length > 0 ? [points] : [];
  const runs: ChartPoint[][] = [];
  let run: ChartPoint[] = [];
  let previous: ChartPoint | undefined;
  for (const point of points) {
    if (previous && point.time - previous.time > gapMs) {
      runs.push(run);
      run = [];
    }
    run.push(point);
    previous = point;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
