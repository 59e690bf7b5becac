import { sql, type Kysely, type Updateable } from 'kysely';
import type { DB, NewOrganisation, Organisation, OrganisationsTable } from '../db/types.ts';

export type OrganisationRow = Organisation & {
  parent_name: string | null;
  device_count: number;
  project_count: number;
  collection_count: number;
};

export function organisationRepository(db: Kysely<DB>) {
  const withCounts = () =>
    db
      .selectFrom('organisations as o')
      .leftJoin('organisations as p', 'p.uuid', 'o.parent_uuid')
      .selectAll('o')
      .select((eb) => [
        'p.name as parent_name',
        eb
          .selectFrom('devices')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('devices.org_uuid', '=', 'o.uuid')
          .as('device_count'),
        eb
          .selectFrom('projects')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('projects.org_uuid', '=', 'o.uuid')
          .as('project_count'),
        eb
          .selectFrom('data_collections')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('data_collections.org_uuid', '=', 'o.uuid')
          .as('collection_count'),
      ]);

  const normalise = (row: Record<string, unknown> & Organisation): OrganisationRow => ({
    ...row,
    parent_name: (row.parent_name as string | null) ?? null,
    device_count: Number(row.device_count ?? 0),
    project_count: Number(row.project_count ?? 0),
    collection_count: Number(row.collection_count ?? 0),
  });

  return {
    create(values: NewOrganisation): Promise<Organisation> {
      return db.insertInto('organisations').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('organisations')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async get(uuid: string): Promise<OrganisationRow | undefined> {
      const row = await withCounts().where('o.uuid', '=', uuid).executeTakeFirst();
      return row ? normalise(row) : undefined;
    },

    exists(uuid: string): Promise<boolean> {
      return db
        .selectFrom('organisations')
        .select('uuid')
        .where('uuid', '=', uuid)
        .executeTakeFirst()
        .then(Boolean);
    },

    /** Organisations among `orgs` (null: all), by name. */
    async list(orgs: string[] | null, parent?: string): Promise<OrganisationRow[]> {
      let query = withCounts().orderBy('o.name');
      if (orgs) {
        if (orgs.length === 0) return [];
        query = query.where('o.uuid', 'in', orgs);
      }
      if (parent) query = query.where('o.parent_uuid', '=', parent);
      return (await query.execute()).map(normalise);
    },

    async update(uuid: string, values: Updateable<OrganisationsTable>): Promise<void> {
      await db
        .updateTable('organisations')
        .set({ ...values, modified_at: sql<Date>`now()` })
        .where('uuid', '=', uuid)
        .execute();
    },

    async delete(uuid: string): Promise<void> {
      await db.deleteFrom('organisations').where('uuid', '=', uuid).execute();
    },

    /** What still hangs off an organisation and keeps it from being deleted. */
    async dependants(uuid: string) {
      const count = (
        table:
          | 'users'
          | 'organisations'
          | 'devices'
          | 'registries'
          | 'device_types'
          | 'cloud_functions'
          | 'projects'
          | 'data_collections',
      ) =>
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(table === 'organisations' ? 'parent_uuid' : 'org_uuid', '=', uuid)
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.n));
      const [users, children, devices, registries, deviceTypes, functions, projects, collections] =
        await Promise.all([
          count('users'),
          count('organisations'),
          count('devices'),
          count('registries'),
          count('device_types'),
          count('cloud_functions'),
          count('projects'),
          count('data_collections'),
        ]);
      return {
        users,
        children,
        resources: devices + registries + deviceTypes + functions + projects + collections,
      };
    },

    async countDevices(orgs: string[]): Promise<number> {
      if (orgs.length === 0) return 0;
      const row = await db
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_uuid', 'in', orgs)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
