import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/types.ts';
import type { BucketPlan } from '../history/plan.ts';

/** A device with what decides who may read its data, and its organisation's time zone. */
export interface DataDevice {
  id: number;
  orgUuid: string;
  registryId: number | null;
  deviceTypeId: number | null;
  timeZone: string;
}

/** A local range resolved in the device's time zone. */
export interface ResolvedRange {
  /** Instants: [from, to). */
  from: Date;
  to: Date;
  /** Local midnight of `from`, as an instant and as local wall-clock text. */
  originUtc: Date;
  originLocal: string;
}

export interface BucketRow {
  time: Date;
  end: Date;
  count: number;
  sum: number | null;
  min: number | null;
  max: number | null;
  first_time: Date;
  last_time: Date;
}

export interface RawRow {
  time: Date;
  value: number | null;
  text_value: string | null;
}

export interface BucketQuery {
  deviceId: number;
  key: string;
  range: ResolvedRange;
  timeZone: string;
  plan: BucketPlan;
  /** Read whole hours from device_data_hourly (bucket edges fall on UTC hours). */
  useRollup: boolean;
}

const HOUR_MS = 3600_000;

/** The bucket start and end of a row whose time is `t`. */
function bucketEdges(query: BucketQuery): { start: RawBuilder<Date>; end: RawBuilder<Date> } {
  const { plan, range, timeZone } = query;
  if (plan.kind === 'summary') {
    return {
      start: sql<Date>`${range.from}::timestamptz`,
      end: sql<Date>`${range.to}::timestamptz`,
    };
  }
  if (plan.kind === 'fixed') {
    const width = sql`(${plan.seconds} * interval '1 second')`;
    const start = sql<Date>`date_bin(${width}, t, ${range.originUtc}::timestamptz)`;
    return { start, end: sql<Date>`(${start} + ${width})` };
  }
  // Whole days are binned on local wall-clock time, so they start at local midnight.
  const width = sql`(${plan.days} * interval '1 day')`;
  const local = sql`date_bin(${width}, t at time zone ${timeZone}, ${range.originLocal}::timestamp)`;
  return {
    start: sql<Date>`(${local} at time zone ${timeZone})`,
    end: sql<Date>`((${local} + ${width}) at time zone ${timeZone})`,
  };
}

/** Device data history: SQL over device_data and its hourly rollup. */
export function historyRepository(db: Kysely<DB>) {
  return {
    /**
     * The device and its organisation's time zone, and the local range resolved
     * there, or in `zone` when given (days, for buckets, stay the organisation's).
     */
    async resolve(
      deviceId: number,
      fromLocal: string,
      toLocal: string,
      zone: string | null = null,
    ): Promise<{ device: DataDevice; range: ResolvedRange } | undefined> {
      const result = await sql<{
        id: number;
        org_uuid: string;
        registry_id: number | null;
        device_type_id: number | null;
        time_zone: string;
        from_utc: Date;
        to_utc: Date;
        origin_utc: Date;
        origin_local: string;
      }>`
        select r.*,
          date_trunc('day', r.from_utc at time zone r.time_zone) at time zone r.time_zone as origin_utc,
          to_char(date_trunc('day', r.from_utc at time zone r.time_zone), 'YYYY-MM-DD HH24:MI:SS') as origin_local
        from (
          select d.id, d.org_uuid, d.registry_id, d.device_type_id, o.time_zone,
            ${fromLocal}::timestamp at time zone coalesce(${zone}::text, o.time_zone) as from_utc,
            (${toLocal}::timestamp + interval '1 second') at time zone coalesce(${zone}::text, o.time_zone) as to_utc
          from devices d
          join organisations o on o.uuid = d.org_uuid
          where d.id = ${deviceId}
        ) r`.execute(db);
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        device: {
          id: row.id,
          orgUuid: row.org_uuid,
          registryId: row.registry_id,
          deviceTypeId: row.device_type_id,
          timeZone: row.time_zone,
        },
        range: {
          from: new Date(row.from_utc),
          to: new Date(row.to_utc),
          originUtc: new Date(row.origin_utc),
          originLocal: row.origin_local,
        },
      };
    },

    /**
     * An organisation's time zone and local midnight of `from` there: the
     * origin buckets of a range starting at `from` are binned from.
     */
    async origin(
      orgUuid: string,
      from: Date,
    ): Promise<{ timeZone: string; originUtc: Date; originLocal: string } | undefined> {
      const result = await sql<{ time_zone: string; origin_utc: Date; origin_local: string }>`
        select o.time_zone,
          date_trunc('day', ${from}::timestamptz at time zone o.time_zone) at time zone o.time_zone as origin_utc,
          to_char(date_trunc('day', ${from}::timestamptz at time zone o.time_zone), 'YYYY-MM-DD HH24:MI:SS') as origin_local
        from organisations o where o.uuid = ${orgUuid}`.execute(db);
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        timeZone: row.time_zone,
        originUtc: new Date(row.origin_utc),
        originLocal: row.origin_local,
      };
    },

    /**
     * The data keys devices reported within their stretches of time, from the
     * hourly rollup (a key of the stretch's first or last hour counts).
     */
    async keysWithin(stretches: { deviceId: number; from: Date; to: Date }[]): Promise<string[]> {
      if (stretches.length === 0) return [];
      const parts = stretches.map(
        ({ deviceId, from, to }) => sql`
          select distinct key from device_data_hourly
          where device_id = ${deviceId}
            and hour >= date_trunc('hour', ${from}::timestamptz) and hour < ${to}::timestamptz`,
      );
      const result = await sql<{ key: string }>`
        select distinct key from (${sql.join(parts, sql` union all `)}) k order by key`.execute(db);
      return result.rows.map((row) => row.key);
    },

    /** Aggregated buckets with values, oldest first. */
    async buckets(query: BucketQuery): Promise<BucketRow[]> {
      const { deviceId, key, range } = query;
      const { start, end } = bucketEdges(query);
      // Whole UTC hours inside the range come from the rollup; the partial hours at the edges from raw rows.
      const hourFrom = new Date(Math.ceil(range.from.getTime() / HOUR_MS) * HOUR_MS);
      const hourTo = new Date(Math.floor(range.to.getTime() / HOUR_MS) * HOUR_MS);
      const rollup = query.useRollup && hourFrom < hourTo;
      const rawRows = (from: Date, to: Date) => sql`
        select time as t, 1 as count, value as sum, value as min, value as max,
          time as first_time, time as last_time
        from device_data
        where device_id = ${deviceId} and key = ${key} and value is not null
          and time >= ${from}::timestamptz and time < ${to}::timestamptz`;
      // Each part is one index range (an OR of two ranges would scan the device's whole key).
      const parts = rollup
        ? [
            sql`
              select hour as t, count, sum, min, max, first_time, last_time
              from device_data_hourly
              where device_id = ${deviceId} and key = ${key}
                and hour >= ${hourFrom}::timestamptz and hour < ${hourTo}::timestamptz`,
            ...(range.from < hourFrom ? [rawRows(range.from, hourFrom)] : []),
            ...(hourTo < range.to ? [rawRows(hourTo, range.to)] : []),
          ]
        : [rawRows(range.from, range.to)];
      const source = sql.join(parts, sql` union all `);
      const grouping =
        query.plan.kind === 'summary' ? sql`having count(*) > 0` : sql`group by 1, 2`;
      const result = await sql<BucketRow>`
        with source as (${source})
        select ${start} as time, ${end} as "end", sum(count)::integer as count, sum(sum) as sum,
          min(min) as min, max(max) as max, min(first_time) as first_time, max(last_time) as last_time
        from source
        ${grouping}
        order by 1`.execute(db);
      return result.rows;
    },

    /** The stored points in the range, oldest first, at most `limit`. */
    async raw(
      deviceId: number,
      key: string,
      range: ResolvedRange,
      limit: number,
    ): Promise<RawRow[]> {
      const result = await sql<RawRow>`
        select time, value, text_value
        from device_data
        where device_id = ${deviceId} and key = ${key}
          and time >= ${range.from}::timestamptz and time < ${range.to}::timestamptz
        order by time
        limit ${limit}`.execute(db);
      return result.rows;
    },
  };
}
