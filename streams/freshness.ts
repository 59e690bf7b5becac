import { DATA_SILENCE_MS } from '../contracts/live.ts';
import type { Clock, TimerId } from './environment.ts';
import type { Point } from './types.ts';

/**
 * Whether a series' data still comes: stale once no value arrived for longer
 * than the interval the device is expected to report in. Graphs show "stale
 * since HH:mm" (the newest value's time).
 */
export interface Freshness {
  /** No value for longer than the expected interval. */
  readonly stale: boolean;
  /** The newest value's time while stale; null while fresh or with no value held. */
  readonly since: number | null;
}

export const FRESH: Freshness = { stale: false, since: null };

/**
 * How long a device may stay silent before its data counts as stale, when a
 * series gives no better idea: the server's status window (a device silent
 * this long turns yellow, spec §4 Device status).
 */
export const DEFAULT_EXPECTED_INTERVAL_MS = DATA_SILENCE_MS;

/** Stale when nothing arrived for longer than `expectedIntervalMs` after the newest value. */
export function freshnessAt(
  lastPointAt: number | null,
  expectedIntervalMs: number,
  now: number,
): Freshness {
  if (lastPointAt === null) return FRESH;
  return now > lastPointAt + expectedIntervalMs ? { stale: true, since: lastPointAt } : FRESH;
}

const SAMPLE = 32;
/** A series is late after this many of its usual gaps without a value. */
const MISSED = 3;
/** A report late by a few seconds (the network, a slow device) is not a silence. */
const FLOOR_MS = 10_000;

/**
 * The interval a series is expected to report in, judged from its newest
 * values: three times the median gap between the last 32, at least 10 s and
 * at most the server's status window. Without two values: the status window.
 */
export function expectedInterval(points: readonly Point[]): number {
  const from = Math.max(0, points.length - SAMPLE - 1);
  const gaps: number[] = [];
  for (let i = from + 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (a && b && b.time > a.time) gaps.push(b.time - a.time);
  }
  if (gaps.length === 0) return DEFAULT_EXPECTED_INTERVAL_MS;
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)] ?? 0;
  return Math.min(DEFAULT_EXPECTED_INTERVAL_MS, Math.max(FLOOR_MS, median * MISSED));
}

/** The longest delay a timer takes (setTimeout fires at once beyond it). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * One timer for many deadlines: `at(time, callback)` calls back once the
 * clock passed `time`; only the nearest deadline holds a timer, so a wall
 * of graphs waiting to turn stale costs one timer, and each graph hears
 * only of its own deadline (no re-render of the others).
 */
export class DeadlineTimer {
  private waiting = new Map<symbol, { time: number; callback: () => void }>();
  private timer: { id: TimerId; time: number } | undefined;

  constructor(private readonly clock: Clock) {}

  /** Calls `callback` once at or after `time`; the returned function cancels it. */
  at(time: number, callback: () => void): () => void {
    const id = Symbol('deadline');
    this.waiting.set(id, { time, callback });
    this.arm();
    return () => {
      this.waiting.delete(id);
      if (this.waiting.size === 0) this.disarm();
    };
  }

  /** Deadlines waiting (for tests). */
  get size(): number {
    return this.waiting.size;
  }

  private disarm() {
    if (this.timer) this.clock.clearTimeout(this.timer.id);
    this.timer = undefined;
  }

  private arm() {
    let next = Infinity;
    for (const { time } of this.waiting.values()) next = Math.min(next, time);
    if (next === Infinity) return this.disarm();
    if (this.timer && this.timer.time <= next) return;
    this.disarm();
    const delay = Math.min(LONGEST_TIMER_MS, Math.max(0, next - this.clock.now()));
    this.timer = { id: this.clock.setTimeout(() => this.fire(), delay), time: next };
  }

  private fire() {
    this.timer = undefined;
    const now = this.clock.now();
    const due: (() => void)[] = [];
    for (const [id, { time, callback }] of this.waiting) {
      if (time > now) continue;
      this.waiting.delete(id);
      due.push(callback);
    }
    this.arm();
    for (const callback of due) callback();
  }
}
