import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../lib/i18n.ts';
import { renderScreen } from '../ui/test-support.tsx';
import type { FrameCallback } from './frame-loop.ts';
import { LineChart, plotWidth } from './line-chart.tsx';
import { DAY, MONDAY, TEST_ZONE, dailySeries } from './test-series.ts';
import { layOut } from './test-layout.ts';

const now = () => MONDAY + 3 * DAY;
const points = dailySeries('a', 'Meter A', [1, 2, 3]).points;

/** The browser's frames, run by hand. */
let pending = new Map<number, FrameCallback>();
let nextHandle = 1;
const requestFrame = vi.fn((run: FrameCallback) => {
  pending.set(nextHandle, run);
  return nextHandle++;
});
const cancelFrame = vi.fn((handle: number) => {
  pending.delete(handle);
});
const runFrame = (time: number) => {
  const due = pending;
  pending = new Map();
  for (const run of due.values()) run(time);
};

beforeEach(async () => {
  await activateLocale('en');
  pending = new Map();
  requestFrame.mockClear();
  cancelFrame.mockClear();
  vi.stubGlobal('requestAnimationFrame', requestFrame);
  vi.stubGlobal('cancelAnimationFrame', cancelFrame);
  // Reduced motion: the line is drawn in at once, so only sliding keeps a chart on the frame loop.
  vi.stubGlobal('matchMedia', () => ({ matches: true }));
  layOut(600);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('line chart frames', () => {
  it('redraws sliding charts a pixel at a time on a timer, with no frame asked for between', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
    const clock = () => MONDAY + 3 * DAY + performance.now();
    const hour = { kind: 'sliding', durationMs: 60 * 60_000 } as const;
    const wall = Array.from({ length: 24 }, (_, i) => (
      <LineChart
        key={i}
        label={`Chart ${i}`}
        points={points}
        window={hour}
        timeZone={TEST_ZONE}
        now={clock}
      />
    ));
    const { unmount } = renderScreen(<>{wall}</>);
    expect(requestFrame).toHaveBeenCalledTimes(1);
    // The time the window takes to move one pixel.
    const pixel = Math.ceil((60 * 60_000) / plotWidth(600));

    runFrame(performance.now());
    // Drawn when mounted, each chart waits until its window has moved a pixel: no frame until then.
    expect(pending.size).toBe(0);
    vi.advanceTimersByTime(pixel - 10);
    expect(pending.size).toBe(0);
    vi.advanceTimersByTime(10);
    expect(pending.size).toBe(1);

    // Ten pixels: ten frames for the 24 charts drawn together, not one per chart or per display frame.
    for (let i = 0; i < 10; i++) {
      runFrame(performance.now());
      expect(pending.size).toBe(0);
      vi.advanceTimersByTime(pixel + 1);
    }
    expect(requestFrame).toHaveBeenCalledTimes(12);

    unmount();
    expect(pending.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });

  it('leaves the frame loop once a fixed window is drawn in', () => {
    renderScreen(
      <LineChart
        label="Fixed"
        points={points}
        from={MONDAY}
        to={MONDAY + 3 * DAY}
        timeZone={TEST_ZONE}
        now={now}
      />,
    );
    expect(requestFrame).toHaveBeenCalledTimes(1);

    runFrame(16);
    expect(requestFrame).toHaveBeenCalledTimes(1);
    expect(pending.size).toBe(0);
  });
});
