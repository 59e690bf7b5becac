import type { History, HistoryPoint } from '../../contracts/history.ts';
import type { DataType } from '../../contracts/cloud-function.ts';

/** A function drawn as a graph's series may give at most this many points. */
export const FUNCTION_POINTS_MAX = 10_000;

/** What a function drawn on a graph receives as `input` (docs/dashboards.md, "Cloud functions"). */
export interface FunctionSeriesInput {
  deviceId: number;
  /** The graph's data key; its points are `points`. */
  key: string;
  timeZone: string;
  /** ISO times of the range read, `to` exclusive. */
  from: string;
  to: string;
  /** Bucket width in seconds; null for raw points or one summary bucket. */
  bucketSeconds: number | null;
  points: FunctionInputPoint[];
  /** Every key read: the graph's and the function's own data keys. */
  series: Record<string, FunctionInputPoint[]>;
}

/** A history point as a function receives it: its span and statistics. */
export type FunctionInputPoint = Pick<
  HistoryPoint,
  'time' | 'end' | 'value' | 'min' | 'max' | 'avg' | 'sum' | 'count'
>;

export function inputPoints(history: History): FunctionInputPoint[] {
  return history.points.map(({ time, end, value, min, max, avg, sum, count }) => ({
    time,
    end,
    value,
    min,
    max,
    avg,
    sum,
    count,
  }));
}

/** Why a function's output cannot be drawn; the message goes to the graph. */
export class FunctionOutputError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function timeOf(value: unknown, index: number): number {
  const ms =
    typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15)
    throw new FunctionOutputError(
      `Point ${index + 1}: "time" must be an ISO date-time or epoch milliseconds`,
    );
  return ms;
}

function valueOf(value: unknown, index: number): number | null {
  if (value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new FunctionOutputError(`Point ${index + 1}: "value" must be a finite number or null`);
}

function point(time: number, end: number, value: number | null): HistoryPoint {
  const at = new Date(time).toISOString();
  return {
    time: at,
    end: new Date(end).toISOString(),
    value,
    min: value,
    max: value,
    avg: value,
    sum: value,
    count: value === null ? 0 : 1,
    firstTime: at,
    lastTime: at,
    textValue: null,
  };
}

/**
 * The points a function's output draws. A time series function returns an
 * array of `{ time, value }` or `[time, value]` (time as ISO text or epoch
 * ms; value a number or null), each a bucket of `bucketSeconds` from its time
 * (or an instant on raw reads); an average function returns a number, or
 * `{ value }`, drawn as one value over the whole range. Sorted by time, one
 * point per instant (the last wins).
 */
export function outputPoints(
  output: unknown,
  dataType: DataType,
  range: { from: Date; to: Date },
  bucketSeconds: number | null,
): HistoryPoint[] {
  if (dataType === 'average') {
    const value = isRecord(output) ? output['value'] : output;
    if (value !== null && (typeof value !== 'number' || !Number.isFinite(value)))
      throw new FunctionOutputError(
        'An average function must return a number, { value: number } or null',
      );
    return [point(range.from.getTime(), range.to.getTime(), value)];
  }
  if (!Array.isArray(output))
    throw new FunctionOutputError(
      'A time series function must return an array of { time, value } or [time, value]',
    );
  if (output.length > FUNCTION_POINTS_MAX)
    throw new FunctionOutputError(
      `A function may return at most ${FUNCTION_POINTS_MAX} points; it returned ${output.length}`,
    );
  const width = bucketSeconds === null ? 0 : bucketSeconds * 1000;
  const byTime = new Map<number, number | null>();
  output.forEach((item: unknown, index) => {
    let time: unknown;
    let value: unknown;
    if (Array.isArray(item) && item.length === 2) [time, value] = item as [unknown, unknown];
    else if (isRecord(item)) ({ time, value } = item);
    else
      throw new FunctionOutputError(`Point ${index + 1} must be { time, value } or [time, value]`);
    byTime.set(timeOf(time, index), valueOf(value, index));
  });
  return [...byTime.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, value]) => point(time, time + width, value));
}
