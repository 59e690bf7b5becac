import { sql, type Kysely, type Selectable } from 'kysely';
import { json } from '../db/json.ts';
import type { DashboardsTable, DB } from '../db/types.ts';

export type DashboardRow = Selectable<DashboardsTable>;

/** What a dashboard is made of, as written. */
export interface DashboardValues {
  name: string;
  color: string;
  description: string | null;
  graphs: unknown[];
}

/** Dashboards are per user: every statement names the owner. */
export function dashboardRepository(db: Kysely<DB>) {
  const own = (owner: string) => db.selectFrom('dashboards').where('owner_uuid', '=', owner);

  return {
    /** The owner's dashboards, oldest first (the order they were made in). */
    list(owner: string): Promise<DashboardRow[]> {
      return own(owner).selectAll().orderBy('created_at').orderBy('id').execute();
    },

    get(owner: string, id: string): Promise<DashboardRow | undefined> {
      return own(owner).selectAll().where('id', '=', id).executeTakeFirst();
    },

    async count(owner: string): Promise<number> {
      const row = await own(owner)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * A new dashboard in the owner's organisation, after all of the owner's
     * others; undefined when the owner already has the id. Its creation time
     * is at least a millisecond after the owner's newest, so the list keeps
     * the order they were made in even when several are made in one
     * transaction (one `now()`) or one millisecond (the embedded database's
     * clock).
     */
    create(owner: string, id: string, values: DashboardValues): Promise<DashboardRow | undefined> {
      return db
        .insertInto('dashboards')
        .values({
          owner_uuid: owner,
          id,
          created_at: sql<Date>`greatest(now(), (
            select max(created_at) + interval '1 millisecond' from dashboards
            where owner_uuid = ${owner}))`,
          org_uuid: sql<string>`(select org_uuid from users where uuid = ${owner})`,
          name: values.name,
          color: values.color,
          description: values.description,
          graphs: json(values.graphs),
        })
        .onConflict((oc) => oc.columns(['owner_uuid', 'id']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Replaces a dashboard read at `version` and bumps the version; undefined
     * when the stored version is another (or the dashboard is gone).
     */
    replace(
      owner: string,
      id: string,
      version: number,
      values: DashboardValues,
    ): Promise<DashboardRow | undefined> {
      return db
        .updateTable('dashboards')
        .set({
          name: values.name,
          color: values.color,
          description: values.description,
          graphs: json(values.graphs),
          version: sql<number>`version + 1`,
          modified_at: sql<Date>`now()`,
        })
        .where('owner_uuid', '=', owner)
        .where('id', '=', id)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
    },

    async remove(owner: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('dashboards')
        .where('owner_uuid', '=', owner)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Removes the owner's dashboards whose ids are not among `keep`. */
    async removeAllBut(owner: string, keep: string[]): Promise<number> {
      let query = db.deleteFrom('dashboards').where('owner_uuid', '=', owner);
      if (keep.length > 0) query = query.where('id', 'not in', keep);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
