import { describe, expect, it } from 'vitest';
import { Graph } from '../contracts/dashboard.ts';
import { Value } from 'typebox/value';
import { STARTER_GRAPHS, starterDashboard } from './dashboard-layout.ts';

const counter = (id: number, keys: { key: string; type?: string }[]) => ({
  id,
  name: `Counter ${id}`,
  dataKeys: keys,
});

describe('starterDashboard', () => {
  it('charts the first drawable key of each of the first devices, two to a row', () => {
    const devices = [
      counter(1, [
        { key: 'note', type: 'string' },
        { key: 'countIn', type: 'integer' },
      ]),
      counter(2, []),
      counter(3, [{ key: 'temperature', type: 'value' }]),
      counter(4, [{ key: 'level' }]),
      counter(5, [{ key: 'open', type: 'boolean' }]),
      counter(6, [{ key: 'battery', type: 'value' }]),
      counter(7, [{ key: 'humidity', type: 'value' }]),
    ];
    const { graphs } = starterDashboard(devices, 2, () => 0.5);
    expect(graphs).toHaveLength(STARTER_GRAPHS);
    expect(graphs.map((g) => [g.dataSource.deviceId, g.dataSource.dataKey])).toEqual([
      [1, 'countIn'],
      [3, 'temperature'],
      [4, 'level'],
      [6, 'battery'],
    ]);
    expect(graphs.map((g) => g.grid && [g.grid.x, g.grid.y, g.grid.w])).toEqual([
      [0, 0, 6],
      [6, 0, 6],
      [0, 12, 6],
      [6, 12, 6],
    ]);
    // The user's chart type, their default period, and every graph valid on the wire.
    for (const graph of graphs) {
      expect(graph.period.chartType).toBe(2);
      expect(graph.periodType).toBe(0);
      expect(Value.Check(Graph, graph)).toBe(true);
    }
    expect(new Set(graphs.map((g) => g.id)).size).toBe(graphs.length);
  });

  it('makes an empty dashboard for a user without devices', () => {
    expect(starterDashboard([], 3, Math.random).graphs).toEqual([]);
  });
});
