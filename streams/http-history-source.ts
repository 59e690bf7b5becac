import { History, type HistoryPoint } from '../contracts/history.ts';
import { checkOf } from './wire-check.ts';
import type { Bucket, BucketHistory, BucketRequest, HistorySource, Point } from './types.ts';

/**
 * GETs a path of the data service (`/v2/devicedata-clean/…`) and resolves
 * with the parsed JSON body, or rejects on a failed answer. The console
 * passes its api client here, so the session, white-label host and timeout
 * are applied as for every other request.
 */
export type GetJson = (path: string, signal?: AbortSignal) => Promise<unknown>;

export interface HttpHistorySourceOptions {
  get: GetJson;
}

/** The most buckets the route gives (`points`, docs/live.md). */
const isHistory = checkOf(History);

const MAX_BUCKETS = 10_000;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD HH:mm:ss` in UTC, as the route's path wants it (`timeZone=UTC`). */
export function utcClock(ms: number): string {
  // Without Intl: a time-zone formatter's first use costs a dashboard's start tens of ms.
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** `YYYY-MM-DD HH:mm:ss` on the wall clock of `timeZone`, as the route's path wants it. */
export function wallClock(ms: number, timeZone: string): string {
  if (timeZone === 'UTC') return utcClock(ms);
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = new Map(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

const DAY = 86_400_000;

/** How far the wall clock of `timeZone` is ahead of UTC at `ms`, in ms. */
export function zoneOffset(ms: number, timeZone: string): number {
  const second = Math.floor(ms / 1000) * 1000;
  return Date.parse(`${wallClock(second, timeZone).replace(' ', 'T')}Z`) - second;
}

/** Buckets with values, as times in ms, that touch [from, to]. */
function bucketsOf(body: History, from: number, to: number): Bucket[] {
  const buckets: Bucket[] = [];
  for (const p of body.points) {
    if (p.min === null || p.max === null || p.sum === null || p.count <= 0) continue;
    const firstTime = Date.parse(p.firstTime);
    const lastTime = Date.parse(p.lastTime);
    if (lastTime < from || firstTime > to) continue;
    buckets.push({
      start: Date.parse(p.time),
      end: Date.parse(p.end),
      min: p.min,
      max: p.max,
      sum: p.sum,
      count: p.count,
      firstTime,
      lastTime,
    });
  }
  return buckets;
}

interface RangeRequest {
  readonly deviceId: number;
  readonly key: string;
  readonly from: number;
  readonly to: number;
  readonly signal?: AbortSignal;
}

/**
 * History over `GET /api/v2/devicedata-clean/{deviceId}/{from}/{to}/{key}`
 * (docs/live.md). `fetch` asks for the raw points (`raw=true`); when a range
 * holds more than the route gives raw, it asks again for `maxPoints` buckets
 * and places each bucket's value at the time of its first value.
 * `fetchBuckets` asks for at most `buckets` buckets (`points=…`) with their
 * lowest, highest and summed values. Text values are left out: charts draw
 * numbers.
 */
export function httpHistorySource(options: HttpHistorySourceOptions): HistorySource {
  async function get(request: RangeRequest, query: string): Promise<History> {
    // Ranges are given in UTC (`timeZone=UTC`), which has no ambiguous hour: exactly the wanted
    // range and nothing around it. Days for buckets stay the organisation's (docs/live.md).
    const from = encodeURIComponent(utcClock(request.from));
    const to = encodeURIComponent(utcClock(request.to));
    const key = encodeURIComponent(request.key);
    const path = `/v2/devicedata-clean/${request.deviceId}/${from}/${to}/${key}?${query}&timeZone=UTC`;
    const body = await options.get(path, request.signal);
    // Generated ahead of time from the contract (wire-check.ts): the console's CSP forbids eval.
    if (!isHistory(body)) throw new Error('Unexpected answer from the history route');
    return body;
  }

  return {
    async fetch(request): Promise<readonly Point[]> {
      let body = await get(request, 'raw=true');
      let timeOf = (p: HistoryPoint) => p.time;
      if (body.truncated) {
        body = await get(
          request,
          `points=${Math.min(MAX_BUCKETS, Math.max(1, request.maxPoints))}`,
        );
        timeOf = (p) => p.firstTime;
      }
      const points: Point[] = [];
      for (const p of body.points) {
        const time = Date.parse(timeOf(p));
        if (p.value !== null && time >= request.from && time <= request.to) {
          points.push({ time, value: p.value });
        }
      }
      return points;
    },

    async fetchBuckets(request: BucketRequest): Promise<BucketHistory> {
      const count = Math.min(MAX_BUCKETS, Math.max(2, Math.floor(request.buckets)));
      const body = await get(request, `points=${count}`);
      const buckets = bucketsOf(body, request.from, request.to);
      // A summary (one bucket) has no width of its own: it is the range.
      const bucketMs =
        body.bucketSeconds === null
          ? Date.parse(body.to) - Date.parse(body.from)
          : body.bucketSeconds * 1000;
      // Widths below a day count from local midnight (docs/live.md).
      const offset = zoneOffset(request.to, body.timeZone);
      const edge =
        buckets[buckets.length - 1]?.start ??
        Math.floor((request.to + offset) / DAY) * DAY - offset;
      return { bucketMs, edge, buckets };
    },
  };
}

export interface FetchJsonOptions {
  /** Where the services answer; `/api` by default. */
  baseUrl?: string;
  /** A session or API token sent as a bearer token. */
  token?: () => string | null | undefined;
}

/** A GetJson over the global fetch, for callers without the console's api client (workers, scripts). */
export function fetchJson(options: FetchJsonOptions = {}): GetJson {
  const baseUrl = options.baseUrl ?? '/api';
  return async (path, signal) => {
    const token = options.token?.();
    const response = await fetch(`${baseUrl}${path}`, {
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(signal ? { signal } : {}),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message = isRecord(body) && typeof body['message'] === 'string' ? body['message'] : '';
      throw new Error(message || `History request failed (${response.status})`);
    }
    return body;
  };
}
