/**
 * Called in an animation frame with the frame's timestamp (as
 * requestAnimationFrame's). It returns how long (ms) it can wait before it
 * needs a frame again, or nothing for the next frame.
 */
export type FrameCallback = (now: number) => number | undefined;

/** What a frame loop needs from the browser; a test gives a fake. */
export interface FrameScheduler {
  request: (run: (now: number) => void) => number;
  cancel: (handle: number) => void;
  /** Runs `run` after `ms` (setTimeout): a frame is asked for only once someone is due. */
  after: (run: () => void, ms: number) => number;
  clear: (handle: number) => void;
  /** The clock of the frames' timestamps (performance.now). */
  now: () => number;
  /** Where a subscriber's error goes: thrown apart from the loop, so the others still run. */
  report: (error: unknown) => void;
}

interface Subscriber {
  readonly callback: FrameCallback;
  /** When it wants its next frame, on the frames' clock; 0: the next frame. */
  due: number;
}

/**
 * A subscriber is due in a frame that starts this close before its time:
 * a frame's timestamp is its start, a little before the callbacks run.
 */
const EARLY_MS = 2;

/**
 * How long a frame calls its subscribers for, at most (one more can start
 * within it): a wall's charts drawing their first data all at once would
 * otherwise hold a slow device's frame, and its input, for tens of
 * milliseconds; the rest draw in the frames that follow.
 */
const FRAME_BUDGET_MS = 8;

/**
 * One animation frame loop shared by its subscribers: a wall of sliding
 * charts asks the browser for one frame, not one each, and for none while
 * nobody needs one. Each subscriber says how long it can wait; the loop
 * sleeps on a timer until the first is due, then asks for a frame and calls
 * every subscriber due by then, with the same timestamp. Subscribers that
 * wait for the same moment (charts of one window moving a pixel at a time)
 * share one frame, within the frame's budget of time; those left over go
 * first in the next. A subscriber that throws is reported and dropped, as its
 * own loop would have ended; the others go on.
 */
export function createFrameLoop(
  scheduler: FrameScheduler,
): (callback: FrameCallback) => () => void {
  const subscribers = new Set<Subscriber>();
  let frame: number | null = null;
  let timer: number | null = null;

  const stop = () => {
    if (frame !== null) scheduler.cancel(frame);
    if (timer !== null) scheduler.clear(timer);
    frame = null;
    timer = null;
  };

  /** Asks for a frame, at once or once the first subscriber is due. */
  const plan = () => {
    if (frame !== null || subscribers.size === 0) return;
    let first = Infinity;
    for (const subscriber of subscribers) first = Math.min(first, subscriber.due);
    const wait = first - scheduler.now();
    if (timer !== null) scheduler.clear(timer);
    timer = null;
    if (wait <= EARLY_MS) frame = scheduler.request(run);
    else
      timer = scheduler.after(() => {
        timer = null;
        frame ??= scheduler.request(run);
      }, wait);
  };

  const run = (now: number) => {
    frame = null;
    const started = scheduler.now();
    // Those who join during the frame wait for the next; those who leave are not called.
    for (const subscriber of [...subscribers]) {
      if (!subscribers.has(subscriber) || subscriber.due > now + EARLY_MS) continue;
      // The frame's time is spent: the others due are called in the next one, first.
      if (scheduler.now() - started >= FRAME_BUDGET_MS) break;
      try {
        const wait = subscriber.callback(now);
        subscriber.due = typeof wait === 'number' && wait > 0 ? now + wait : 0;
      } catch (error) {
        subscribers.delete(subscriber);
        scheduler.report(error);
      }
      // To the back of the line: the same ones are not called first in every frame.
      if (subscribers.delete(subscriber)) subscribers.add(subscriber);
    }
    plan();
  };

  return (callback) => {
    const subscriber: Subscriber = { callback, due: 0 };
    subscribers.add(subscriber);
    if (timer !== null) {
      scheduler.clear(timer);
      timer = null;
    }
    plan();
    return () => {
      if (!subscribers.delete(subscriber) || subscribers.size > 0) return;
      stop();
    };
  };
}

/** The page's frame loop: `callback` runs in frames until the returned function is called. */
export const subscribeFrame = createFrameLoop({
  // Looked up at each call, so a test can stub them on globalThis.
  request: (run) => requestAnimationFrame(run),
  cancel: (handle) => cancelAnimationFrame(handle),
  after: (run, ms) => window.setTimeout(run, ms),
  clear: (handle) => window.clearTimeout(handle),
  now: () => performance.now(),
  report: (error) =>
    queueMicrotask(() => {
      throw error;
    }),
});
