import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { DataCollectionsTable, DB } from '../db/types.ts';
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

export type CollectionSortKey = 'id' | 'name' | 'state' | 'created' | 'modified';
export const collectionSorts: Record<CollectionSortKey, SortSpec> = {
  id: { expression: sql`c.id` },
  name: { expression: nameKey('c.name') },
  state: { expression: sql`c.state` },
  created: { expression: sql`c.created_at` },
  modified: { expression: sql`c.modified_at` },
};

export interface CollectionFilter {
  /** Organisations to list from; null: all. */
  orgs: string[] | null;
  search?: string | undefined;
  state?: 'active' | 'inactive' | undefined;
  projectId?: number | undefined;
  deviceId?: number | undefined;
}

export type CollectionRow = Selectable<DataCollectionsTable> & {
  org_name: string;
  project_title: string | null;
  device_name: string | null;
};

export interface PeriodRow {
  device_id: number;
  device_name: string;
  started_at: Date;
  ended_at: Date | null;
}

/** Data collections (spec §3 Data collection) and the periods their devices measured for them. */
export function collectionRepository(db: Kysely<DB>) {
  const select = () =>
    db
      .selectFrom('data_collections as c')
      .innerJoin('organisations as o', 'o.uuid', 'c.org_uuid')
      .leftJoin('projects as p', 'p.id', 'c.project_id')
      .leftJoin('devices as d', 'd.id', 'c.device_id')
      .selectAll('c')
      .select(['o.name as org_name', 'p.title as project_title', 'd.name as device_name']);

  const conditions = (filter: CollectionFilter): RawBuilder<SqlBool>[] => [
    ...(filter.orgs ? [inOrgs('c.org_uuid', filter.orgs)] : []),
    ...(filter.search ? [contains('c.name', filter.search)] : []),
    ...(filter.state ? [sql<SqlBool>`c.state = ${filter.state}`] : []),
    ...(filter.projectId ? [sql<SqlBool>`c.project_id = ${filter.projectId}`] : []),
    ...(filter.deviceId ? [sql<SqlBool>`c.device_id = ${filter.deviceId}`] : []),
  ];

  return {
    async list(
      filter: CollectionFilter,
      sort: Sort<CollectionSortKey>,
      page: PageRequest,
    ): Promise<PageOf<CollectionRow>> {
      if (filter.orgs?.length === 0) return { rows: [], total: 0 };
      const where = conditions(filter);
      const [rows, count] = await Promise.all([
        where
          .reduce((q, c) => q.where(c), select())
          .orderBy(orderBy(collectionSorts[sort.key], sort.direction, 'c.id'))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize)
          .execute(),
        where
          .reduce(
            (q, c) => q.where(c),
            db.selectFrom('data_collections as c').select(sql<number>`count(*)`.as('n')),
          )
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    get(id: number): Promise<CollectionRow | undefined> {
      return select().where('c.id', '=', id).executeTakeFirst();
    },

    async orgOf(id: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('data_collections')
        .select('org_uuid')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.org_uuid;
    },

    async create(values: Insertable<DataCollectionsTable>): Promise<number> {
      const row = await db
        .insertInto('data_collections')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Updateable<DataCollectionsTable>): Promise<void> {
      await db
        .updateTable('data_collections')
        .set({ ...values, modified_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('data_collections')
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The collection a device measures for now, if any. */
    async collectionOfDevice(deviceId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('collection_devices')
        .select('collection_id')
        .where('device_id', '=', deviceId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return row?.collection_id;
    },

    /**
     * Ends the collection's open period at `at` (if any) and, with a device,
     * opens the device's period from `at`: one transaction, so a collection
     * never has two devices at once nor a gap the call did not make.
     */
    async assign(collectionId: number, deviceId: number | null, at: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('collection_devices')
          .set({ ended_at: at })
          .where('collection_id', '=', collectionId)
          .where('ended_at', 'is', null)
          .execute();
        if (deviceId !== null) {
          await trx
            .insertInto('collection_devices')
            .values({ collection_id: collectionId, device_id: deviceId, started_at: at })
            .execute();
        }
        await trx
          .updateTable('data_collections')
          .set({
            device_id: deviceId,
            device_start_date: deviceId === null ? null : at,
            modified_at: sql<Date>`now()`,
          })
          .where('id', '=', collectionId)
          .execute();
      });
    },

    /** When the collection's open period began, if it has one. */
    async openSince(collectionId: number): Promise<Date | undefined> {
      const row = await db
        .selectFrom('collection_devices')
        .select('started_at')
        .where('collection_id', '=', collectionId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return row?.started_at;
    },

    /** Every period of the collection, newest first. */
    periods(collectionId: number): Promise<PeriodRow[]> {
      return db
        .selectFrom('collection_devices as cd')
        .innerJoin('devices as d', 'd.id', 'cd.device_id')
        .select(['cd.device_id', 'd.name as device_name', 'cd.started_at', 'cd.ended_at'])
        .where('cd.collection_id', '=', collectionId)
        .orderBy('cd.started_at', 'desc')
        .orderBy('cd.id', 'desc')
        .execute();
    },
  };
}
