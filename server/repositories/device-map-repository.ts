import { sql, type Compilable, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/types.ts';
import type { MapAggregate, MapDevice } from '../../contracts/map.ts';
import { deviceConditions, type DeviceFilter } from './device-repository.ts';

export interface MapValueRow {
  deviceId: number;
  value: number;
  count: number;
}

const HOUR_MS = 3600_000;

/**
 * The numeric readings of `key` in [from, to] of the devices `devices` selects,
 * as (device_id, count, sum, min, max, last_time) rows: the whole UTC hours
 * inside the period from the hourly rollup, the partial hours at its edges
 * from device_data (as history reads do, history-repository.ts).
 */
function readings(devices: Compilable, key: string, from: Date, to: Date): RawBuilder<unknown>[] {
  const hourFrom = new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS);
  const hourTo = new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS);
  const raw = (after: Date, before: Date, inclusive: boolean) => sql`
    select v.device_id, 1 as count, v.value as sum, v.value as min, v.value as max,
      v.time as last_time
    from device_data v
    where v.device_id in (${devices}) and v.key = ${key} and v.value is not null
      and v.time >= ${after}::timestamptz
      and v.time ${inclusive ? sql`<=` : sql`<`} ${before}::timestamptz`;
  if (hourFrom >= hourTo) return [raw(from, to, true)];
  return [
    sql`
      select h.device_id, h.count, h.sum, h.min, h.max, h.last_time
      from device_data_hourly h
      where h.device_id in (${devices}) and h.key = ${key}
        and h.hour >= ${hourFrom}::timestamptz and h.hour < ${hourTo}::timestamptz`,
    ...(from < hourFrom ? [raw(from, hourFrom, false)] : []),
    raw(hourTo, to, true),
  ];
}

/**
 * What maps read (docs/maps.md): the devices the device list's `filter` finds,
 * narrowed to those a map may draw, and one number per device for a data key.
 */
export function deviceMapRepository(db: Kysely<DB>) {
  /** The filter's devices that are calibrated and placed (spec §4: others show no place). */
  const onMap = (filter: DeviceFilter) =>
    [
      ...deviceConditions(filter),
      sql<SqlBool>`d.calibrated and d.lat is not null and d.lng is not null`,
    ].reduce((query, condition) => query.where(condition), db.selectFrom('devices as d'));

  return {
    /**
     * The devices a map of `filter` draws, by id, at most `limit` of them, and how
     * many there are in all: one query on the narrow columns (the count is a
     * window over the same rows, taken before the limit).
     */
    async points(
      filter: DeviceFilter,
      limit: number,
    ): Promise<{ devices: MapDevice[]; total: number }> {
      if (filter.orgs?.length === 0) return { devices: [], total: 0 };
      const rows = await onMap(filter)
        .select([
          'd.id',
          'd.uuid',
          'd.name',
          'd.lat',
          'd.lng',
          'd.status',
          'd.loc_type as locType',
          'd.address',
          'd.device_type_id as deviceTypeId',
          'd.registry_id as registryId',
          sql<number>`count(*) over ()`.as('total'),
        ])
        .$narrowType<{ lat: number; lng: number }>()
        .orderBy('d.id')
        .limit(limit)
        .execute();
      return {
        devices: rows.map(({ total: _, ...device }) => device),
        total: rows[0]?.total ?? 0,
      };
    },

    /**
     * One number per device for `key` over [from, to] among the devices a map of
     * `filter` draws, with how many numeric readings it stands for; devices
     * without any are left out. Whole hours are read from the hourly rollup, so
     * a day costs about 24 rows per device however often it reported.
     */
    async values(
      filter: DeviceFilter,
      key: string,
      from: Date,
      to: Date,
      aggregate: MapAggregate,
    ): Promise<MapValueRow[]> {
      if (filter.orgs?.length === 0) return [];
      const parts = readings(onMap(filter).select('d.id'), key, from, to);
      // The latest reading's value: its time is known, so one primary key lookup.
      const last = sql`(
        select v.value from device_data v
        where v.device_id = a.device_id and v.key = ${key} and v.time = a.last_time
          and v.time >= ${from}::timestamptz and v.time <= ${to}::timestamptz)`;
      const value = {
        avg: sql`a.sum / a.count`,
        sum: sql`a.sum`,
        min: sql`a.min`,
        max: sql`a.max`,
        last,
      }[aggregate];
      const result = await sql<MapValueRow>`
        select a.device_id as "deviceId", (${value})::double precision as value, a.count
        from (
          select s.device_id, sum(s.count) as count, sum(s.sum) as sum, min(s.min) as min,
            max(s.max) as max, max(s.last_time) as last_time
          from (${sql.join(parts, sql` union all `)}) s
          group by s.device_id
        ) a
        order by a.device_id`.execute(db);
      return result.rows;
    },
  };
}
