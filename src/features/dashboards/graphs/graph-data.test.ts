import { describe, expect, it } from 'vitest';
import type { SeriesSnapshot } from '../../../../streams/live-data.ts';
import { newGraph } from '../../../../machines/dashboard-layout.ts';
import { GraphDataCache, graphData } from './graph-data.ts';
import { graphSources } from './sources.ts';

const NOW = Date.UTC(2026, 10, 28, 12);
const graph = {
  ...newGraph(0, () => 0.5, 'Wall 1'),
  dataSource: { type: 0, deviceId: 7, dataKey: 'temperature', cf: 2 },
};
const sources = graphSources(graph);
const points = Array.from({ length: 60 }, (_, i) => ({ time: NOW - (60 - i) * 1000, value: i }));
const snapshot = (held: readonly { time: number; value: number }[]): SeriesSnapshot => ({
  deviceId: 7,
  key: 'temperature',
  points: held,
  bucketMs: null,
  loading: false,
  error: null,
  refused: false,
  lastPointAt: held[held.length - 1]?.time ?? null,
});
const read = (held: SeriesSnapshot, now: number, cache?: GraphDataCache) =>
  graphData({
    graph,
    sources,
    snapshots: new Map(sources.map((source) => [source.id, held])),
    range: { from: now - 60_000, to: now },
    timeZone: 'Europe/Copenhagen',
    now,
    labelOf: () => 'Temperature',
    field: 'temperature',
    cache,
  });

describe('a graph’s data between renders', () => {
  it('gives the same drawn graph while its points are the same, whatever the clock', () => {
    const cache = new GraphDataCache();
    const held = snapshot(points);
    const first = read(held, NOW, cache);
    expect(first.drawn.datasets[0]?.rows.map((row) => row.value)).toEqual(
      points.map((p) => p.value * 2),
    );
    expect(read(held, NOW + 1000, cache).drawn).toBe(first.drawn);
    // Without the cache every render makes every row anew.
    expect(read(held, NOW + 1000).drawn).not.toBe(first.drawn);
  });

  it('makes one row for a new point and keeps the rows of the others', () => {
    const cache = new GraphDataCache();
    const before = read(snapshot(points), NOW, cache).drawn;
    const next = [...points.slice(1), { time: NOW, value: 100 }];
    const after = read(snapshot(next), NOW + 1000, cache).drawn;
    expect(after).not.toBe(before);
    const [rowsBefore, rowsAfter] = [before.datasets[0]?.rows, after.datasets[0]?.rows];
    expect(rowsAfter?.[0]).toBe(rowsBefore?.[1]);
    expect(rowsAfter?.[58]).toBe(rowsBefore?.[59]);
    expect(rowsAfter?.[59]).toEqual({ from: NOW, to: NOW, value: 200 });
  });
});
