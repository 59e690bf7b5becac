import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DataOwner } from '../access/access.ts';
import type { DB } from '../db/types.ts';

/** What the live feed asks the database: who owns devices, and whether signed-in sockets still may listen. */
export function liveRepository(db: Kysely<DB>) {
  return {
    async dataOwners(ids: readonly number[]): Promise<DataOwner[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('devices')
        .select(['id', 'org_uuid', 'registry_id', 'device_type_id'])
        .where(sql<SqlBool>`id = any(${[...ids]}::bigint[])`)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        orgUuid: r.org_uuid,
        registryId: r.registry_id,
        deviceTypeId: r.device_type_id,
      }));
    },

    /** Of these sessions (hashes) and API tokens (ids), the ones that still work. */
    async stillValid(
      sessionHashes: readonly string[],
      tokenIds: readonly number[],
    ): Promise<{ sessions: Set<string>; tokens: Set<number> }> {
      const sessions = sessionHashes.length
        ? await db
            .selectFrom('sessions as s')
            .innerJoin('users as u', 'u.uuid', 's.user_uuid')
            .select('s.token_hash')
            .where(sql<SqlBool>`s.token_hash = any(${[...sessionHashes]}::text[])`)
            .where('s.expires_at', '>', sql<Date>`now()`)
            .where('u.active', '=', true)
            .execute()
        : [];
      const tokens = tokenIds.length
        ? await db
            .selectFrom('api_tokens as t')
            .innerJoin('users as u', 'u.uuid', 't.created_by')
            .select('t.id')
            .where(sql<SqlBool>`t.id = any(${[...tokenIds]}::bigint[])`)
            .where('u.active', '=', true)
            .execute()
        : [];
      return {
        sessions: new Set(sessions.map((r) => r.token_hash)),
        tokens: new Set(tokens.map((r) => r.id)),
      };
    },
  };
}
