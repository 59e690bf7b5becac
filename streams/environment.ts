/**
 * What the layer needs from its surroundings — time, animation frames and
 * the tab's visibility — behind small interfaces, so tests drive them by
 * hand and the layer runs in a browser, a worker or Node alike.
 */

export type TimerId = number;

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
}

/** Runs a callback before the next paint; returns a function that cancels it. */
export interface FrameScheduler {
  request(callback: () => void): () => void;
}

export interface Visibility {
  isHidden(): boolean;
  /** Called whenever `isHidden()` may have changed. */
  subscribe(listener: () => void): () => void;
}

/** The real clock: Date.now and the global timers, behind numeric ids. */
export function systemClock(): Clock {
  const timers = new Map<TimerId, ReturnType<typeof globalThis.setTimeout>>();
  let nextId = 1;
  return {
    now: () => Date.now(),
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(
        id,
        globalThis.setTimeout(() => {
          timers.delete(id);
          callback();
        }, ms),
      );
      return id;
    },
    clearTimeout(id) {
      const timer = timers.get(id);
      if (timer === undefined) return;
      timers.delete(id);
      globalThis.clearTimeout(timer);
    },
  };
}

interface FrameGlobals {
  requestAnimationFrame?: (callback: () => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
}

/** requestAnimationFrame where there is one; elsewhere (Node, workers without it) a 16 ms timer. */
export function animationFrames(clock: Clock = systemClock()): FrameScheduler {
  const g = globalThis as FrameGlobals;
  const raf = g.requestAnimationFrame;
  const caf = g.cancelAnimationFrame;
  if (raf && caf) {
    return {
      request(callback) {
        const handle = raf.call(globalThis, callback);
        return () => caf.call(globalThis, handle);
      },
    };
  }
  return {
    request(callback) {
      const id = clock.setTimeout(callback, 16);
      return () => clock.clearTimeout(id);
    },
  };
}

interface VisibilityDocument {
  readonly hidden: boolean;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** The page's visibility (document.hidden); always visible where there is no document. */
export function documentVisibility(): Visibility {
  const doc = (globalThis as { document?: VisibilityDocument }).document;
  if (!doc) return { isHidden: () => false, subscribe: () => () => undefined };
  return {
    isHidden: () => doc.hidden,
    subscribe(listener) {
      doc.addEventListener('visibilitychange', listener);
      return () => doc.removeEventListener('visibilitychange', listener);
    },
  };
}
