import { queryOptions } from '@tanstack/react-query';
import type { History } from '../../../contracts/history.ts';
import { wallClock } from '../../../streams/http-history-source.ts';
import { windowRange } from '../../../streams/series-buffer.ts';
import type { SeriesPoint, SeriesWindow } from '../../../streams/types.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { retryRead } from '../../lib/query-client.ts';
import { functionKeys } from './keys.ts';

/** A data key of a device read through a cloud function over a window (docs/dashboards.md). */
export interface FunctionSeriesRequest {
  deviceId: number;
  functionId: number;
  key: string;
  window: SeriesWindow;
  /** The device's organisation's time zone: the route takes wall-clock times. */
  timeZone: string;
  /** At most this many buckets; absent: the raw points. */
  buckets?: number;
}

/** What the function drew: points as the chart layer holds them, and the bucket width. */
export interface FunctionSeries {
  points: SeriesPoint[];
  bucketMs: number | null;
  /** When the function last ran; the graph's freshness counts from its newest point. */
  readAt: number;
}

/** Points of a function's answer; a bucketed (or average) answer keeps each point's span. */
export function functionSeriesPoints(history: History, bucketed: boolean): FunctionSeries {
  const points: SeriesPoint[] = [];
  for (const point of history.points) {
    if (point.value === null) continue;
    const start = Date.parse(point.time);
    const end = Date.parse(point.end);
    points.push(
      bucketed || end > start
        ? {
            time: start,
            value: point.value,
            bucket: { start, end, min: point.value, max: point.value, count: 1 },
          }
        : { time: start, value: point.value },
    );
  }
  return {
    points,
    bucketMs: history.bucketSeconds === null ? null : history.bucketSeconds * 1000,
    readAt: Date.now(),
  };
}

/**
 * The function's output over the window as it is when read: a sliding
 * window reads up to now on every refetch (the key names the window, not
 * the instant).
 */
export const functionSeriesQuery = (request: FunctionSeriesRequest) =>
  queryOptions({
    queryKey: [...functionKeys.all, 'series', request] as const,
    queryFn: async ({ signal }) => {
      const now = Date.now();
      const range = windowRange(request.window, now);
      const from = encodeURIComponent(wallClock(range.from, request.timeZone));
      const to = encodeURIComponent(wallClock(Math.min(range.to, now), request.timeZone));
      const query = request.buckets === undefined ? 'raw=true' : `points=${request.buckets}`;
      const history = await apiRequest<History>(
        'dataBroker',
        `/v2/devicedata-function/${request.deviceId}/${request.functionId}/${from}/${to}/${encodeURIComponent(request.key)}?${query}`,
        { signal },
      );
      return functionSeriesPoints(history, request.buckets !== undefined);
    },
    // Every read runs the function: a function's failure (422) is shown, not retried;
    // no answer or a server failure is tried once more, as every read is.
    retry: (failures: number, error: Error) => retryRead(failures, error),
  });
