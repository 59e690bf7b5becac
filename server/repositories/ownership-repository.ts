import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.ts';

/**
 * The organisation that owns any entity, found by its uuid: an organisation
 * owns itself; everything else carries org_uuid.
 */
export function ownershipRepository(db: Kysely<DB>) {
  return {
    async ownersOf(uuids: string[]): Promise<Map<string, string>> {
      if (uuids.length === 0) return new Map();
      const list = sql.join(uuids.map((u) => sql`${u}::uuid`));
      const result = await sql<{ uuid: string; org: string }>`
        select uuid, uuid as org from organisations where uuid in (${list})
        union all select uuid, org_uuid from users where uuid in (${list})
        union all select uuid, org_uuid from registries where uuid in (${list})
        union all select uuid, org_uuid from device_types where uuid in (${list})
        union all select uuid, org_uuid from devices where uuid in (${list})
        union all select uuid, org_uuid from cloud_functions where uuid in (${list})
        union all select uuid, org_uuid from projects where uuid in (${list})
        union all select uuid, org_uuid from data_collections where uuid in (${list})`.execute(db);
      return new Map(result.rows.map((r) => [r.uuid, r.org]));
    },

    /** The group of each uuid that names a user (others are left out). */
    async userGroupsOf(uuids: string[]): Promise<Map<string, number>> {
      if (uuids.length === 0) return new Map();
      const rows = await db
        .selectFrom('users')
        .select(['uuid', 'group_id'])
        .where('uuid', 'in', uuids)
        .execute();
      return new Map(rows.map((r) => [r.uuid, r.group_id]));
    },
  };
}
