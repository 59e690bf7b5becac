import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { hashSecret, newSecret } from '../auth/secrets.ts';

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
// A session in use is extended at most once a day, so each request does not write.
const EXTEND_AFTER_MS = 24 * 3600 * 1000;

export interface SessionUser {
  tokenHash: string;
  userUuid: string;
  orgUuid: string;
  groupId: number;
  expiresAt: Date;
  /** The new expiry when this lookup extended the session, else null. */
  renewedUntil: Date | null;
}

export function sessionRepository(db: Kysely<DB>) {
  return {
    async create(userUuid: string, meta: { ip?: string; userAgent?: string }) {
      const token = newSecret();
      const expires = new Date(Date.now() + SESSION_TTL_MS);
      await db
        .insertInto('sessions')
        .values({
          token_hash: hashSecret(token),
          user_uuid: userUuid,
          expires_at: expires,
          ip: meta.ip ?? null,
          user_agent: meta.userAgent?.slice(0, 300) ?? null,
        })
        .execute();
      return { token, expires };
    },

    /** The live session's user, if the session exists, has not expired and its user is active. */
    async findUser(token: string): Promise<SessionUser | null> {
      const tokenHash = hashSecret(token);
      const row = await db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.uuid', 's.user_uuid')
        .select(['s.token_hash', 's.expires_at', 'u.uuid', 'u.org_uuid', 'u.group_id'])
        .where('s.token_hash', '=', tokenHash)
        .where('s.expires_at', '>', sql<Date>`now()`)
        .where('u.active', '=', true)
        .executeTakeFirst();
      if (!row) return null;
      let renewedUntil: Date | null = null;
      if (row.expires_at.getTime() - Date.now() < SESSION_TTL_MS - EXTEND_AFTER_MS) {
        renewedUntil = new Date(Date.now() + SESSION_TTL_MS);
        await db
          .updateTable('sessions')
          .set({ expires_at: renewedUntil, last_seen_at: new Date() })
          .where('token_hash', '=', tokenHash)
          .execute();
      }
      return {
        tokenHash: row.token_hash,
        userUuid: row.uuid,
        orgUuid: row.org_uuid,
        groupId: row.group_id,
        expiresAt: renewedUntil ?? row.expires_at,
        renewedUntil,
      };
    },

    async revoke(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** Ends every session of a user; answers the ended sessions' hashes. */
    async revokeAllOf(userUuid: string): Promise<string[]> {
      const rows = await db
        .deleteFrom('sessions')
        .where('user_uuid', '=', userUuid)
        .returning('token_hash')
        .execute();
      return rows.map((r) => r.token_hash);
    },

    async deleteExpired(): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where('expires_at', '<', sql<Date>`now()`)
        .execute();
    },
  };
}
