import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../lib/i18n.ts';
import { renderScreen } from '../ui/test-support.tsx';
import type { FrameCallback } from './frame-loop.ts';
import { LineChart, plotWidth, slideStepMs } from './line-chart.tsx';
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
  it('redraws sliding charts together on their beat, with no frame asked for between', () => {
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
    // The beat: at most a pixel of the window, on whole multiples of the clock (here from midnight).
    const pixel = slideStepMs(60 * 60_000, plotWidth(600));
    expect(pixel).toBeLessThanOrEqual((60 * 60_000) / plotWidth(600));
    expect(pixel).toBeGreaterThanOrEqual((60 * 60_000) / plotWidth(600) / 2);

    runFrame(performance.now());
    // Drawn when mounted, each chart waits for the next beat: no frame until then.
    expect(pending.size).toBe(0);
    vi.advanceTimersByTime(pixel - 10);
    expect(pending.size).toBe(0);
    vi.advanceTimersByTime(10);
    expect(pending.size).toBe(1);

    // Ten pixels: ten frames for the 24 charts drawn together, not one per chart or per display frame.
    for (let i = 0; i < 10; i++) {
      runFrame(performance.now());
      expect(pending.size).toBe(0);
      vi.advanceTimersByTime(pixel);
    }
    expect(requestFrame).toHaveBeenCalledTimes(12);

    unmount();
    expect(pending.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });

  it('keeps charts mounted at different moments on the same beats', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
    const clock = () => MONDAY + 3 * DAY + performance.now();
    const hour = { kind: 'sliding', durationMs: 60 * 60_000 } as const;
    const pixel = slideStepMs(60 * 60_000, plotWidth(600));
    const charts = (from: number) =>
      Array.from({ length: 12 }, (_, i) => (
        <LineChart
          key={from + i}
          label={`Chart ${from + i}`}
          points={points}
          window={hour}
          timeZone={TEST_ZONE}
          now={clock}
        />
      ));
    renderScreen(<>{charts(0)}</>);
    runFrame(performance.now());
    // A third of a beat later, twelve more charts join (a second dashboard row coming in).
    vi.advanceTimersByTime(Math.round(pixel / 3));
    renderScreen(<>{charts(12)}</>);
    runFrame(performance.now());
    expect(requestFrame).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(pixel - Math.round(pixel / 3));
    // Ten beats: one frame each for all 24, not one for each group's own phase.
    for (let i = 0; i < 10; i++) {
      expect(pending.size).toBe(1);
      runFrame(performance.now());
      expect(pending.size).toBe(0);
      vi.advanceTimersByTime(pixel);
    }
    // The two mounts, the first beat and the ten after it.
    expect(requestFrame).toHaveBeenCalledTimes(13);
    cleanup();
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });

  it('draws in its first render at the width its parent measured, before measuring itself', () => {
    // A ResizeObserver that has not answered yet.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const fixed = { from: MONDAY, to: MONDAY + 3 * DAY, timeZone: TEST_ZONE, now } as const;
    const { container } = renderScreen(
      <>
        <LineChart label="Measured" points={points} width={600} {...fixed} />
        <LineChart label="Unmeasured" points={points} {...fixed} />
      </>,
    );
    const [measured, unmeasured] = container.querySelectorAll('[data-last-drawn]');
    expect(Number(measured?.getAttribute('data-last-drawn'))).toBe(points.at(-1)?.time);
    // Without a width the chart waits for its own measurement to draw anything.
    expect(unmeasured).toBeUndefined();
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
