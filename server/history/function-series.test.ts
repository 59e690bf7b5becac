import { describe, expect, it } from 'vitest';
import { FUNCTION_POINTS_MAX, FunctionOutputError, outputPoints } from './function-series.ts';

const range = { from: new Date('2024-05-01T00:00:00Z'), to: new Date('2024-05-01T06:00:00Z') };

describe('outputPoints', () => {
  it('reads { time, value } and [time, value], sorted, the last value per instant winning', () => {
    const points = outputPoints(
      [
        ['2024-05-01T02:00:00Z', 3],
        { time: Date.parse('2024-05-01T01:00:00Z'), value: 1 },
        { time: '2024-05-01T02:00:00.000Z', value: 4 },
        { time: '2024-05-01T03:00:00Z', value: null },
      ],
      'timeseries',
      range,
      3600,
    );
    expect(points.map((p) => [p.time, p.end, p.value, p.count])).toEqual([
      ['2024-05-01T01:00:00.000Z', '2024-05-01T02:00:00.000Z', 1, 1],
      ['2024-05-01T02:00:00.000Z', '2024-05-01T03:00:00.000Z', 4, 1],
      ['2024-05-01T03:00:00.000Z', '2024-05-01T04:00:00.000Z', null, 0],
    ]);
  });

  it('makes raw points instants', () => {
    const [point] = outputPoints([[0, 1]], 'timeseries', range, null);
    expect(point?.end).toBe(point?.time);
  });

  it('draws an average over the whole range', () => {
    for (const output of [7.5, { value: 7.5 }]) {
      expect(outputPoints(output, 'average', range, 3600)).toMatchObject([
        { time: range.from.toISOString(), end: range.to.toISOString(), value: 7.5, avg: 7.5 },
      ]);
    }
  });

  it('refuses what cannot be drawn, saying where', () => {
    const refused = (output: unknown, dataType: 'timeseries' | 'average' = 'timeseries') => {
      try {
        outputPoints(output, dataType, range, 3600);
      } catch (error) {
        expect(error).toBeInstanceOf(FunctionOutputError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ points: [] })).toMatch(/must return an array/);
    expect(refused([[1, 2], 'x'])).toMatch(/^Point 2 must be/);
    expect(refused([{ time: 'later', value: 1 }])).toMatch(/^Point 1: "time"/);
    expect(refused([{ time: 0, value: '3' }])).toMatch(/^Point 1: "value"/);
    expect(refused([{ time: 0, value: Infinity }])).toMatch(/"value" must be a finite number/);
    expect(refused(Array.from({ length: FUNCTION_POINTS_MAX + 1 }, (_, i) => [i, 1]))).toMatch(
      /at most 10000 points/,
    );
    expect(refused('high', 'average')).toMatch(/average function must return a number/);
  });
});
