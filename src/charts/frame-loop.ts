/** Called once per animation frame with the frame's timestamp (as requestAnimationFrame's). */
export type FrameCallback = (now: number) => void;

/** What a frame loop needs from the browser; a test gives a fake. */
export interface FrameScheduler {
  request: (run: FrameCallback) => number;
  cancel: (handle: number) => void;
  /** Where a subscriber's error goes: thrown apart from the loop, so the others still run. */
  report: (error: unknown) => void;
}

interface Subscriber {
  readonly callback: FrameCallback;
}

/**
 * One animation frame loop shared by its subscribers: a wall of sliding
 * charts asks the browser for one frame, not one each. The loop runs while
 * anyone is subscribed and calls each subscriber once per frame, with the
 * same timestamp. A subscriber that throws is reported and dropped, as its
 * own loop would have ended; the others go on.
 */
export function createFrameLoop(
  scheduler: FrameScheduler,
): (callback: FrameCallback) => () => void {
  const subscribers = new Set<Subscriber>();
  let handle: number | null = null;

  const run = (now: number) => {
    handle = null;
    // Those who join during the frame wait for the next; those who leave are not called.
    for (const subscriber of [...subscribers]) {
      if (!subscribers.has(subscriber)) continue;
      try {
        subscriber.callback(now);
      } catch (error) {
        subscribers.delete(subscriber);
        scheduler.report(error);
      }
    }
    if (subscribers.size > 0 && handle === null) handle = scheduler.request(run);
  };

  return (callback) => {
    const subscriber: Subscriber = { callback };
    subscribers.add(subscriber);
    handle ??= scheduler.request(run);
    return () => {
      if (!subscribers.delete(subscriber) || subscribers.size > 0 || handle === null) return;
      scheduler.cancel(handle);
      handle = null;
    };
  };
}

/** The page's frame loop: `callback` runs every frame until the returned function is called. */
export const subscribeFrame = createFrameLoop({
  // Looked up at each call, so a test can stub them on globalThis.
  request: (run) => requestAnimationFrame(run),
  cancel: (handle) => cancelAnimationFrame(handle),
  report: (error) =>
    queueMicrotask(() => {
      throw error;
    }),
});
