import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../lib/i18n.ts';
import { renderScreen } from '../ui/test-support.tsx';
import { LineChart } from './line-chart.tsx';
import { TEST_ZONE } from './test-series.ts';
import { layOut } from './test-layout.ts';

const SECOND = 1000;
const START = Date.UTC(2024, 4, 6, 10, 0, 0);

/** What the chart asks of its canvas, in order: path moves and lines with their x. */
let calls: [string, number][] = [];

function recordingContext(): CanvasRenderingContext2D {
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, typeof args[0] === 'number' ? args[0] : NaN]);
    };
  return new Proxy({} as CanvasRenderingContext2D, {
    get: (_target, name) =>
      name === 'moveTo' || name === 'lineTo' || name === 'arc' ? record(name) : () => undefined,
    set: () => true,
  });
}

beforeEach(async () => {
  await activateLocale('en');
  calls = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => recordingContext());
  vi.stubGlobal('matchMedia', () => ({ matches: true }));
  layOut(800);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a line chart with a gap in its data', () => {
  it('breaks the line where the device went silent, and shows a lone point as a dot', () => {
    // A value every 20 s for a minute, 20 minutes of silence, one value, silence, a minute more.
    const times = [0, 20, 40, 60, 1260, 2460, 2480, 2500, 2520].map((s) => START + s * SECOND);
    render(times);
    const moves = calls.filter(([name]) => name === 'moveTo').length;
    // Three runs: the first minute, the lone point, the last minute.
    expect(moves).toBe(3);
    const lines = calls.filter(([name]) => name === 'lineTo').map(([, x]) => x);
    const loneX = xOf(START + 1260 * SECOND);
    // No line reaches the lone point; it is drawn as a dot.
    expect(lines.some((x) => Math.abs(x - loneX) < 0.5)).toBe(false);
    expect(calls.some(([name, x]) => name === 'arc' && Math.abs(x - loneX) < 0.5)).toBe(true);
  });

  it('draws a series without gaps as one line', () => {
    render(Array.from({ length: 30 }, (_, i) => START + i * 20 * SECOND));
    expect(calls.filter(([name]) => name === 'moveTo')).toHaveLength(1);
  });
});

const FROM = START - 60 * SECOND;
const TO = START + 2600 * SECOND;
let plotWidthPx = 0;
const xOf = (time: number) => ((time - FROM) / (TO - FROM)) * plotWidthPx;

function render(times: number[]) {
  renderScreen(
    <LineChart
      label="Level"
      points={times.map((time) => ({ time, value: 1 + (time % 7) }))}
      from={FROM}
      to={TO}
      timeZone={TEST_ZONE}
      weekendColor={null}
    />,
  );
  // The plot's width: the first moveTo is the first point, whose x is known from it.
  const first = calls.find(([name]) => name === 'moveTo');
  plotWidthPx = first ? (first[1] * (TO - FROM)) / ((times[0] ?? TO) - FROM) : 0;
}
