import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/types.ts';
import { escapeLike, inOrgs, nameKey, startsWith } from './list-query.ts';

export type SuggestionGroup = 'projects' | 'devices' | 'collections' | 'users' | 'orgs';

export interface Found<Id extends number | string> {
  id: Id;
  name: string;
}

export interface SuggestionRows {
  projects: Found<number>[];
  devices: Found<number>[];
  collections: Found<number>[];
  users: Found<string>[];
  orgs: Found<string>[];
}

/**
 * The global search box: a case-insensitive name prefix in each group, at most
 * `limit` per group, ordered by name. Every query is a range on a name index
 * (0003_list_indexes.sql), so it stays fast however many rows there are.
 */
export function searchRepository(db: Kysely<DB>) {
  const scoped = (column: string, orgs: string[] | null): RawBuilder<SqlBool>[] =>
    orgs ? [inOrgs(column, orgs)] : [];

  return {
    async suggest(
      prefix: string,
      orgs: string[] | null,
      groups: ReadonlySet<SuggestionGroup>,
      limit: number,
    ): Promise<SuggestionRows> {
      const none = Promise.resolve([]);
      if (orgs?.length === 0) groups = new Set();

      const projects = groups.has('projects')
        ? [...scoped('org_uuid', orgs), startsWith('title', prefix)]
            .reduce((q, c) => q.where(c), db.selectFrom('projects').select(['id', 'title as name']))
            .orderBy(sql`${nameKey('title')}, id`)
            .limit(limit)
            .execute()
        : none;

      // Name matches first, then unique-name matches, each a range on its own index
      // (an OR of the two would defeat both ranges and walk the whole table).
      const devicesBy = (column: 'name' | 'unique_name') =>
        [...scoped('org_uuid', orgs), startsWith(column, prefix)]
          .reduce((q, c) => q.where(c), db.selectFrom('devices').select(['id', 'name']))
          .orderBy(sql`${nameKey(column)}, id`)
          .limit(limit)
          .execute();
      const devices = groups.has('devices')
        ? Promise.all([devicesBy('name'), devicesBy('unique_name')]).then(([byName, byUnique]) =>
            [...byName, ...byUnique.filter((d) => !byName.some((n) => n.id === d.id))].slice(
              0,
              limit,
            ),
          )
        : none;

      const collections = groups.has('collections')
        ? [...scoped('org_uuid', orgs), startsWith('name', prefix)]
            .reduce((q, c) => q.where(c), db.selectFrom('data_collections').select(['id', 'name']))
            .orderBy(sql`${nameKey('name')}, id`)
            .limit(limit)
            .execute()
        : none;

      // A person is found by the start of their full name or of their e-mail address.
      const fullName = sql<string>`lower(first_name || ' ' || last_name) collate "C"`;
      const pattern = sql`lower(${`${escapeLike(prefix)}%`})`;
      const users = groups.has('users')
        ? [
            ...scoped('org_uuid', orgs),
            sql<SqlBool>`(${fullName} like ${pattern} or lower(email) collate "C" like ${pattern})`,
          ]
            .reduce(
              (q, c) => q.where(c),
              db
                .selectFrom('users')
                .select([
                  'uuid as id',
                  sql<string>`coalesce(nullif(trim(first_name || ' ' || last_name), ''), email)`.as(
                    'name',
                  ),
                ]),
            )
            .orderBy(sql`${fullName}, uuid`)
            .limit(limit)
            .execute()
        : none;

      const organisations = groups.has('orgs')
        ? [...scoped('uuid', orgs), startsWith('name', prefix)]
            .reduce(
              (q, c) => q.where(c),
              db.selectFrom('organisations').select(['uuid as id', 'name']),
            )
            .orderBy(sql`${nameKey('name')}, uuid`)
            .limit(limit)
            .execute()
        : none;

      const [p, d, c, u, o] = await Promise.all([
        projects,
        devices,
        collections,
        users,
        organisations,
      ]);
      return { projects: p, devices: d, collections: c, users: u, orgs: o };
    },
  };
}
