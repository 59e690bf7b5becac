import { graphTypes, type Graph } from '../../../../contracts/dashboard.ts';
import type { Statistic } from '../../../../contracts/history.ts';
import type { SeriesSnapshot } from '../../../../streams/live-data.ts';
import type { SeriesPoint } from '../../../../streams/types.ts';
import { ReusingMaps } from '../../../lib/reusing-map.ts';
import type { DrawnDataset, DrawnGraph, DrawnRow } from './drawn-data.tsx';
import { drawnRow, latestOf, staleSince, summaryOf, type GraphSource } from './sources.ts';

/** What a graph's sources hold now, as the graph draws it. */
export interface GraphData {
  readonly drawn: DrawnGraph;
  readonly loading: boolean;
  /** The first failed history request's reason, when nothing could be shown. */
  readonly error: string | null;
  readonly refused: boolean;
  /** No dataset has a row. */
  readonly empty: boolean;
  /** When the earliest silent source last reported, or null when all are fresh. */
  readonly staleSince: number | null;
}

const isCard = (graph: Graph) =>
  graph.type === graphTypes.difference ||
  graph.type === graphTypes.score ||
  graph.type === graphTypes.gauge ||
  graph.type === graphTypes.wind;

/**
 * What a graph keeps between its renders, so a render with nothing new (the
 * clock moved on) costs next to nothing and a new point costs one row: each
 * source's rows, made incrementally from its points, and the last drawn
 * graph, given again while what it holds is unchanged.
 */
export class GraphDataCache {
  readonly rows = new ReusingMaps<SeriesPoint, DrawnRow>();
  private last: DrawnGraph | null = null;

  /** `next`, or the previous drawn graph when it holds the same. */
  keep(next: DrawnGraph): DrawnGraph {
    const last = this.last;
    if (last && sameDrawn(last, next)) return last;
    this.last = next;
    return next;
  }
}

function sameDrawn(a: DrawnGraph, b: DrawnGraph): boolean {
  return (
    a.graphId === b.graphId &&
    a.name === b.name &&
    a.field === b.field &&
    a.statistic === b.statistic &&
    a.timeZone === b.timeZone &&
    a.unit === b.unit &&
    a.datasets.length === b.datasets.length &&
    a.datasets.every((dataset, index) => {
      const other = b.datasets[index];
      return (
        other !== undefined &&
        dataset.label === other.label &&
        dataset.deviceId === other.deviceId &&
        dataset.dataKey === other.dataKey &&
        dataset.unit === other.unit &&
        dataset.rows === other.rows
      );
    })
  );
}

/** The statistic a source's rows are made with: its own, a card's sum, or the bucket average / raw points. */
export function statisticFor(
  graph: Graph,
  source: GraphSource,
  bucketed: boolean,
): Statistic | 'raw' {
  if (source.statistic) return source.statistic;
  if (graph.type === graphTypes.difference || graph.type === graphTypes.score) return 'sum';
  return bucketed ? 'avg' : 'raw';
}

/**
 * Turns the snapshots of a graph's sources into what it draws: a chart's
 * rows per bucket or point; a card's one row per source over the period
 * (its statistic, or the latest value for gauges and wind).
 */
export function graphData({
  graph,
  sources,
  snapshots,
  range,
  timeZone,
  now,
  labelOf,
  field,
  cache,
}: {
  graph: Graph;
  sources: readonly GraphSource[];
  snapshots: ReadonlyMap<string, SeriesSnapshot>;
  range: { from: number; to: number };
  timeZone: string;
  now: number;
  labelOf: (source: GraphSource) => string;
  field: string;
  /** The graph's own cache: without it, every call makes every row anew. */
  cache?: GraphDataCache | undefined;
}): GraphData {
  let loading = false;
  let error: string | null = null;
  let refused = false;
  let stale: number | null = null;
  let statistic: Statistic | 'raw' = 'raw';
  const datasets: DrawnDataset[] = sources.map((source, index) => {
    const snapshot = snapshots.get(source.id);
    const points = snapshot?.points ?? [];
    if (!snapshot || snapshot.loading) loading = true;
    if (snapshot?.error) error ??= snapshot.error;
    if (snapshot?.refused) refused = true;
    const silent = staleSince(points, now);
    if (silent !== null) stale = stale === null ? silent : Math.min(stale, silent);
    const own = statisticFor(graph, source, (snapshot?.bucketMs ?? null) !== null);
    if (index === 0) statistic = own;
    let rows;
    if (!isCard(graph)) {
      const cf = source.cf;
      const row = (point: SeriesPoint) => drawnRow(point, own, cf);
      rows = cache ? cache.rows.map(`${source.id}|${own}|${cf}`, row, points) : points.map(row);
    } else {
      // Wind and a gauge without a statistic show the latest value; cards their period's statistic.
      const latest =
        graph.type === graphTypes.wind || (graph.type === graphTypes.gauge && !source.statistic);
      const value = latest
        ? latestOf(points, source.cf)
        : summaryOf(points, own === 'raw' ? 'avg' : own, source.cf);
      rows = value === null ? [] : [{ from: range.from, to: range.to, value }];
    }
    return {
      label: labelOf(source),
      deviceId: source.deviceId,
      dataKey: source.key,
      unit: source.unit,
      rows,
    };
  });
  const empty = datasets.every((dataset) => dataset.rows.length === 0);
  const drawn: DrawnGraph = {
    graphId: graph.id,
    name: graph.name,
    field,
    statistic,
    timeZone,
    unit: graph.unit ?? sources[0]?.unit ?? null,
    datasets,
  };
  return {
    drawn: cache ? cache.keep(drawn) : drawn,
    loading: loading && empty,
    error: empty ? error : null,
    refused,
    empty,
    staleSince: stale,
  };
}
