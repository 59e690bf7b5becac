import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameLoop, subscribeFrame, type FrameCallback } from './frame-loop.ts';

/** A browser's frames by hand: `frame(now)` runs what was requested since the last one. */
function fakeFrames() {
  let pending = new Map<number, FrameCallback>();
  let next = 1;
  const request = vi.fn((run: FrameCallback) => {
    pending.set(next, run);
    return next++;
  });
  const cancel = vi.fn((handle: number) => {
    pending.delete(handle);
  });
  const frame = (now: number) => {
    const due = pending;
    pending = new Map();
    for (const run of due.values()) run(now);
  };
  return { request, cancel, frame, pending: () => pending.size };
}

function setUp() {
  const frames = fakeFrames();
  const report = vi.fn();
  const subscribe = createFrameLoop({ request: frames.request, cancel: frames.cancel, report });
  return { ...frames, report, subscribe };
}

describe('frame loop', () => {
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
    const leave: () => void = subscribe(() => leave());
    frame(16);
    expect(request).toHaveBeenCalledTimes(1);
    expect(cancel).not.toHaveBeenCalled();
    expect(pending()).toBe(0);
  });

  it('does not call a subscriber that leaves earlier in the same frame', () => {
    const { subscribe, frame } = setUp();
    const later = vi.fn();
    subscribe(() => leaveLater());
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
