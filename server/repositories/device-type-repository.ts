import {
  sql,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { DB, DeviceTypesTable, NewDeviceType } from '../db/types.ts';
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
import { deleteWithTokens, devicesOutside, orgOfEntity, type Deleted } from './owned-entity.ts';

export type DeviceTypeSortKey = 'id' | 'name' | 'created' | 'modified';
export const deviceTypeSorts: Record<DeviceTypeSortKey, SortSpec> = {
  id: { expression: sql`t.id` },
  name: { expression: nameKey('t.name') },
  created: { expression: sql`t.created_at` },
  modified: { expression: sql`t.modified_at` },
};

export interface DeviceTypeFilter {
  /** Organisations to list from; null: all. */
  orgs: string[] | null;
  search?: string;
}

export type DeviceTypeRow = Selectable<DeviceTypesTable> & {
  org_name: string;
  decoder_function_name: string | null;
  device_count: number;
};

export function deviceTypeRepository(db: Kysely<DB>) {
  /** Rows with organisation and decoder names, and the devices of the type among `visible`. */
  const select = (visible: string[] | null) =>
    db
      .selectFrom('device_types as t')
      .innerJoin('organisations as o', 'o.uuid', 't.org_uuid')
      .leftJoin('cloud_functions as f', 'f.id', 't.decoder_function_id')
      .selectAll('t')
      .select([
        'o.name as org_name',
        'f.name as decoder_function_name',
        sql<number>`(select count(*) from devices x where x.device_type_id = t.id${
          visible ? sql` and ${inOrgs('x.org_uuid', visible)}` : sql``
        })`.as('device_count'),
      ]);

  const conditions = (filter: DeviceTypeFilter): RawBuilder<SqlBool>[] => [
    ...(filter.orgs ? [inOrgs('t.org_uuid', filter.orgs)] : []),
    ...(filter.search ? [contains('t.name', filter.search)] : []),
  ];

  return {
    async list(
      filter: DeviceTypeFilter,
      visible: string[] | null,
      sort: Sort<DeviceTypeSortKey>,
      page: PageRequest,
    ): Promise<PageOf<DeviceTypeRow>> {
      if (filter.orgs?.length === 0) return { rows: [], total: 0 };
      const where = conditions(filter);
      const [rows, count] = await Promise.all([
        where
          .reduce((q, c) => q.where(c), select(visible))
          .orderBy(orderBy(deviceTypeSorts[sort.key], sort.direction, 't.id'))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize)
          .execute(),
        where
          .reduce(
            (q, c) => q.where(c),
            db.selectFrom('device_types as t').select(sql<number>`count(*)`.as('n')),
          )
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    get(id: number, visible: string[] | null): Promise<DeviceTypeRow | undefined> {
      return select(visible).where('t.id', '=', id).executeTakeFirst();
    },

    /** What a device needs to know of a type: its organisation and its keys. */
    basics(id: number) {
      return db
        .selectFrom('device_types')
        .select(['org_uuid', 'structure', 'decoder_function_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    orgOf: (id: number) => orgOfEntity(db, 'device_types', id),

    async create(values: NewDeviceType): Promise<number> {
      const row = await db
        .insertInto('device_types')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Updateable<DeviceTypesTable>): Promise<void> {
      await db
        .updateTable('device_types')
        .set({ ...values, modified_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Devices of the type whose organisation is not among `orgs`. */
    devicesOutside: (id: number, orgs: string[]) => devicesOutside(db, 'device_type_id', id, orgs),

    /** Deletes a type no device has; tokens bound to it go with it. */
    delete: (id: number): Promise<Deleted> =>
      deleteWithTokens(
        db,
        'device_types',
        id,
        [{ table: 'devices', column: 'device_type_id' }],
        'devicetype',
      ),
  };
}
