import { cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../lib/i18n.ts';
import type { UserSettings } from '../lib/settings.ts';
import { SettingsProvider } from '../lib/use-settings.ts';
import { renderScreen } from '../ui/test-support.tsx';
import { BarChart } from './bar-chart.tsx';
import { plotWidth } from './frame.tsx';
import { LineChart } from './line-chart.tsx';
import { DAY, MONDAY, TEST_ZONE, dailySeries } from './test-series.ts';
import { layOut } from './test-layout.ts';

/**
 * Weekends and public holidays are shaded in the colour the user chose on
 * /settings (settings.weekendColor), not a fixed one. The week of MONDAY
 * (23 November 2026) with Wednesday made a holiday: two shaded spans.
 */
const WEEK = { from: MONDAY, to: MONDAY + 7 * DAY, timeZone: TEST_ZONE };
const WEDNESDAY = '2026-11-25';
const values = [1, 2, 3, 4, 5, 6, 7];

/** The signed-in user's stored settings, as the shell provides them to every screen (routes/__root.tsx). */
function renderFor(settings: Partial<UserSettings>, chart: ReactElement) {
  renderScreen(
    <SettingsProvider
      value={{
        stored: settings,
        save: () => Promise.resolve({ ok: true }),
        saving: false,
        error: null,
      }}
    >
      {chart}
    </SettingsProvider>,
  );
}

/**
 * What the line chart filled on its canvas in its last drawing (each drawing
 * starts by clearing it): each rectangle with the fill style it had then.
 */
let filled: { fillStyle: string; x: number; width: number }[] = [];

function recordingContext(): CanvasRenderingContext2D {
  let fillStyle = '';
  return new Proxy({} as CanvasRenderingContext2D, {
    get: (_target, name) => {
      if (name === 'fillStyle') return fillStyle;
      if (name === 'clearRect') return () => (filled = []);
      if (name === 'fillRect')
        return (x: number, _y: number, width: number) => filled.push({ fillStyle, x, width });
      return () => undefined;
    },
    set: (_target, name, value) => {
      if (name === 'fillStyle') fillStyle = String(value);
      return true;
    },
  });
}

const WIDTH = 700;
/** A day's width on the plot: the week spans it. */
const dayWidth = plotWidth(WIDTH) / 7;
/** The rectangles that show on the plot (the chart also fills the days just outside it). */
const onPlot = (rects: typeof filled) =>
  rects.filter(({ x, width }) => x + width > 0 && x < plotWidth(WIDTH));

beforeEach(async () => {
  await activateLocale('en');
  filled = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => recordingContext());
  vi.stubGlobal('matchMedia', () => ({ matches: true }));
  layOut(WIDTH);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("weekend and holiday shading in the user's weekend colour", () => {
  it.each([
    ['teal', 'rgba(0, 150, 136, 0.12)'],
    ['deepPurple', 'rgba(103, 58, 183, 0.12)'],
  ] as const)('a line chart shades them in %s when the user chose it', (weekendColor, shade) => {
    renderFor(
      { weekendColor },
      <LineChart
        label="Level"
        points={dailySeries('a', 'Level', values).points}
        holidays={[WEDNESDAY]}
        {...WEEK}
      />,
    );
    const shaded = onPlot(filled).filter((rect) => rect.fillStyle === shade);
    // The holiday (Wednesday, the third day) and the weekend (Saturday and Sunday).
    expect(shaded.map(({ x, width }) => [x / dayWidth, width / dayWidth])).toEqual([
      [expect.closeTo(2), expect.closeTo(1)],
      [expect.closeTo(5), expect.closeTo(2)],
    ]);
    // Nothing is filled in the default red instead.
    expect(filled.some((rect) => rect.fillStyle === 'rgba(244, 67, 54, 0.12)')).toBe(false);
  });

  it.each([
    ['amber', 'rgba(255, 193, 7, 0.12)'],
    ['lightBlue', 'rgba(3, 169, 244, 0.12)'],
  ] as const)('a bar chart shades them in %s when the user chose it', (weekendColor, shade) => {
    renderFor(
      { weekendColor },
      <BarChart
        label="Water"
        datasets={[dailySeries('a', 'Meter A', values)]}
        holidays={[WEDNESDAY]}
        {...WEEK}
      />,
    );
    const shaded = [...document.querySelectorAll('rect[data-weekend]')];
    expect(shaded).toHaveLength(2);
    expect(shaded.map((rect) => rect.getAttribute('fill'))).toEqual([shade, shade]);
  });

  it('is red for a user who never chose a colour', () => {
    renderFor(
      {},
      <LineChart label="Level" points={dailySeries('a', 'Level', values).points} {...WEEK} />,
    );
    const shaded = onPlot(filled).filter((rect) => rect.fillStyle === 'rgba(244, 67, 54, 0.12)');
    expect(shaded.map(({ x }) => x / dayWidth)).toEqual([expect.closeTo(5)]);
  });
});
