import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import type { PeriodRow } from '../repositories/collection-repository.ts';
import { historyRepository } from '../repositories/history-repository.ts';
import { planBuckets, planSeconds, wholeHourOffsets } from './plan.ts';
import { bucketPoint } from './read-history.ts';
import type {
  CollectionData,
  CollectionDataQuery,
  CollectionKeys,
} from '../../contracts/collection.ts';

/** Buckets over a collection's range when the caller names no number. */
export const COLLECTION_DATA_POINTS_DEFAULT = 500;
/** The longest range a collection's data is read over (about ten years). */
const MAX_RANGE_MS = 3660 * 86_400_000;

/** A device's period cut to [from, to): where it measured for the collection within the range. */
export interface Stretch {
  device: { id: number; name: string };
  from: Date;
  to: Date;
}

/** The periods that overlap [from, to), each cut to it, oldest first; an open period ends at `now`. */
export function stretchesWithin(
  periods: readonly PeriodRow[],
  from: Date,
  to: Date,
  now: Date,
): Stretch[] {
  const stretches: Stretch[] = [];
  for (const period of periods) {
    const start = Math.max(period.started_at.getTime(), from.getTime());
    const end = Math.min((period.ended_at ?? now).getTime(), to.getTime());
    if (start >= end) continue;
    stretches.push({
      device: { id: period.device_id, name: period.device_name },
      from: new Date(start),
      to: new Date(end),
    });
  }
  return stretches.sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * A data collection's data: one key read from each device over the stretch
 * it measured for the collection (docs/workspace.md). Buckets share one
 * width and origin over the whole range, so the segments line up on a chart.
 */
export function collectionDataReader(db: Kysely<DB>) {
  const repo = historyRepository(db);

  function range(query: { from: string; to: string }): { from: Date; to: Date } {
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (!(from < to)) throw new HttpError(400, 'from must be before to');
    if (to.getTime() - from.getTime() > MAX_RANGE_MS)
      throw new HttpError(400, 'The range may be at most ten years long');
    return { from, to };
  }

  return {
    async read(
      collection: { id: number; orgUuid: string },
      periods: readonly PeriodRow[],
      key: string,
      query: CollectionDataQuery,
      now: Date = new Date(),
    ): Promise<CollectionData> {
      const { from, to } = range(query);
      const origin = await repo.origin(collection.orgUuid, from);
      if (!origin) throw new HttpError(404, 'Resource not found');
      const rangeSeconds = (to.getTime() - from.getTime()) / 1000;
      const plan = planBuckets({
        rangeSeconds,
        points: query.points ?? COLLECTION_DATA_POINTS_DEFAULT,
      });
      const seconds = planSeconds(plan);
      const useRollup =
        (seconds === null || seconds % 3600 === 0) && wholeHourOffsets(origin.timeZone, [from, to]);
      const stretches = stretchesWithin(periods, from, to, now);
      const segments = await Promise.all(
        stretches.map(async (stretch) => {
          const rows = await repo.buckets({
            deviceId: stretch.device.id,
            key,
            range: {
              from: stretch.from,
              to: stretch.to,
              originUtc: origin.originUtc,
              originLocal: origin.originLocal,
            },
            timeZone: origin.timeZone,
            plan,
            useRollup,
          });
          return {
            device: stretch.device,
            from: stretch.from.toISOString(),
            to: stretch.to.toISOString(),
            points: rows.map((row) => bucketPoint(row, 'avg')),
          };
        }),
      );
      return {
        collectionId: collection.id,
        key,
        timeZone: origin.timeZone,
        from: from.toISOString(),
        to: to.toISOString(),
        bucketSeconds: seconds,
        segments,
      };
    },

    /** The keys the collection's devices reported while they measured for it, and its zone. */
    async keys(
      collection: { orgUuid: string },
      periods: readonly PeriodRow[],
      now: Date = new Date(),
    ): Promise<CollectionKeys> {
      const origin = await repo.origin(collection.orgUuid, now);
      if (!origin) throw new HttpError(404, 'Resource not found');
      const keys = await repo.keysWithin(
        periods.map((period) => ({
          deviceId: period.device_id,
          from: period.started_at,
          to: period.ended_at ?? now,
        })),
      );
      return { timeZone: origin.timeZone, keys };
    },
  };
}
