import { lowerBound, mergePoints, upperBound } from './merge.ts';
import type { Point, SeriesWindow } from './types.ts';

export interface TimeRange {
  readonly from: number;
  /** Infinity for a live (sliding) window. */
  readonly to: number;
}

/** The range a window covers at `now`. */
export function windowRange(window: SeriesWindow, now: number): TimeRange {
  return window.kind === 'sliding'
    ? { from: now - window.durationMs, to: Infinity }
    : { from: window.from, to: window.to };
}

/** The smallest range holding every window (empty windows: nothing). */
export function unionRange(windows: readonly SeriesWindow[], now: number): TimeRange {
  let from = Infinity;
  let to = -Infinity;
  for (const window of windows) {
    const range = windowRange(window, now);
    from = Math.min(from, range.from);
    to = Math.max(to, range.to);
  }
  return { from, to };
}

// Expired points are cut off in one go once there are this many (or a quarter of the buffer),
// so a sliding window does not copy the whole buffer for every new point.
const TRIM_SLACK = 1024;

/**
 * The points of one series: sorted by time, one per instant, kept within the
 * union of the windows of the charts that show it. Every change bumps
 * `version`; `frozen()` hands out an immutable copy per version.
 */
export class SeriesBuffer {
  private points: Point[] = [];
  private frozenCopy: { version: number; points: readonly Point[] } | undefined;
  version = 0;

  get size(): number {
    return this.points.length;
  }

  /** The latest point held. */
  last(): Point | undefined {
    return this.points[this.points.length - 1];
  }

  /** Merges points, dropping those outside `range` and those at an instant already held. */
  insert(incoming: readonly Point[], range: TimeRange): number {
    const inside = (p: Point) => p.time >= range.from && p.time <= range.to;
    const inRange = incoming.every(inside) ? incoming : incoming.filter(inside);
    const { points, added } = mergePoints(this.points, inRange);
    if (added === 0) return 0;
    this.points = points;
    this.version++;
    const expired = lowerBound(this.points, range.from);
    if (expired >= TRIM_SLACK || expired > this.points.length / 4) {
      this.points = this.points.slice(expired);
    }
    return added;
  }

  /** Drops every point outside `range` now (after a chart with a wider window went away). */
  trim(range: TimeRange): boolean {
    const start = lowerBound(this.points, range.from);
    const end = upperBound(this.points, range.to);
    if (start === 0 && end === this.points.length) return false;
    this.points = this.points.slice(start, end);
    this.version++;
    return true;
  }

  /** A copy of the points that is never changed afterwards, made at most once per version. */
  frozen(): readonly Point[] {
    if (this.frozenCopy?.version !== this.version) {
      this.frozenCopy = { version: this.version, points: this.points.slice() };
    }
    return this.frozenCopy.points;
  }
}
