import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newGraph } from '../../../../machines/dashboard-layout.ts';
import type { SeriesSnapshot } from '../../../../streams/live-data.ts';
import type { SeriesPoint } from '../../../../streams/types.ts';
import { weatherInstant } from '../../../api/chart-context/tooltip-context.tsx';
import { MARGIN, plotWidth } from '../../../charts/frame.tsx';
import { KindChart } from '../../../charts/kind-chart.tsx';
import { layOut } from '../../../charts/test-layout.ts';
import type { TooltipMoment } from '../../../charts/types.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { renderScreen } from '../../../ui/test-support.tsx';
import { chartDatasets } from './chart-data.ts';
import { graphData } from './graph-data.ts';
import { graphSources } from './sources.ts';

const ZONE = 'Europe/Copenhagen';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WIDTH = 600;
/** Sunday 29 November 2026, 09:13 in Copenhagen: the "last 7 days" end now. */
const NOW = Date.UTC(2026, 10, 29, 8, 13);
const RANGE = { from: NOW - 7 * DAY, to: NOW };
/** Local midnight (23:00 UTC in winter) starting 22 November 2026. */
const midnight = (day: number) => Date.UTC(2026, 10, day - 1, 23);

/** People in, last 7 days, as bars of each day's sum (the demo's `weekBars` graph). */
const graph = {
  ...newGraph(0, () => 0.5, 'Personer ind'),
  period: { menuId: 3, timeType: 2, chartType: 2 },
  dataSource: { type: 1, deviceId: 1, dataKey: 'countIn', cf: 1, statistic: 'sum' as const },
};
const sources = graphSources(graph);

/**
 * The history route's day buckets as the series layer holds them: from local
 * midnight to local midnight, counts every half hour, each bucket's point at
 * the middle of its first and last value (the first and last days cut by the window).
 */
function dayBucket(day: number): SeriesPoint {
  const start = midnight(day);
  const end = start + DAY;
  const firstTime = Math.max(start, RANGE.from);
  const lastTime = Math.min(end - HOUR / 2, RANGE.to);
  const count = Math.floor((lastTime - firstTime) / (HOUR / 2)) + 1;
  return {
    time: Math.round((firstTime + lastTime) / 2),
    value: 10,
    bucket: { start, end, min: 0, max: 40, count },
  };
}
const points = [22, 23, 24, 25, 26, 27, 28, 29].map(dayBucket);
const snapshot: SeriesSnapshot = {
  deviceId: 1,
  key: 'countIn',
  points,
  bucketMs: DAY,
  loading: false,
  error: null,
  refused: false,
  lastPointAt: NOW,
};
const snapshots = new Map(sources.map((source) => [source.id, snapshot]));

const datasets = () => {
  const data = graphData({
    graph,
    sources,
    snapshots,
    range: RANGE,
    timeZone: ZONE,
    now: NOW,
    labelOf: () => 'Strøget, Amagertorv A',
    field: 'countIn',
  });
  return chartDatasets(sources, snapshots, data.drawn);
};

/** Where an instant lies on the plot, from the frame's left edge (the frame lies at the page's left edge). */
const xOf = (time: number) =>
  MARGIN.left + ((time - RANGE.from) / (RANGE.to - RANGE.from)) * plotWidth(WIDTH);

beforeEach(async () => {
  await activateLocale('da');
  layOut(WIDTH);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a bar graph of daily sums', () => {
  it('keeps each bucket’s day as its span, without a min/max band', () => {
    const [dataset] = datasets();
    expect(dataset?.points[3]).toEqual({
      time: points[3]?.time,
      value: 10 * 48,
      bucket: { start: midnight(25), end: midnight(26) },
    });
  });

  it('draws each day’s bar over that day and names the day, with its weather at noon', () => {
    const moments: TooltipMoment[] = [];
    renderScreen(
      <KindChart
        datasets={datasets()}
        kind="bar"
        range={RANGE}
        window={{ kind: 'sliding', durationMs: 7 * DAY }}
        timeZone={ZONE}
        yAxis="linear"
        width={WIDTH}
        tooltipContext={(moment) => {
          moments.push(moment);
          return null;
        }}
      />,
    );
    // Each bar lies within its day on the time axis; the first one starts where the window does.
    const bars = [...document.querySelectorAll('rect[data-dataset="main"]')];
    expect(bars).toHaveLength(8);
    bars.forEach((bar, index) => {
      const x = Number(bar.getAttribute('x')) + MARGIN.left;
      const right = x + Number(bar.getAttribute('width'));
      expect(x).toBeGreaterThanOrEqual(Math.max(MARGIN.left, xOf(midnight(22 + index))) - 0.01);
      expect(right).toBeLessThanOrEqual(xOf(Math.min(RANGE.to, midnight(23 + index))) + 0.01);
    });

    // A finger on the afternoon of Wednesday 25 November.
    fireEvent.pointerDown(screen.getByRole('img'), {
      pointerType: 'touch',
      clientX: xOf(midnight(25) + 15 * HOUR),
      clientY: 100,
    });
    const tooltip = screen.getByRole('tooltip');
    expect(within(tooltip).getByText('25/11/2026')).toBeTruthy();
    expect(within(tooltip).getByText('480,00')).toBeTruthy();
    const moment = moments.at(-1);
    expect(moment?.span).toEqual({ start: midnight(25), end: midnight(26) });
    // Day-unit weather is asked for noon (spec §9): 11:00 UTC in winter.
    expect(moment && weatherInstant(moment, ZONE)).toBe(Date.UTC(2026, 10, 25, 11));
  });
});
