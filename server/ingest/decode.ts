import { isUtf8 } from 'node:buffer';
/** One value of a data key, before it is stored. */
export interface Point {
  key: string;
  /** Milliseconds since the epoch. */
  time: number;
  value: number | null;
  textValue: string | null;
}

/** A packet as it arrived: what the message log keeps. */
export interface RawPayload {
  text: string;
  encoding: 'utf8' | 'base64';
}

const MAX_KEY_LENGTH = 64;
const MAX_TEXT_LENGTH = 4096;
/** Point times a device may claim: from 2000 until a day ahead of the receipt. */
const EARLIEST = Date.UTC(2000, 0, 1);
const AHEAD_MS = 24 * 3600_000;

/**
 * The packet as text for the message log: UTF-8 when it is valid UTF-8
 * without NUL characters (which PostgreSQL text cannot hold), else base64.
 */
export function rawPayload(payload: Buffer): RawPayload {
  if (isUtf8(payload) && !payload.includes(0)) {
    return { text: payload.toString('utf8'), encoding: 'utf8' };
  }
  return { text: payload.toString('base64'), encoding: 'base64' };
}

/** The payload as JSON when it is JSON, else undefined. */
export function parseJson(raw: RawPayload): unknown {
  if (raw.encoding !== 'utf8') return undefined;
  const text = raw.text.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A point time from a `time`/`ts` field: epoch seconds (below 10^11) or
 * milliseconds, or an ISO 8601 text; undefined when absent or implausible.
 */
export function pointTime(value: unknown, receivedAt: number): number | undefined {
  let ms: number | undefined;
  if (typeof value === 'number' && Number.isFinite(value)) {
    ms = Math.abs(value) < 1e11 ? value * 1000 : value;
  } else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const parsed = Date.parse(value);
    ms = Number.isNaN(parsed) ? undefined : parsed;
  }
  if (ms === undefined || ms < EARLIEST || ms > receivedAt + AHEAD_MS) return undefined;
  return Math.round(ms);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const validKey = (key: string) =>
  key.length > 0 && key.length <= MAX_KEY_LENGTH && !key.includes('\u0000');

/**
 * The rule without a decoder: a JSON object becomes one point per numeric
 * field, timed by its `time` or `ts` field, else by the receipt.
 */
export function objectToPoints(object: Record<string, unknown>, receivedAt: number): Point[] {
  const time = pointTime(object.time ?? object.ts, receivedAt) ?? receivedAt;
  const points: Point[] = [];
  for (const [key, value] of Object.entries(object)) {
    if (key === 'time' || key === 'ts' || !validKey(key)) continue;
    if (typeof value === 'number' && Number.isFinite(value)) {
      points.push({ key, time, value, textValue: null });
    }
  }
  return points;
}

/**
 * What a decoder pipeline returned, as points: an array of `{key, value, time?}`
 * (a number, a boolean as 1/0, a text or null), or an object, which is read
 * like an undecoded JSON payload. Anything else gives no points.
 */
export function decoderOutputToPoints(output: unknown, receivedAt: number): Point[] {
  if (isRecord(output)) return objectToPoints(output, receivedAt);
  if (!Array.isArray(output)) return [];
  const points: Point[] = [];
  for (const item of output) {
    if (!isRecord(item) || typeof item.key !== 'string' || !validKey(item.key)) continue;
    const time = pointTime(item.time ?? item.ts, receivedAt) ?? receivedAt;
    const value = item.value;
    if (typeof value === 'number' && Number.isFinite(value)) {
      points.push({ key: item.key, time, value, textValue: null });
    } else if (typeof value === 'boolean') {
      points.push({ key: item.key, time, value: value ? 1 : 0, textValue: null });
    } else if (typeof value === 'string') {
      const text = value.replaceAll('\u0000', '').slice(0, MAX_TEXT_LENGTH);
      points.push({ key: item.key, time, value: null, textValue: text });
    } else if (value === null) {
      points.push({ key: item.key, time, value: null, textValue: null });
    }
  }
  return points;
}

/** The points of a payload that has no decoder. */
export function defaultDecode(raw: RawPayload, receivedAt: number): Point[] {
  const json = parseJson(raw);
  if (isRecord(json)) return objectToPoints(json, receivedAt);
  if (Array.isArray(json)) {
    return json.flatMap((item) => (isRecord(item) ? objectToPoints(item, receivedAt) : []));
  }
  return [];
}

const SMALL = 16;
const sameRow = (a: Point, b: Point) => a.key === b.key && a.time === b.time;

/** Keeps the last of several points with the same key and time (one row per key and time). */
export function uniquePoints(points: Point[]): Point[] {
  if (points.length <= SMALL) {
    // A packet's few points are compared pairwise, without a map.
    let repeated = false;
    for (let i = 0; i < points.length && !repeated; i++) {
      for (let j = i + 1; j < points.length; j++) {
        if (sameRow(points[i] as Point, points[j] as Point)) {
          repeated = true;
          break;
        }
      }
    }
    if (!repeated) return points;
  }
  const byKey = new Map<string, Point>();
  for (const point of points) byKey.set(`${point.key}\u0000${point.time}`, point);
  return byKey.size === points.length ? points : [...byKey.values()];
}
