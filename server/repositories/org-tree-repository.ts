import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.ts';

/** The organisation tree, upwards: what an entity may link to. */
export function orgTreeRepository(db: Kysely<DB>) {
  return {
    /**
     * An organisation and every organisation above it. A device may use the
     * registries, device types, projects and functions of these: a parent
     * shares its things with its sub-organisations, never the other way round.
     */
    async lineage(orgUuid: string): Promise<string[]> {
      // `union` (not `union all`) ends the walk even if the tree were ever to hold a cycle.
      const result = await sql<{ uuid: string }>`
        with recursive up(uuid, parent_uuid) as (
          select uuid, parent_uuid from organisations where uuid = ${orgUuid}
          union
          select o.uuid, o.parent_uuid from organisations o join up on o.uuid = up.parent_uuid
        )
        select uuid from up`.execute(db);
      return result.rows.map((r) => r.uuid);
    },

    /** The organisation of a project, or undefined when there is no such project. */
    async projectOrg(id: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('projects')
        .select('org_uuid')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.org_uuid;
    },
  };
}
