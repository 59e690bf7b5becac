import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { DB, ProjectsTable } from '../db/types.ts';
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

export type ProjectSortKey =
  'id' | 'title' | 'name' | 'startDate' | 'endDate' | 'created' | 'modified';
export const projectSorts: Record<ProjectSortKey, SortSpec> = {
  id: { expression: sql`p.id` },
  title: { expression: nameKey('p.title') },
  name: { expression: nameKey('p.title') },
  startDate: { expression: sql`p.start_date` },
  endDate: { expression: sql`p.end_date` },
  created: { expression: sql`p.created_at` },
  modified: { expression: sql`p.modified_at` },
};

export interface ProjectFilter {
  /** Organisations to list from; null: all. */
  orgs: string[] | null;
  search?: string | undefined;
  /** Running on this day (YYYY-MM-DD). */
  activeOn?: string | undefined;
}

export type ProjectRow = Selectable<ProjectsTable> & {
  org_name: string;
  device_count: number;
  collection_count: number;
};

/** Projects (spec §3 Project): rows with their organisation's name and their counts in scope. */
export function projectRepository(db: Kysely<DB>) {
  /** Counts of the project's devices and collections among `visible` organisations (null: all). */
  const select = (visible: string[] | null) => {
    const within = (column: string) => (visible ? sql` and ${inOrgs(column, visible)}` : sql``);
    return db
      .selectFrom('projects as p')
      .innerJoin('organisations as o', 'o.uuid', 'p.org_uuid')
      .selectAll('p')
      .select([
        'o.name as org_name',
        sql<number>`(select count(*) from devices x where x.project_id = p.id${within('x.org_uuid')})`.as(
          'device_count',
        ),
        sql<number>`(select count(*) from data_collections c where c.project_id = p.id${within('c.org_uuid')})`.as(
          'collection_count',
        ),
      ]);
  };

  const conditions = (filter: ProjectFilter): RawBuilder<SqlBool>[] => [
    ...(filter.orgs ? [inOrgs('p.org_uuid', filter.orgs)] : []),
    ...(filter.search ? [contains('p.title', filter.search)] : []),
    ...(filter.activeOn
      ? [
          sql<SqlBool>`p.start_date <= ${filter.activeOn}::date and p.end_date >= ${filter.activeOn}::date`,
        ]
      : []),
  ];

  return {
    async list(
      filter: ProjectFilter,
      visible: string[] | null,
      sort: Sort<ProjectSortKey>,
      page: PageRequest,
    ): Promise<PageOf<ProjectRow>> {
      if (filter.orgs?.length === 0) return { rows: [], total: 0 };
      const where = conditions(filter);
      const [rows, count] = await Promise.all([
        where
          .reduce((q, c) => q.where(c), select(visible))
          .orderBy(orderBy(projectSorts[sort.key], sort.direction, 'p.id'))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize)
          .execute(),
        where
          .reduce(
            (q, c) => q.where(c),
            db.selectFrom('projects as p').select(sql<number>`count(*)`.as('n')),
          )
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    get(id: number, visible: string[] | null): Promise<ProjectRow | undefined> {
      return select(visible).where('p.id', '=', id).executeTakeFirst();
    },

    async orgOf(id: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('projects')
        .select('org_uuid')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.org_uuid;
    },

    async create(values: Insertable<ProjectsTable>): Promise<number> {
      const row = await db
        .insertInto('projects')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Updateable<ProjectsTable>): Promise<void> {
      await db
        .updateTable('projects')
        .set({ ...values, modified_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Devices and collections of the project whose organisation is not among `orgs`. */
    async membersOutside(id: number, orgs: string[]): Promise<number> {
      const result = await sql<{ n: number }>`
        select (select count(*) from devices where project_id = ${id} and not ${inOrgs('org_uuid', orgs)})
             + (select count(*) from data_collections where project_id = ${id} and not ${inOrgs('org_uuid', orgs)})
          as n`.execute(db);
      return Number(result.rows[0]?.n ?? 0);
    },

    /**
     * Deletes a project; its devices and collections stay and belong to no
     * project (the foreign keys set null). False when there was none.
     */
    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('projects').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
