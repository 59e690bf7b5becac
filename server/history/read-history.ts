import type { Kysely } from 'kysely';
import { mayReadDeviceData, type Actor } from '../access/access.ts';
import type { DB } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import {
  historyRepository,
  type BucketRow,
  type RawRow,
} from '../repositories/history-repository.ts';
import {
  granularityNames,
  parseLocalTime,
  planBuckets,
  planSeconds,
  wholeHourOffsets,
  type Granularity,
} from './plan.ts';
import type { History, HistoryPoint, HistoryQuery, Statistic } from '../../contracts/history.ts';

/** Raw answers stop here; `truncated` tells the client to continue from the last time. */
export const RAW_LIMIT = 50_000;

const iso = (date: Date) => new Date(date).toISOString();

export function bucketPoint(row: BucketRow, stat: Statistic): HistoryPoint {
  const avg = row.count > 0 && row.sum !== null ? row.sum / row.count : null;
  const stats = { avg, min: row.min, max: row.max, sum: row.sum, count: row.count };
  return {
    time: iso(row.time),
    end: iso(row.end),
    value: stats[stat],
    ...stats,
    firstTime: iso(row.first_time),
    lastTime: iso(row.last_time),
    textValue: null,
  };
}

function rawPoint(row: RawRow): HistoryPoint {
  const time = iso(row.time);
  const numeric = row.value !== null;
  return {
    time,
    end: time,
    value: row.value,
    min: row.value,
    max: row.value,
    avg: row.value,
    sum: row.value,
    count: numeric ? 1 : 0,
    firstTime: time,
    lastTime: time,
    textValue: row.text_value,
  };
}

/** The spec granularity whose width this is (the default granularity when none was asked for). */
function granularityOf(seconds: number | null): Granularity {
  if (seconds === null) return 3;
  if (seconds < 3600) return 0;
  if (seconds < 86_400) return 1;
  return 2;
}

const timeZones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
/** An IANA time zone name both this server and the database know. */
const knownTimeZone = (name: string) => timeZones.has(name);

type HistoryRepository = ReturnType<typeof historyRepository>;
/** A device whose data the caller may read, and a local range resolved in its organisation's zone. */
export type ReadableRange = NonNullable<Awaited<ReturnType<HistoryRepository['resolve']>>>;

/**
 * Device data history (spec §7 devicedata-clean): a device's local time
 * range resolved once, then any of its data keys read over it as buckets in
 * the organisation's time zone or as the stored points. See docs/live.md.
 */
export function historyReader(db: Kysely<DB>) {
  const repo = historyRepository(db);
  return {
    /**
     * The device and range (in the organisation's zone, or in `timeZone`), or 404
     * when it does not exist or the caller may not read its data.
     */
    async resolve(
      actor: Actor,
      input: { deviceId: number; from: string; to: string; timeZone?: string | undefined },
    ): Promise<ReadableRange> {
      const fromLocal = parseLocalTime(input.from, 'from');
      const toLocal = parseLocalTime(input.to, 'to');
      if (fromLocal > toLocal) throw new HttpError(400, 'from must not be after to');
      if (input.timeZone !== undefined && !knownTimeZone(input.timeZone))
        throw new HttpError(400, `timeZone ${input.timeZone} is not a known time zone`);
      const resolved = await repo.resolve(
        input.deviceId,
        fromLocal,
        toLocal,
        input.timeZone ?? null,
      );
      if (!resolved || !mayReadDeviceData(actor, resolved.device))
        throw new HttpError(404, 'Resource not found');
      return resolved;
    },

    /** One data key over a resolved range. */
    async read(
      resolved: ReadableRange,
      input: { key: string; stat: Statistic },
      query: HistoryQuery,
    ): Promise<History> {
      const { device, range } = resolved;
      const answer = {
        deviceId: device.id,
        key: input.key,
        timeZone: device.timeZone,
        from: iso(range.from),
        to: iso(range.to),
        stat: input.stat,
      };
      if (query.raw) {
        const rows = await repo.raw(device.id, input.key, range, RAW_LIMIT + 1);
        return {
          ...answer,
          granularity: 'raw',
          bucketSeconds: null,
          truncated: rows.length > RAW_LIMIT,
          points: rows.slice(0, RAW_LIMIT).map(rawPoint),
        };
      }
      const rangeSeconds = (range.to.getTime() - range.from.getTime()) / 1000;
      const asked = query.granularity as Granularity | undefined;
      const plan = planBuckets({ rangeSeconds, granularity: asked, points: query.points });
      const seconds = planSeconds(plan);
      const hourly = seconds === null || seconds % 3600 === 0;
      const rows = await repo.buckets({
        deviceId: device.id,
        key: input.key,
        range,
        timeZone: device.timeZone,
        plan,
        useRollup: hourly && wholeHourOffsets(device.timeZone, [range.from, range.to]),
      });
      const granularity =
        query.points !== undefined && asked === undefined
          ? 'auto'
          : granularityNames[asked ?? granularityOf(seconds)];
      return {
        ...answer,
        granularity,
        bucketSeconds: seconds,
        truncated: false,
        points: rows.map((row) => bucketPoint(row, input.stat)),
      };
    },
  };
}
