import { sql, type Kysely, type RawBuilder, type SqlBool, type Updateable } from 'kysely';
import type {
  DB,
  Device,
  DevicesTable,
  DeviceStatus,
  NewDevice,
  NewDeviceType,
  NewRegistry,
} from '../db/types.ts';
import type { LocationType } from '../../contracts/device.ts';
import {
  contains,
  inOrgs,
  nameKey,
  orderBy,
  type PageOf,
  type PageRequest,
  type Sort,
  type SortSpec,
} from './list-query.ts';

export type DeviceSortKey =
  | 'id'
  | 'name'
  | 'uniqueName'
  | 'status'
  | 'locType'
  | 'created'
  | 'modified'
  | 'lastDataAt'
  | 'lastConnectionAt';
export const deviceSorts: Record<DeviceSortKey, SortSpec> = {
  id: { expression: sql`d.id` },
  name: { expression: nameKey('d.name') },
  uniqueName: { expression: nameKey('d.unique_name'), nullable: true },
  status: { expression: sql`d.status` },
  locType: { expression: sql`d.loc_type` },
  created: { expression: sql`d.created_at` },
  modified: { expression: sql`d.modified_at` },
  lastDataAt: { expression: sql`d.last_data_at`, nullable: true },
  lastConnectionAt: { expression: sql`d.last_connection_at`, nullable: true },
};

export interface DeviceFilter {
  /** Organisations to list from; null: all. */
  orgs: string[] | null;
  /** Case-insensitive, anywhere in the name or the unique name. */
  search?: string;
  registryId?: number;
  deviceTypeId?: number;
  projectId?: number;
  status?: DeviceStatus;
  locType?: LocationType;
  calibrated?: boolean;
  /** Calibrated devices due again, with this many months where a device names none. */
  calibrationDue?: number | undefined;
  communication?: boolean;
  ids?: number[];
}

export interface FunctionLink {
  id: number;
  name: string;
}

export type DeviceRow = Device & {
  org_name: string;
  org_time_zone: string;
  registry_name: string | null;
  device_type_name: string | null;
  /** The device type's decoder, which runs before the device's own pipeline. */
  device_type_decoder_id: number | null;
  project_name: string | null;
  decoder_functions: FunctionLink[];
};

/** The WHERE conditions of `filter` on `devices as d`: the device list's, which maps share. */
export function deviceConditions(filter: DeviceFilter): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  if (filter.orgs) where.push(inOrgs('d.org_uuid', filter.orgs));
  if (filter.search) {
    where.push(
      sql<SqlBool>`(${contains('d.name', filter.search)} or ${contains('d.unique_name', filter.search)})`,
    );
  }
  if (filter.registryId !== undefined)
    where.push(sql<SqlBool>`d.registry_id = ${filter.registryId}`);
  if (filter.deviceTypeId !== undefined)
    where.push(sql<SqlBool>`d.device_type_id = ${filter.deviceTypeId}`);
  if (filter.projectId !== undefined) where.push(sql<SqlBool>`d.project_id = ${filter.projectId}`);
  if (filter.status) where.push(sql<SqlBool>`d.status = ${filter.status}`);
  if (filter.locType) where.push(sql<SqlBool>`d.loc_type = ${filter.locType}`);
  if (filter.calibrated !== undefined)
    where.push(sql<SqlBool>`d.calibrated = ${filter.calibrated}`);
  if (filter.calibrationDue !== undefined)
    where.push(sql<SqlBool>`d.calibrated and coalesce(
      (d.calibration->>'calibratedAt')::timestamptz
        + make_interval(months => coalesce((d.calibration->>'reminderMonths')::int, ${filter.calibrationDue}::int)),
      '-infinity'::timestamptz) <= now()`);
  if (filter.communication !== undefined)
    where.push(sql<SqlBool>`d.communication = ${filter.communication}`);
  if (filter.ids) where.push(sql<SqlBool>`d.id = any(${filter.ids}::bigint[])`);
  return where;
}

export function deviceRepository(db: Kysely<DB>) {
  const select = () =>
    db
      .selectFrom('devices as d')
      .innerJoin('organisations as o', 'o.uuid', 'd.org_uuid')
      .leftJoin('registries as r', 'r.id', 'd.registry_id')
      .leftJoin('device_types as t', 't.id', 'd.device_type_id')
      .leftJoin('projects as p', 'p.id', 'd.project_id')
      .selectAll('d')
      .select([
        'o.name as org_name',
        'o.time_zone as org_time_zone',
        'r.name as registry_name',
        't.name as device_type_name',
        't.decoder_function_id as device_type_decoder_id',
        'p.title as project_name',
      ]);

  /** The decoder pipelines of `ids`, each in order. */
  async function functionsOf(ids: number[]): Promise<Map<number, FunctionLink[]>> {
    const pipelines = new Map<number, FunctionLink[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return pipelines;
    const rows = await db
      .selectFrom('device_functions as df')
      .innerJoin('cloud_functions as f', 'f.id', 'df.function_id')
      .select(['df.device_id', 'f.id', 'f.name'])
      .where(sql<SqlBool>`df.device_id = any(${ids}::bigint[])`)
      .orderBy('df.device_id')
      .orderBy('df.position')
      .execute();
    for (const row of rows) pipelines.get(row.device_id)?.push({ id: row.id, name: row.name });
    return pipelines;
  }

  async function setFunctions(
    trx: Kysely<DB>,
    deviceId: number,
    functionIds: readonly number[],
  ): Promise<void> {
    await trx.deleteFrom('device_functions').where('device_id', '=', deviceId).execute();
    if (functionIds.length === 0) return;
    await trx
      .insertInto('device_functions')
      .values(
        functionIds.map((functionId, position) => ({
          device_id: deviceId,
          position,
          function_id: functionId,
        })),
      )
      .execute();
  }

  return {
    createRegistry(values: NewRegistry) {
      return db.insertInto('registries').values(values).returningAll().executeTakeFirstOrThrow();
    },
    createDeviceType(values: NewDeviceType) {
      return db.insertInto('device_types').values(values).returningAll().executeTakeFirstOrThrow();
    },
    createMany(values: NewDevice[]): Promise<Device[]> {
      if (values.length === 0) return Promise.resolve([]);
      return db.insertInto('devices').values(values).returningAll().execute();
    },

    /**
     * One page of devices and how many match in all. The page is found on the
     * narrow key columns first and only its 25 rows are then read whole: sorting
     * thousands of full rows (jsonb and all) to keep 25 would cost far more.
     */
    async list(
      filter: DeviceFilter,
      sort: Sort<DeviceSortKey>,
      page: PageRequest,
    ): Promise<PageOf<DeviceRow>> {
      if (filter.orgs?.length === 0) return { rows: [], total: 0 };
      const where = deviceConditions(filter);
      const [ids, count] = await Promise.all([
        where
          .reduce((q, c) => q.where(c), db.selectFrom('devices as d').select('d.id'))
          .orderBy(orderBy(deviceSorts[sort.key], sort.direction, 'd.id'))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize)
          .execute(),
        where
          .reduce(
            (q, c) => q.where(c),
            db.selectFrom('devices as d').select(sql<number>`count(*)`.as('n')),
          )
          .executeTakeFirstOrThrow(),
      ]);
      const order = ids.map((r) => r.id);
      if (order.length === 0) return { rows: [], total: Number(count.n) };
      const [rows, pipelines] = await Promise.all([
        select()
          .where(sql<SqlBool>`d.id = any(${order}::bigint[])`)
          .execute(),
        functionsOf(order),
      ]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        rows: order.flatMap((id) => {
          const row = byId.get(id);
          return row ? [{ ...row, decoder_functions: pipelines.get(id) ?? [] }] : [];
        }),
        total: Number(count.n),
      };
    },

    async get(id: number): Promise<DeviceRow | undefined> {
      const row = await select().where('d.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return { ...row, decoder_functions: (await functionsOf([id])).get(id) ?? [] };
    },

    async orgOf(id: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('devices')
        .select('org_uuid')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.org_uuid;
    },

    /** The id of the device with this unique name, in any case; undefined if none. */
    async idByUniqueName(uniqueName: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('devices')
        .select('id')
        .where(sql<SqlBool>`lower(unique_name) = lower(${uniqueName})`)
        .executeTakeFirst();
      return row?.id;
    },

    /** Creates a device with its decoder pipeline, in one transaction. */
    create(values: NewDevice, functionIds: readonly number[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('devices')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        await setFunctions(trx, row.id, functionIds);
        return row.id;
      });
    },

    /** Updates a device; a given pipeline replaces the stored one. */
    update(
      id: number,
      values: Updateable<DevicesTable>,
      functionIds: readonly number[] | undefined,
    ): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('devices')
          .set({ ...values, modified_at: sql<Date>`now()` })
          .where('id', '=', id)
          .execute();
        if (functionIds) await setFunctions(trx, id, functionIds);
      });
    },

    /**
     * Deletes a device (its pipeline, pictures and messages go with it), its
     * data points (device_data has no foreign key: it is partitioned) and the
     * API tokens bound to it, which would otherwise outlive it. Gives the ids
     * of those tokens, or undefined when there was no such device.
     */
    delete(id: number): Promise<{ tokenIds: number[] } | undefined> {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('devices')
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        if (!deleted) return undefined;
        await trx.deleteFrom('device_data').where('device_id', '=', id).execute();
        await trx.deleteFrom('messages').where('device_id', '=', id).execute();
        const tokens = await trx
          .deleteFrom('api_tokens')
          .where('type', '=', 'device')
          .where('reference', '=', id)
          .returning('id')
          .execute();
        return { tokenIds: tokens.map((token) => token.id) };
      });
    },
  };
}
