import { normalise } from './merge.ts';
import type { TimeRange } from './series-buffer.ts';
import type { Bucket, BucketHistory, Point, SeriesPoint } from './types.ts';

interface HeldBucket {
  start: number;
  end: number;
  min: number;
  max: number;
  sum: number;
  count: number;
  firstTime: number;
  lastTime: number;
}

const overlaps = (b: Bucket, range: TimeRange) =>
  b.lastTime >= range.from && b.firstTime <= range.to;

/**
 * Aggregated history of one series for one chart: buckets from the server,
 * into which raw (live) points are folded on the same grid.
 *
 * A raw point counts in the bucket whose [start, end) holds it, or opens a
 * new bucket on the grid. Buckets only grow at their end: a point at or
 * before the last value a bucket holds is taken as counted already (a
 * redelivery, or a point the server's answer included), so folding the same
 * points twice changes nothing. A point that arrives late, inside a bucket,
 * is left out until the next reload from the server.
 */
export class BucketBuffer {
  private buckets: HeldBucket[] = [];
  private grid: { width: number; edge: number } | undefined;
  private frozenCopy: { version: number; points: readonly SeriesPoint[] } | undefined;
  version = 0;

  /** The width of the buckets, once the first answer gave it. */
  get bucketMs(): number | null {
    return this.grid?.width ?? null;
  }

  get size(): number {
    return this.buckets.length;
  }

  /** The start of the latest bucket held: a backfill asks again from here. */
  lastStart(): number | undefined {
    return this.buckets[this.buckets.length - 1]?.start;
  }

  /** The time of the newest value held (the latest bucket's last value). */
  lastTime(): number | undefined {
    return this.buckets[this.buckets.length - 1]?.lastTime;
  }

  /** Takes the server's buckets for a window, in place of everything held. */
  replace(history: BucketHistory, range: TimeRange): void {
    this.buckets = history.buckets.filter((b) => overlaps(b, range)).map((b) => ({ ...b }));
    const last = this.buckets[this.buckets.length - 1];
    this.grid = { width: history.bucketMs, edge: last?.start ?? history.edge };
    this.version++;
  }

  /** Drops the buckets from `start` on and counts raw `points` from there instead. */
  refold(start: number, points: readonly Point[], range: TimeRange): void {
    const keep = this.buckets.findIndex((b) => b.start >= start);
    if (keep >= 0) this.buckets.length = keep;
    this.version++;
    this.fold(
      points.filter((p) => p.time >= start),
      range,
    );
  }

  /**
   * Counts raw points in their buckets; returns how many were new. Before
   * the first answer there is no grid: nothing is counted (the caller keeps
   * the points and folds them once history is in).
   */
  fold(incoming: readonly Point[], range: TimeRange): number {
    const grid = this.grid;
    if (!grid) return 0;
    let added = 0;
    for (const p of normalise(incoming)) {
      if (p.time < range.from || p.time > range.to) continue;
      if (this.add(p, grid)) added++;
    }
    if (this.trimExpired(range.from) || added > 0) this.version++;
    return added;
  }

  /** Drops buckets outside `range`; true when any went. */
  trim(range: TimeRange): boolean {
    const before = this.buckets.length;
    this.buckets = this.buckets.filter((b) => overlaps(b, range));
    if (this.buckets.length === before) return false;
    this.version++;
    return true;
  }

  /** The buckets as chart points, made once per version and never changed afterwards. */
  frozen(): readonly SeriesPoint[] {
    if (this.frozenCopy?.version !== this.version) {
      this.frozenCopy = { version: this.version, points: this.buckets.map(toPoint) };
    }
    return this.frozenCopy.points;
  }

  private add(p: Point, grid: { width: number; edge: number }): boolean {
    const index = this.lastStartingBy(p.time);
    const held = this.buckets[index];
    if (held && p.time < held.end) {
      if (p.time <= held.lastTime) return false;
      held.lastTime = p.time;
      held.sum += p.value;
      held.count++;
      held.min = Math.min(held.min, p.value);
      held.max = Math.max(held.max, p.value);
      return true;
    }
    // A new bucket on the grid, never overlapping its neighbours (the grid may
    // have moved by an hour since the server's answer, at a change of daylight saving time).
    const onGrid = grid.edge + Math.floor((p.time - grid.edge) / grid.width) * grid.width;
    const next = this.buckets[index + 1];
    const start = Math.max(onGrid, held?.end ?? -Infinity);
    const end = Math.min(onGrid + grid.width, next?.start ?? Infinity);
    this.buckets.splice(index + 1, 0, {
      start,
      end,
      min: p.value,
      max: p.value,
      sum: p.value,
      count: 1,
      firstTime: p.time,
      lastTime: p.time,
    });
    return true;
  }

  /** The index of the last bucket starting at or before `time` (-1 when none does). */
  private lastStartingBy(time: number): number {
    const last = this.buckets.length - 1;
    // Live points land in the last bucket or after it: check that first.
    if (last >= 0 && (this.buckets[last]?.start ?? Infinity) <= time) return last;
    let lo = 0;
    let hi = this.buckets.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.buckets[mid]?.start ?? Infinity) <= time) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  private trimExpired(from: number): boolean {
    if ((this.buckets[0]?.lastTime ?? Infinity) >= from) return false;
    const first = this.buckets.findIndex((b) => b.lastTime >= from);
    const expired = first < 0 ? this.buckets.length : first;
    if (expired === 0) return false;
    this.buckets.splice(0, expired);
    return true;
  }
}

/** A bucket as a chart point: the average halfway between its first and last value. */
function toPoint(b: HeldBucket): SeriesPoint {
  return {
    time: Math.round((b.firstTime + b.lastTime) / 2),
    value: b.sum / b.count,
    bucket: { start: b.start, end: b.end, min: b.min, max: b.max, count: b.count },
  };
}
