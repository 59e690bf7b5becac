import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.ts';

/** Columns of points for one device: the i-th point is (keys[i], times[i] in epoch ms, values[i]). */
export interface PointColumns {
  keys: string[];
  times: number[];
  values: number[];
}

/** Bulk writes of a device's past data (the demo history), one statement per device. */
export function deviceHistoryRepository(db: Kysely<DB>) {
  return {
    /** Creates the monthly device_data partitions that cover [from, to]. */
    async ensureMonths(from: Date, to: Date): Promise<void> {
      const month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
      while (month.getTime() <= to.getTime()) {
        await sql`select ensure_device_data_partition(${month})`.execute(db);
        month.setUTCMonth(month.getUTCMonth() + 1);
      }
    },

    /**
     * Inserts the points in one INSERT … SELECT FROM unnest(…). For a device
     * without data at those times (a point already stored fails the insert):
     * skipping the conflict check makes the bulk write a sixth faster.
     */
    async insertNewPoints(deviceId: number, points: PointColumns): Promise<void> {
      if (points.times.length === 0) return;
      await sql`
        insert into device_data (device_id, key, time, value)
        select ${deviceId}, k, to_timestamp(t / 1000.0), v
        from unnest(${points.keys}::text[], ${points.times}::float8[], ${points.values}::float8[])
          as u(k, t, v)`.execute(db);
    },

    /** Marks the devices as heard from at `at`, as ingest would after their last message. */
    async markHeardFrom(deviceIds: number[], at: Date): Promise<void> {
      if (deviceIds.length === 0) return;
      await db
        .updateTable('devices')
        .set({ last_data_at: at, last_connection_at: at, status: 'green' })
        .where('id', 'in', deviceIds)
        .execute();
    },
  };
}
