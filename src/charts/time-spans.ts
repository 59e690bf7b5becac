import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import type { ChartDataset, ChartPoint } from './types.ts';

/** The time buckets of a bar chart: each dataset's value there (dataset order), null where it has none. */
export interface BarSlot {
  readonly from: number;
  readonly to: number;
  readonly values: readonly (number | null)[];
}

/** A point's time span: its bucket's, or to the next point (the last one as long as `bucketMs` or the gap before it). */
function spanOf(points: readonly ChartPoint[], index: number, bucketMs: number) {
  const point = points[index];
  if (!point) return { from: 0, to: 0 };
  if (point.bucket) return { from: point.bucket.start, to: point.bucket.end };
  const next = points[index + 1];
  const before = points[index - 1];
  const length = next
    ? next.time - point.time
    : bucketMs || (before ? point.time - before.time : 0);
  return { from: point.time, to: point.time + length };
}

/** The datasets' points gathered by the bucket they fall in (by start), in time order. */
export function barSlots(datasets: readonly ChartDataset[], bucketMs = 0): BarSlot[] {
  const byStart = new Map<number, { from: number; to: number; values: (number | null)[] }>();
  datasets.forEach((dataset, datasetIndex) => {
    dataset.points.forEach((point, index) => {
      const span = spanOf(dataset.points, index, bucketMs);
      let slot = byStart.get(span.from);
      if (!slot) {
        slot = { ...span, values: datasets.map(() => null) };
        byStart.set(span.from, slot);
      } else slot.to = Math.max(slot.to, span.to);
      slot.values[datasetIndex] = point.value;
    });
  });
  return [...byStart.values()].sort((a, b) => a.from - b.from);
}

/** A time span for a tooltip, in `timeZone`: whole days as dates, else times (the end's date when it differs). */
export function describeSpan(from: number, to: number, timeZone: string): string {
  const inZone = { in: tz(timeZone) };
  if (!(to > from)) return format(from, 'dd/MM/yyyy HH:mm:ss', inZone);
  const day = (t: number) => format(t, 'dd/MM/yyyy', inZone);
  const midnight = (t: number) => format(t, 'HH:mm:ss.SSS', inZone) === '00:00:00.000';
  if (midnight(from) && midnight(to))
    return day(from) === day(to - 1) ? day(from) : `${day(from)}–${day(to - 1)}`;
  const sameDay = day(from) === day(to - 1);
  return `${format(from, 'dd/MM/yyyy HH:mm', inZone)}–${format(to, sameDay ? 'HH:mm' : 'dd/MM/yyyy HH:mm', inZone)}`;
}
