import type { Statistic } from '../../../../contracts/history.ts';
import type { SeriesSnapshot } from '../../../../streams/live-data.ts';
import type { SeriesPoint } from '../../../../streams/types.ts';
import type { ReusingMaps } from '../../../lib/reusing-map.ts';
import type { ChartDataset, ChartPoint } from '../../../charts/types.ts';
import { paletteColor } from '../../../charts/slices.ts';
import type { DrawnGraph } from './drawn-data.tsx';
import { statisticOf, type GraphSource } from './sources.ts';

/**
 * A chart's datasets from its sources: each point's value by the graph's
 * statistic and times the conversion factor, the same numbers drawn-data
 * publishes. Each bucket keeps its span (bars and tooltips cover it); the
 * min/max band stays only where the value is the bucket's average (another
 * statistic is not inside it). With `maps` (kept by the graph between
 * renders) only the points new since the last call are made.
 */
export function chartDatasets(
  sources: readonly GraphSource[],
  snapshots: ReadonlyMap<string, SeriesSnapshot>,
  drawn: DrawnGraph,
  maps?: ReusingMaps<SeriesPoint, ChartPoint>,
): ChartDataset[] {
  return sources.map((source, index) => {
    const points = snapshots.get(source.id)?.points ?? [];
    const statistic: Statistic | 'raw' = drawn.statistic;
    const banded = statistic === 'avg' || statistic === 'raw';
    const cf = source.cf;
    const toChart = (point: SeriesPoint): ChartPoint => {
      const value = (statistic === 'raw' ? point.value : statisticOf(point, statistic)) * cf;
      const bucket = point.bucket;
      if (!bucket) return { time: point.time, value };
      // The bucket's span stays whatever the statistic: a day's sum is drawn over that day.
      const span = { start: bucket.start, end: bucket.end };
      if (!banded) return { time: point.time, value, bucket: span };
      const low = bucket.min * cf;
      const high = bucket.max * cf;
      return {
        time: point.time,
        value,
        bucket: { ...span, min: Math.min(low, high), max: Math.max(low, high) },
      };
    };
    const chartPoints = maps
      ? maps.map(`${source.id}|${statistic}|${cf}`, toChart, points)
      : points.map(toChart);
    const dataset = drawn.datasets[index];
    return {
      id: source.id,
      label: dataset?.label ?? source.key,
      points: chartPoints,
      color: paletteColor(index),
      unit: dataset?.unit ?? undefined,
    };
  });
}
