import { describe, expect, it } from 'vitest';
import { DAY, MONDAY, TEST_ZONE, dailySeries } from './test-series.ts';
import { barSlots, describeSpan } from './time-spans.ts';
import type { ChartDataset } from './types.ts';

const zone = TEST_ZONE;
const monday = MONDAY;
const HOUR = 3_600_000;
const daily = dailySeries;

describe('bar slots', () => {
  it('gathers the datasets by bucket, null where one has no value', () => {
    const slots = barSlots([daily('a', 'A', [1, 2]), daily('b', 'B', [3, 4, 5])]);
    expect(slots.map((s) => s.values)).toEqual([
      [1, 3],
      [2, 4],
      [null, 5],
    ]);
    expect(slots[2]).toMatchObject({ from: monday + 2 * DAY, to: monday + 3 * DAY });
  });

  it('gives raw points the time to the next point, the last one the gap before it', () => {
    const raw: ChartDataset = {
      id: 'r',
      label: 'R',
      points: [
        { time: 0, value: 1 },
        { time: 60_000, value: 2 },
      ],
    };
    expect(barSlots([raw]).map(({ from, to }) => [from, to])).toEqual([
      [0, 60_000],
      [60_000, 120_000],
    ]);
  });
});

describe('span descriptions', () => {
  it('tells a span as dates when it is whole days, else as times', () => {
    expect(describeSpan(monday, monday + DAY, zone)).toBe('23/11/2026');
    expect(describeSpan(monday, monday + 7 * DAY, zone)).toBe('23/11/2026–29/11/2026');
    expect(describeSpan(monday + 14 * HOUR, monday + 15 * HOUR, zone)).toBe(
      '23/11/2026 14:00–15:00',
    );
  });
});
