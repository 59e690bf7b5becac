import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameLoop, subscribeFrame } from './frame-loop.ts';

/**
 * A browser's frames and timers by hand: `frame(now)` runs the frames
 * requested since the last one; `advance(ms)` moves the clock and fires the
 * timers due.
 */
function fakeFrames() {
  let pending = new Map<number, (now: number) => void>();
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  let clock = 0;
  const request = vi.fn((run: (now: number) => void) => {
    pending.set(next, run);
    return next++;
  });
  const cancel = vi.fn((handle: number) => {
    pending.delete(handle);
  });
  const after = vi.fn((run: () => void, ms: number) => {
    timers.set(next, { at: clock + ms, run });
    return next++;
  });
  const clear = vi.fn((handle: number) => {
    timers.delete(handle);
  });
  const frame = (now: number) => {
    clock = Math.max(clock, now);
    const due = pending;
    pending = new Map();
    for (const run of due.values()) run(now);
  };
  const advance = (ms: number) => {
    clock += ms;
    for (const [handle, timer] of [...timers]) {
      if (timer.at > clock) continue;
      timers.delete(handle);
      timer.run();
    }
  };
  return {
    request,
    cancel,
    after,
    clear,
    now: () => clock,
    frame,
    advance,
    /** Time spent by a callback: the clock moves, no timer fires. */
    spend: (ms: number) => {
      clock += ms;
    },
    pending: () => pending.size,
    timers: () => timers.size,
  };
}

function setUp() {
  const frames = fakeFrames();
  const report = vi.fn();
  const subscribe = createFrameLoop({ ...frames, report });
  return { ...frames, report, subscribe };
}

describe('frame loop', () => {
  it('calls subscribers for a frame’s budget of time, and the ones left over first in the next', () => {
    const { subscribe, frame, spend, pending } = setUp();
    const called: string[] = [];
    // Each takes 5 ms, as a chart drawing its first data on a slow device.
    for (const name of ['a', 'b', 'c', 'd', 'e'])
      subscribe(() => {
        called.push(name);
        spend(5);
        return undefined;
      });
    frame(16);
    // 8 ms a frame: a second one starts within it, the rest wait.
    expect(called).toEqual(['a', 'b']);
    expect(pending()).toBe(1);
    frame(33);
    expect(called).toEqual(['a', 'b', 'c', 'd']);
    frame(50);
    // Those called longest ago go first: none waits behind the same ones every frame.
    expect(called).toEqual(['a', 'b', 'c', 'd', 'e', 'a']);
  });

  it('asks for one frame per frame however many subscribe, and calls each with its time', () => {
    const { subscribe, request, frame } = setUp();
    const callbacks = Array.from({ length: 24 }, () => vi.fn());
    callbacks.forEach((callback) => subscribe(callback));
    expect(request).toHaveBeenCalledTimes(1);

    frame(16);
    frame(32);

    expect(request).toHaveBeenCalledTimes(3);
    for (const callback of callbacks) {
      expect(callback.mock.calls).toEqual([[16], [32]]);
    }
  });

  it('stops when the last subscriber leaves, and starts again with the next', () => {
    const { subscribe, request, cancel, frame, pending } = setUp();
    const leaveA = subscribe(vi.fn());
    const leaveB = subscribe(vi.fn());
    frame(16);

    leaveA();
    expect(cancel).not.toHaveBeenCalled();
    leaveB();
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(pending()).toBe(0);
    leaveB();
    expect(cancel).toHaveBeenCalledTimes(1);

    const callback = vi.fn();
    subscribe(callback);
    expect(request).toHaveBeenCalledTimes(3);
    frame(48);
    expect(callback).toHaveBeenCalledWith(48);
  });

  it('asks for no further frame when the last subscriber leaves during one', () => {
    const { subscribe, request, cancel, frame, pending } = setUp();
    const leave: () => void = subscribe(() => {
      leave();
      return undefined;
    });
    frame(16);
    expect(request).toHaveBeenCalledTimes(1);
    expect(cancel).not.toHaveBeenCalled();
    expect(pending()).toBe(0);
  });

  it('does not call a subscriber that leaves earlier in the same frame', () => {
    const { subscribe, frame } = setUp();
    const later = vi.fn();
    subscribe(() => {
      leaveLater();
      return undefined;
    });
    const leaveLater = subscribe(later);
    const staying = vi.fn();
    subscribe(staying);

    frame(16);
    frame(32);

    expect(later).not.toHaveBeenCalled();
    expect(staying.mock.calls).toEqual([[16], [32]]);
  });

  it('calls one who joins during a frame from the next frame on', () => {
    const { subscribe, request, frame } = setUp();
    const joiner = vi.fn();
    let joined = false;
    subscribe(() => {
      if (!joined) subscribe(joiner);
      joined = true;
      return undefined;
    });

    frame(16);
    expect(joiner).not.toHaveBeenCalled();
    frame(32);
    expect(joiner.mock.calls).toEqual([[32]]);
    expect(request).toHaveBeenCalledTimes(3);
  });

  it('goes on with the others when a subscriber throws, and reports and drops that one', () => {
    const { subscribe, report, frame } = setUp();
    const error = new Error('draw failed');
    const before = vi.fn();
    const throwing = vi.fn(() => {
      throw error;
    });
    const after = vi.fn();
    subscribe(before);
    subscribe(throwing);
    subscribe(after);

    frame(16);
    frame(32);

    expect(report.mock.calls).toEqual([[error]]);
    expect(throwing).toHaveBeenCalledTimes(1);
    expect(before.mock.calls).toEqual([[16], [32]]);
    expect(after.mock.calls).toEqual([[16], [32]]);
  });
  it('asks for no frame while every subscriber waits, and wakes on a timer when the first is due', () => {
    const { subscribe, request, after, frame, advance, pending } = setUp();
    const slow = vi.fn(() => 200);
    const slower = vi.fn(() => 500);
    subscribe(slow);
    subscribe(slower);
    frame(0);
    expect(slow).toHaveBeenCalledTimes(1);
    expect(slower).toHaveBeenCalledTimes(1);
    expect(pending()).toBe(0);
    expect(after).toHaveBeenLastCalledWith(expect.any(Function), 200);

    advance(199);
    expect(pending()).toBe(0);
    advance(1);
    expect(pending()).toBe(1);
    frame(200);
    expect(slow).toHaveBeenCalledTimes(2);
    // Not due yet: left out of this frame.
    expect(slower).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('calls subscribers due at the same moment in one frame', () => {
    const { subscribe, request, frame, advance } = setUp();
    const charts = Array.from({ length: 24 }, () => vi.fn(() => 100));
    charts.forEach((chart) => subscribe(chart));
    frame(0);
    advance(100);
    frame(100);
    advance(100);
    frame(200);
    expect(request).toHaveBeenCalledTimes(3);
    for (const chart of charts) expect(chart.mock.calls).toEqual([[0], [100], [200]]);
  });

  it('gives a newcomer the next frame while the others sleep, and stops the timer when all leave', () => {
    const { subscribe, frame, pending, timers, clear } = setUp();
    const leaveSleeper = subscribe(() => 1000);
    frame(0);
    expect(timers()).toBe(1);

    const newcomer = vi.fn();
    const leaveNewcomer = subscribe(newcomer);
    expect(pending()).toBe(1);
    frame(16);
    expect(newcomer).toHaveBeenCalledWith(16);

    leaveNewcomer();
    leaveSleeper();
    expect(pending()).toBe(0);
    expect(timers()).toBe(0);
    expect(clear).toHaveBeenCalled();
  });
});

describe('the page frame loop', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs on requestAnimationFrame and throws a subscriber error apart from the loop', () => {
    const frames = fakeFrames();
    const thrown: unknown[] = [];
    vi.stubGlobal('requestAnimationFrame', frames.request);
    vi.stubGlobal('cancelAnimationFrame', frames.cancel);
    vi.stubGlobal('queueMicrotask', (task: () => void) => {
      try {
        task();
      } catch (error) {
        thrown.push(error);
      }
    });
    const error = new Error('draw failed');
    const callback = vi.fn();
    const leaveThrowing = subscribeFrame(() => {
      throw error;
    });
    const leave = subscribeFrame(callback);

    frames.frame(16);
    leave();
    leaveThrowing();

    expect(frames.request).toHaveBeenCalledTimes(2);
    expect(frames.cancel).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledWith(16);
    expect(thrown).toEqual([error]);
  });
});
