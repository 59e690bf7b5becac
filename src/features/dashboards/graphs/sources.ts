import type { DataSource, Graph, GraphPeriod } from '../../../../contracts/dashboard.ts';
import { dataSourceTypes, graphTypes } from '../../../../contracts/dashboard.ts';
import { graphKind } from './graph-kind.ts';
import type { Statistic } from '../../../../contracts/history.ts';
import type { SeriesPoint } from '../../../../streams/types.ts';
import { barBuckets, periodUsesBuckets } from '../../../lib/periods.ts';
import type { DrawnRow } from './drawn-data.tsx';

/**
 * What a graph reads: one series per source (a device's data key), how each
 * is read (raw points or buckets) and how its values are made (statistic,
 * conversion factor). Pure, so the numbers a graph draws and exports can be
 * checked without a screen.
 */
export interface GraphSource {
  /** Unique within the graph: 'main', 'a', 'b', '0', 'direction', 'device-12'. */
  readonly id: string;
  readonly deviceId: number;
  readonly key: string;
  /** Values are multiplied by it. */
  readonly cf: number;
  readonly label: string | null;
  readonly unit: string | null;
  readonly statistic: Statistic | undefined;
  /** Read through this cloud function (the source's type 2) instead of as stored. */
  readonly functionId: number | null;
}

const factor = (graph: Graph, source: DataSource) => (source.cf ?? 1) * (graph.cf ?? 1);

const functionOf = (source: DataSource) =>
  source.type === dataSourceTypes.function ? (source.functionId ?? null) : null;

function sourceOf(graph: Graph, id: string, source: DataSource): GraphSource | null {
  if (source.deviceId === null || source.dataKey === null) return null;
  return {
    id,
    deviceId: source.deviceId,
    key: source.dataKey,
    cf: factor(graph, source),
    label: source.label ?? null,
    unit: source.unit ?? graph.unit ?? null,
    statistic: source.statistic,
    functionId: functionOf(source),
  };
}

/** The series a graph reads; a source without a device or key is left out. */
export function graphSources(graph: Graph): GraphSource[] {
  const main = () => sourceOf(graph, 'main', graph.dataSource);
  const it = graphKind(graph);
  let sources: (GraphSource | null)[];
  switch (it.kind) {
    case 'difference':
      sources = [
        sourceOf(graph, 'a', it.graph.dataSources.a),
        sourceOf(graph, 'b', it.graph.dataSources.b),
      ];
      break;
    case 'score':
      sources = it.graph.dataSources.map((source, index) => sourceOf(graph, String(index), source));
      break;
    case 'wind': {
      const speed = main();
      const direction = it.graph.directionKey;
      sources = [
        speed,
        speed && direction
          ? { ...speed, id: 'direction', key: direction, cf: 1, unit: '°', functionId: null }
          : null,
      ];
      break;
    }
    case 'multiChart': {
      const key = graph.dataSource.dataKey;
      sources = key
        ? it.graph.deviceIds.map((deviceId) => ({
            id: `device-${deviceId}`,
            deviceId,
            key,
            cf: factor(graph, graph.dataSource),
            label: null,
            unit: graph.dataSource.unit ?? graph.unit ?? null,
            statistic: graph.dataSource.statistic,
            functionId: functionOf(graph.dataSource),
          }))
        : [];
      break;
    }
    case 'map':
      sources = [];
      break;
    default:
      sources = [main()];
  }
  return sources.filter((source): source is GraphSource => source !== null);
}

/** The chart kind a graph is drawn as: 0 pie, 1 donut, 2 bar, 3 line. */
export const chartKindOf = (period: GraphPeriod) => period.chartType;

const MINUTE = 60_000;
/** Cards read a period's statistic from this many buckets. */
export const CARD_BUCKETS = 50;

/**
 * How many buckets a source is read in, or undefined for the raw points:
 * bars and slices one per minute, hour or day of the period (its display
 * granularity), line charts about one per pixel on long periods and raw
 * points on short ones (a line of sums or counts one per unit, as bars),
 * cards a few buckets, gauges and wind the raw points (their latest value)
 * unless a statistic is asked for.
 */
export function bucketsFor(
  graph: Graph,
  period: GraphPeriod,
  durationMs: number,
  lineBuckets: number,
): number | undefined {
  switch (graph.type) {
    case graphTypes.difference:
    case graphTypes.score:
      return CARD_BUCKETS;
    case graphTypes.gauge:
      return graph.dataSource.statistic ? CARD_BUCKETS : undefined;
    case graphTypes.wind:
      return undefined;
    default: {
      if (period.chartType !== 3) return barBuckets(period.timeType, durationMs);
      // A line of sums or counts has one value per minute, hour or day of the period: finer
      // buckets, or raw points, would make its values depend on how often the devices report.
      if (sumsOrCounts(graph.dataSource)) return barBuckets(period.timeType, durationMs);
      return periodUsesBuckets(period.menuId) ? lineBuckets : undefined;
    }
  }
}

const sumsOrCounts = (source: DataSource) =>
  source.type === dataSourceTypes.statistic &&
  (source.statistic === 'sum' || source.statistic === 'count');

/** A point's value by a statistic: a bucket's own, or the raw value itself. */
export function statisticOf(point: SeriesPoint, statistic: Statistic): number {
  const bucket = point.bucket;
  if (!bucket) return statistic === 'count' ? 1 : point.value;
  switch (statistic) {
    case 'min':
      return bucket.min;
    case 'max':
      return bucket.max;
    case 'sum':
      return point.value * bucket.count;
    case 'count':
      return bucket.count;
    default:
      return point.value;
  }
}

/** The row a point (or bucket) draws: by its statistic, times the conversion factor. */
export function drawnRow(point: SeriesPoint, statistic: Statistic | 'raw', cf: number): DrawnRow {
  return {
    from: point.bucket?.start ?? point.time,
    to: point.bucket?.end ?? point.time,
    value: statistic === 'raw' ? point.value * cf : statisticOf(point, statistic) * cf,
  };
}

/** The rows a source draws: each point (or bucket) by its statistic, times the conversion factor. */
export function drawnRows(
  points: readonly SeriesPoint[],
  statistic: Statistic | 'raw',
  cf: number,
): DrawnRow[] {
  return points.map((point) => drawnRow(point, statistic, cf));
}

/** A period's statistic from its points (buckets or raw), after the conversion factor; null without points. */
export function summaryOf(
  points: readonly SeriesPoint[],
  statistic: Statistic,
  cf: number,
): number | null {
  if (points.length === 0) return null;
  let sum = 0;
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const point of points) {
    const n = point.bucket?.count ?? 1;
    sum += point.value * n;
    count += n;
    min = Math.min(min, point.bucket?.min ?? point.value);
    max = Math.max(max, point.bucket?.max ?? point.value);
  }
  const value = {
    sum,
    count,
    min,
    max,
    avg: count === 0 ? 0 : sum / count,
  }[statistic];
  // A count is a number of values, not a measure: the factor does not apply.
  return statistic === 'count' ? value : value * cf;
}

/** The latest value of a series after the conversion factor; null without points. */
export function latestOf(points: readonly SeriesPoint[], cf: number): number | null {
  const last = points[points.length - 1];
  return last ? last.value * cf : null;
}

/** How much longer than its usual gap a series may be silent before it counts as stale. */
const STALE_FACTOR = 3;
const MIN_STALE_MS = 2 * MINUTE;
const GAPS = 20;

/**
 * When a series went silent, if it did: its last point is older than three
 * times its usual gap between points (the median of its last gaps, and at
 * least two minutes). Null while fresh or with too few points to tell.
 */
export function staleSince(points: readonly SeriesPoint[], now: number): number | null {
  if (points.length < 3) return null;
  const recent = points.slice(-(GAPS + 1));
  const gaps = recent
    .slice(1)
    .map((point, index) => point.time - (recent[index]?.time ?? point.time))
    .sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)] ?? 0;
  const last = recent[recent.length - 1]?.time ?? now;
  return now - last > Math.max(MIN_STALE_MS, STALE_FACTOR * median) ? last : null;
}
