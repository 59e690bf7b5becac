import type { ChartDataset, ChartPoint, ChartSlice } from './types.ts';

/** Colours for slices and datasets that bring none, in order; they read on light and dark. */
export const chartPalette = [
  '#009688',
  '#3f51b5',
  '#ff9800',
  '#e91e63',
  '#8bc34a',
  '#9c27b0',
  '#03a9f4',
  '#ff5722',
  '#cddc39',
  '#795548',
] as const;

export const paletteColor = (index: number): string =>
  chartPalette[index % chartPalette.length] ?? '#009688';

/** Where a point's time span starts and ends: its bucket's, or the instant to the next point. */
function spanOf(point: ChartPoint, next: ChartPoint | undefined, bucketMs: number) {
  if (point.bucket) return { from: point.bucket.start, to: point.bucket.end };
  return { from: point.time, to: next ? next.time : point.time + bucketMs };
}

/**
 * A slice per dataset: the sum of its values, from its first point's start
 * to its last point's end. Datasets without points give no slice.
 */
export function slicesPerDataset(
  datasets: readonly ChartDataset[],
  bucketMs = 0,
): readonly ChartSlice[] {
  const slices: ChartSlice[] = [];
  datasets.forEach((dataset, index) => {
    const first = dataset.points[0];
    const last = dataset.points[dataset.points.length - 1];
    if (!first || !last) return;
    let sum = 0;
    for (const p of dataset.points) sum += p.value;
    slices.push({
      id: dataset.id,
      label: dataset.label,
      value: sum,
      color: dataset.color ?? paletteColor(index),
      from: spanOf(first, undefined, bucketMs).from,
      to: spanOf(last, undefined, bucketMs).to,
    });
  });
  return slices;
}

/**
 * A slice per bucket of one dataset: each point's value over its bucket's
 * span (or from its time to the next point's, the last one `bucketMs` long).
 * `label` names a slice from its span.
 */
export function slicesPerBucket(
  dataset: ChartDataset,
  label: (from: number, to: number) => string,
  bucketMs = 0,
): readonly ChartSlice[] {
  return dataset.points.map((point, index) => {
    const { from, to } = spanOf(point, dataset.points[index + 1], bucketMs);
    return {
      id: `${dataset.id}:${from}`,
      label: label(from, to),
      value: point.value,
      color: paletteColor(index),
      from,
      to,
    };
  });
}

/** Each slice's share of the whole, 0…1 (negative values count as nothing). */
export function sliceShares(slices: readonly ChartSlice[]): number[] {
  const total = slices.reduce((sum, s) => sum + Math.max(0, s.value), 0);
  return slices.map((s) => (total > 0 ? Math.max(0, s.value) / total : 0));
}
