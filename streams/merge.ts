import type { Point } from './types.ts';

/**
 * Small pure functions on series sorted by time with one point per instant.
 * When two points share a time, the one held first wins: ingest keys points
 * by (device, key, time), so a second copy is a redelivery, not a new value.
 */

/** The first index whose time is ≥ `time` (points.length when none). */
export function lowerBound(points: readonly Point[], time: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((points[mid]?.time ?? Infinity) < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index whose time is > `time` (points.length when none). */
export function upperBound(points: readonly Point[], time: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((points[mid]?.time ?? Infinity) <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function isSortedUnique(points: readonly Point[]): boolean {
  let previous = -Infinity;
  for (const p of points) {
    if (p.time <= previous) return false;
    previous = p.time;
  }
  return true;
}

/** Whether `incoming` is finite, sorted, unique and after the last held point: the live case, with no copying. */
function appendsInOrder(held: readonly Point[], incoming: readonly Point[]): boolean {
  let previous = held[held.length - 1]?.time ?? -Infinity;
  for (const p of incoming) {
    if (!(p.time > previous) || !Number.isFinite(p.time) || !Number.isFinite(p.value)) return false;
    previous = p.time;
  }
  return true;
}

/** Sorted by time, one point per instant (the earliest given wins), non-finite values dropped. */
export function normalise(points: readonly Point[]): Point[] {
  const finite = points.filter((p) => Number.isFinite(p.time) && Number.isFinite(p.value));
  if (isSortedUnique(finite)) return finite;
  // Array.prototype.sort is stable, so among equal times the first given stays first.
  finite.sort((a, b) => a.time - b.time);
  const out: Point[] = [];
  for (const p of finite) {
    const last = out[out.length - 1];
    if (last === undefined || p.time > last.time) out.push(p);
  }
  return out;
}

/** The points with from ≤ time ≤ to; `points` itself when all of them are. */
export function pointsInRange(
  points: readonly Point[],
  from: number,
  to: number,
): readonly Point[] {
  const start = lowerBound(points, from);
  const end = upperBound(points, to);
  return start === 0 && end === points.length ? points : points.slice(start, end);
}

/**
 * Merges `incoming` (any order) into `held` (sorted, unique). Returns the
 * merged series and how many points were new. Appending in order — the live
 * case — pushes onto `held` itself; otherwise a new array is built.
 */
export function mergePoints(
  held: Point[],
  incoming: readonly Point[],
): { points: Point[]; added: number } {
  if (appendsInOrder(held, incoming)) {
    for (const p of incoming) held.push(p);
    return { points: held, added: incoming.length };
  }
  const fresh = normalise(incoming);
  const first = fresh[0];
  if (first === undefined) return { points: held, added: 0 };
  const lastHeld = held[held.length - 1];
  if (lastHeld === undefined || first.time > lastHeld.time) {
    for (const p of fresh) held.push(p);
    return { points: held, added: fresh.length };
  }
  const out: Point[] = [];
  let i = 0;
  let j = 0;
  let added = 0;
  while (i < held.length || j < fresh.length) {
    const a = held[i];
    const b = fresh[j];
    if (a !== undefined && (b === undefined || a.time <= b.time)) {
      out.push(a);
      i++;
      // The held point wins over an incoming one at the same instant.
      if (b !== undefined && a.time === b.time) j++;
    } else if (b !== undefined) {
      out.push(b);
      j++;
      added++;
    }
  }
  return { points: added === 0 ? held : out, added };
}
