import { describe, expect, it } from 'vitest';
import { newGraph } from '../../../../machines/dashboard-layout.ts';
import { bucketsFor } from './sources.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const bars = (timeType: number) => ({ menuId: 3, timeType, chartType: 2 });

describe('bucketsFor', () => {
  // The server widens buckets unless it may make two more than the whole units of the range it
  // is asked, which history widens by an hour each side (server/history/plan.ts): 7 or 9 asked
  // for over 7 days come back as 2-day bars.
  it('asks three more bars than the whole days or hours of the range', () => {
    const graph = newGraph(0, () => 0.5, 'Bars');
    expect(bucketsFor(graph, bars(2), 7 * DAY, 100)).toBe(10);
    expect(bucketsFor(graph, bars(2), 30 * DAY, 100)).toBe(33);
    expect(bucketsFor(graph, bars(1), DAY, 100)).toBe(27);
  });

  it('draws a line of a multi-day period from the line’s buckets, and a short one from raw points', () => {
    const graph = newGraph(0, () => 0.5, 'Line');
    expect(bucketsFor(graph, { menuId: 3, timeType: 2, chartType: 3 }, 7 * DAY, 150)).toBe(150);
    expect(bucketsFor(graph, { menuId: 8, timeType: 0, chartType: 3 }, 5 * 60_000, 150)).toBe(
      undefined,
    );
  });

  it('draws a line of sums or counts one value per unit of the period, whatever the devices send', () => {
    const graph = newGraph(6, () => 0.5, 'People in today');
    const summed = {
      ...graph,
      dataSource: { ...graph.dataSource, type: 1, statistic: 'sum' as const },
    };
    const today = { menuId: 0, timeType: 1, chartType: 3 };
    // Today, hourly: 24 hours and three more, not the raw points.
    expect(bucketsFor(summed, today, DAY, 150)).toBe(27);
    expect(bucketsFor(graph, today, DAY, 150)).toBe(undefined);
  });
});
