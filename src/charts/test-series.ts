import type { ChartDataset } from './types.ts';

export const TEST_ZONE = 'Europe/Copenhagen';
export const DAY = 86_400_000;
/** Monday 23 November 2026, 00:00 in Copenhagen. */
export const MONDAY = Date.UTC(2026, 10, 22, 23);

/** A dataset of daily buckets from MONDAY, one per value (chart tests' data). */
export const dailySeries = (
  id: string,
  label: string,
  values: readonly number[],
): ChartDataset => ({
  id,
  label,
  points: values.map((value, i) => ({
    time: MONDAY + i * DAY,
    value,
    bucket: { start: MONDAY + i * DAY, end: MONDAY + (i + 1) * DAY, min: value, max: value },
  })),
});
