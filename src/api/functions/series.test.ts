import { describe, expect, it } from 'vitest';
import type { History } from '../../../contracts/history.ts';
import { functionSeriesPoints } from './series.ts';

const history = (points: [string, string, number | null][], bucketSeconds: number | null) =>
  ({
    deviceId: 1,
    key: 'temperature',
    timeZone: 'Europe/Copenhagen',
    from: '2024-05-01T00:00:00.000Z',
    to: '2024-05-01T02:00:00.000Z',
    granularity: 'hourly',
    bucketSeconds,
    stat: 'avg',
    truncated: false,
    points: points.map(([time, end, value]) => ({
      time,
      end,
      value,
      min: value,
      max: value,
      avg: value,
      sum: value,
      count: value === null ? 0 : 1,
      firstTime: time,
      lastTime: time,
      textValue: null,
    })),
  }) satisfies History;

describe('functionSeriesPoints', () => {
  it('keeps each bucket’s span and leaves out empty values', () => {
    const series = functionSeriesPoints(
      history(
        [
          ['2024-05-01T00:00:00.000Z', '2024-05-01T01:00:00.000Z', 2],
          ['2024-05-01T01:00:00.000Z', '2024-05-01T02:00:00.000Z', null],
        ],
        3600,
      ),
      true,
    );
    expect(series.bucketMs).toBe(3_600_000);
    expect(series.points).toEqual([
      {
        time: Date.parse('2024-05-01T00:00:00Z'),
        value: 2,
        bucket: {
          start: Date.parse('2024-05-01T00:00:00Z'),
          end: Date.parse('2024-05-01T01:00:00Z'),
          min: 2,
          max: 2,
          count: 1,
        },
      },
    ]);
  });

  it('reads raw answers as points, and an average as one span', () => {
    const raw = functionSeriesPoints(
      history([['2024-05-01T00:00:05.000Z', '2024-05-01T00:00:05.000Z', 4]], null),
      false,
    );
    expect(raw.points).toEqual([{ time: Date.parse('2024-05-01T00:00:05Z'), value: 4 }]);
    const average = functionSeriesPoints(
      history([['2024-05-01T00:00:00.000Z', '2024-05-01T02:00:00.000Z', 4]], null),
      false,
    );
    expect(average.points[0]?.bucket?.end).toBe(Date.parse('2024-05-01T02:00:00Z'));
  });
});
