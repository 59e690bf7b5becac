/** What a ticker needs from the browser; a test gives a fake. */
export interface TickTimers {
  set: (run: () => void, ms: number) => number;
  clear: (handle: number) => void;
  /** The wall clock (epoch ms): ticks fall on its whole multiples of a period. */
  now: () => number;
  /** Where a subscriber's error goes: thrown apart from the tick, so the others still run. */
  report: (error: unknown) => void;
}

interface Subscriber {
  readonly periodMs: number;
  readonly callback: (now: number) => void;
  /** The next whole multiple of its period it is due at. */
  due: number;
}

/** A subscriber due this close after the timer fired is called in the same task. */
const EARLY_MS = 2;

/** The first whole multiple of `periodMs` after `now`. */
export const nextMultiple = (now: number, periodMs: number): number =>
  (Math.floor(now / periodMs) + 1) * periodMs;

/**
 * One timer for every clock on the page: each subscriber is called at the
 * whole multiples of its period on the wall clock (a 1 s clock at every
 * whole second, a 30 s one at :00 and :30), and all those due at the same
 * moment are called in one task. A wall of graphs ticking every second is
 * then rendered by React in one pass and painted in one frame, not in 24
 * tasks and frames spread over the second.
 */
export function createTicker(
  timers: TickTimers,
): (periodMs: number, callback: (now: number) => void) => () => void {
  const subscribers = new Set<Subscriber>();
  let timer: number | null = null;
  let timerDue = Infinity;

  const plan = () => {
    let first = Infinity;
    for (const subscriber of subscribers) first = Math.min(first, subscriber.due);
    if (first === timerDue) return;
    if (timer !== null) timers.clear(timer);
    timer = null;
    timerDue = first;
    if (first === Infinity) return;
    timer = timers.set(run, Math.max(0, first - timers.now()));
  };

  const run = () => {
    timer = null;
    timerDue = Infinity;
    const now = timers.now();
    const due = [...subscribers].filter((subscriber) => subscriber.due <= now + EARLY_MS);
    for (const subscriber of due)
      subscriber.due = nextMultiple(now + EARLY_MS, subscriber.periodMs);
    for (const subscriber of due) {
      if (!subscribers.has(subscriber)) continue;
      try {
        subscriber.callback(now);
      } catch (error) {
        timers.report(error);
      }
    }
    plan();
  };

  return (periodMs, callback) => {
    const period = Math.max(1, Math.round(periodMs));
    const subscriber: Subscriber = {
      periodMs: period,
      callback,
      due: nextMultiple(timers.now(), period),
    };
    subscribers.add(subscriber);
    plan();
    return () => {
      if (subscribers.delete(subscriber)) plan();
    };
  };
}

/** The page's ticker: `callback` runs at the whole multiples of `periodMs` until unsubscribed. */
export const subscribeTick = createTicker({
  // Looked up at each call, so a test's fake timers apply.
  set: (run, ms) => window.setTimeout(run, ms),
  clear: (handle) => window.clearTimeout(handle),
  now: () => Date.now(),
  report: (error) =>
    queueMicrotask(() => {
      throw error;
    }),
});
