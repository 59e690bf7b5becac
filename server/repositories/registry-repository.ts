import {
  sql,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { DB, NewRegistry, RegistriesTable } from '../db/types.ts';
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

export type RegistrySortKey = 'id' | 'name' | 'protocol' | 'created' | 'modified';
export const registrySorts: Record<RegistrySortKey, SortSpec> = {
  id: { expression: sql`r.id` },
  name: { expression: nameKey('r.name') },
  protocol: { expression: sql`r.protocol` },
  created: { expression: sql`r.created_at` },
  modified: { expression: sql`r.modified_at` },
};

export interface RegistryFilter {
  /** Organisations to list from; null: all. */
  orgs: string[] | null;
  search?: string;
  protocol?: 'http' | 'mqtt' | 'none';
}

export type RegistryRow = Selectable<RegistriesTable> & { org_name: string; device_count: number };

export function registryRepository(db: Kysely<DB>) {
  /** Rows with their organisation's name and the devices using them among `visible` (null: all). */
  const select = (visible: string[] | null) =>
    db
      .selectFrom('registries as r')
      .innerJoin('organisations as o', 'o.uuid', 'r.org_uuid')
      .selectAll('r')
      .select([
        'o.name as org_name',
        sql<number>`(select count(*) from devices x where x.registry_id = r.id${
          visible ? sql` and ${inOrgs('x.org_uuid', visible)}` : sql``
        })`.as('device_count'),
      ]);

  const conditions = (filter: RegistryFilter): RawBuilder<SqlBool>[] => [
    ...(filter.orgs ? [inOrgs('r.org_uuid', filter.orgs)] : []),
    ...(filter.search ? [contains('r.name', filter.search)] : []),
    ...(filter.protocol ? [sql<SqlBool>`r.protocol = ${filter.protocol}`] : []),
  ];

  return {
    async list(
      filter: RegistryFilter,
      visible: string[] | null,
      sort: Sort<RegistrySortKey>,
      page: PageRequest,
    ): Promise<PageOf<RegistryRow>> {
      if (filter.orgs?.length === 0) return { rows: [], total: 0 };
      const where = conditions(filter);
      const [rows, count] = await Promise.all([
        where
          .reduce((q, c) => q.where(c), select(visible))
          .orderBy(orderBy(registrySorts[sort.key], sort.direction, 'r.id'))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize)
          .execute(),
        where
          .reduce(
            (q, c) => q.where(c),
            db.selectFrom('registries as r').select(sql<number>`count(*)`.as('n')),
          )
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    get(id: number, visible: string[] | null): Promise<RegistryRow | undefined> {
      return select(visible).where('r.id', '=', id).executeTakeFirst();
    },

    orgOf: (id: number) => orgOfEntity(db, 'registries', id),

    async create(values: NewRegistry): Promise<number> {
      const row = await db
        .insertInto('registries')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Updateable<RegistriesTable>): Promise<void> {
      await db
        .updateTable('registries')
        .set({ ...values, modified_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Devices using the registry whose organisation is not among `orgs`. */
    devicesOutside: (id: number, orgs: string[]) => devicesOutside(db, 'registry_id', id, orgs),

    /** Deletes a registry no device uses; tokens bound to it go with it. */
    delete: (id: number): Promise<Deleted> =>
      deleteWithTokens(
        db,
        'registries',
        id,
        [{ table: 'devices', column: 'registry_id' }],
        'registry',
      ),
  };
}
