import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { CloudFunctionsTable, CloudFunctionType, DB } from '../db/types.ts';
import {
  contains,
  inOrgs,
  nameKey,
  orderBy,
  type DeleteOutcome,
  type PageOf,
  type PageRequest,
  type Sort,
  type SortSpec,
} from './list-query.ts';
import { deleteUnlessUsed, orgOfEntity } from './owned-entity.ts';

export type CloudFunctionSortKey = 'id' | 'name' | 'type' | 'created' | 'modified';
export const cloudFunctionSorts: Record<CloudFunctionSortKey, SortSpec> = {
  id: { expression: sql`f.id` },
  name: { expression: nameKey('f.name') },
  type: { expression: sql`f.type` },
  created: { expression: sql`f.created_at` },
  modified: { expression: sql`f.modified_at` },
};

export interface CloudFunctionFilter {
  /** Organisations to list from; null: all. */
  orgs: string[] | null;
  search?: string;
  type?: CloudFunctionType;
}

type FunctionColumns = Selectable<CloudFunctionsTable>;
export type CloudFunctionSummaryRow = Omit<FunctionColumns, 'code'> & {
  org_name: string;
  code_size: number;
};
export type CloudFunctionRow = CloudFunctionSummaryRow & { code: string };

const summaryColumns = [
  'f.id',
  'f.uuid',
  'f.name',
  'f.description',
  'f.type',
  'f.org_uuid',
  'f.data_keys',
  'f.metadata',
  'f.data_type',
  'f.created_at',
  'f.modified_at',
] as const;

export function cloudFunctionRepository(db: Kysely<DB>) {
  // Lists leave the code out: up to 500 functions of 256 KB each would be a large answer.
  const select = () =>
    db
      .selectFrom('cloud_functions as f')
      .innerJoin('organisations as o', 'o.uuid', 'f.org_uuid')
      .select(summaryColumns)
      .select(['o.name as org_name', sql<number>`octet_length(f.code)`.as('code_size')]);

  const conditions = (filter: CloudFunctionFilter): RawBuilder<SqlBool>[] => [
    ...(filter.orgs ? [inOrgs('f.org_uuid', filter.orgs)] : []),
    ...(filter.search ? [contains('f.name', filter.search)] : []),
    ...(filter.type ? [sql<SqlBool>`f.type = ${filter.type}`] : []),
  ];

  return {
    async list(
      filter: CloudFunctionFilter,
      sort: Sort<CloudFunctionSortKey>,
      page: PageRequest,
    ): Promise<PageOf<CloudFunctionSummaryRow>> {
      if (filter.orgs?.length === 0) return { rows: [], total: 0 };
      const where = conditions(filter);
      const [rows, count] = await Promise.all([
        where
          .reduce((q, c) => q.where(c), select())
          .orderBy(orderBy(cloudFunctionSorts[sort.key], sort.direction, 'f.id'))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize)
          .execute(),
        where
          .reduce(
            (q, c) => q.where(c),
            db.selectFrom('cloud_functions as f').select(sql<number>`count(*)`.as('n')),
          )
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    get(id: number): Promise<CloudFunctionRow | undefined> {
      return select().select('f.code').where('f.id', '=', id).executeTakeFirst();
    },

    orgOf: (id: number) => orgOfEntity(db, 'cloud_functions', id),

    /** Organisation and type of each of `ids` that exists. */
    async owners(ids: number[]): Promise<Map<number, { org: string; type: CloudFunctionType }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('cloud_functions')
        .select(['id', 'org_uuid', 'type'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, { org: r.org_uuid, type: r.type }]));
    },

    async create(values: Insertable<CloudFunctionsTable>): Promise<number> {
      const row = await db
        .insertInto('cloud_functions')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Updateable<CloudFunctionsTable>): Promise<void> {
      await db
        .updateTable('cloud_functions')
        .set({ ...values, modified_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Devices and device types using the function whose organisation is not among `orgs`. */
    async usersOutside(id: number, orgs: string[]): Promise<number> {
      const row = await sql<{ n: number }>`
        select
          (select count(*) from device_functions df join devices d on d.id = df.device_id
            where df.function_id = ${id} and not (${inOrgs('d.org_uuid', orgs)}))
          + (select count(*) from device_types t
            where t.decoder_function_id = ${id} and not (${inOrgs('t.org_uuid', orgs)})) as n`.execute(
        db,
      );
      return Number(row.rows[0]?.n ?? 0);
    },

    /** How many devices and device types use the function. */
    async usage(id: number): Promise<number> {
      const row = await sql<{ n: number }>`
        select
          (select count(*) from device_functions where function_id = ${id})
          + (select count(*) from device_types where decoder_function_id = ${id}) as n`.execute(db);
      return Number(row.rows[0]?.n ?? 0);
    },

    /** Deletes a function no device or device type uses. */
    delete: (id: number): Promise<DeleteOutcome> =>
      deleteUnlessUsed(db, 'cloud_functions', id, [
        { table: 'device_functions', column: 'function_id' },
        { table: 'device_types', column: 'decoder_function_id' },
      ]),
  };
}
