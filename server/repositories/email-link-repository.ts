import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { hashSecret, newSecret } from '../auth/secrets.ts';

export type LinkPurpose = 'reset' | 'confirm';

/** Single-use links sent by e-mail: password reset and account confirmation. */
export function emailLinkRepository(db: Kysely<DB>) {
  return {
    /** A new link. Earlier ones keep working until `retireOthers` (once the new one is delivered). */
    async issue(userUuid: string, purpose: LinkPurpose, ttlMs: number): Promise<string> {
      const token = newSecret();
      await db
        .insertInto('user_tokens')
        .values({
          token_hash: hashSecret(token),
          user_uuid: userUuid,
          purpose,
          expires_at: new Date(Date.now() + ttlMs),
        })
        .execute();
      return token;
    },

    /** Only `token` stays usable among the user's unused links of this purpose. */
    async retireOthers(userUuid: string, purpose: LinkPurpose, token: string): Promise<void> {
      await db
        .deleteFrom('user_tokens')
        .where('user_uuid', '=', userUuid)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('token_hash', '<>', hashSecret(token))
        .execute();
    },

    /** A link that could not be delivered. */
    async withdraw(token: string): Promise<void> {
      await db.deleteFrom('user_tokens').where('token_hash', '=', hashSecret(token)).execute();
    },

    /** Uses a link once: the user it was for, or null when unknown, used or expired. */
    async consume(token: string, purpose: LinkPurpose): Promise<string | null> {
      const row = await db
        .updateTable('user_tokens')
        .set({ used_at: sql<Date>`now()` })
        .where('token_hash', '=', hashSecret(token))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('user_uuid')
        .executeTakeFirst();
      return row?.user_uuid ?? null;
    },
  };
}
