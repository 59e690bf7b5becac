import { sql, type Kysely } from 'kysely';
import type { ApiTokenType, DB } from '../db/types.ts';
import { API_TOKEN_PREFIX, hashSecret, newSecret } from '../auth/secrets.ts';

export interface TokenUser {
  id: number;
  type: ApiTokenType;
  reference: number | null;
  userUuid: string;
  orgUuid: string;
  groupId: number;
}

const columns = [
  't.id',
  't.uuid',
  't.label',
  't.type',
  't.reference',
  't.org_uuid',
  't.created_by',
  't.created_at',
  't.calls',
  't.last_call_at',
  'u.first_name',
  'u.last_name',
  'u.email',
] as const;

export function apiTokenRepository(db: Kysely<DB>) {
  /** A token with its creator and the name of the device, device type or registry it serves. */
  const base = () =>
    db
      .selectFrom('api_tokens as t')
      .leftJoin('users as u', 'u.uuid', 't.created_by')
      .leftJoin('devices as d', (join) =>
        join.onRef('d.id', '=', 't.reference').on('t.type', '=', 'device'),
      )
      .leftJoin('device_types as dt', (join) =>
        join.onRef('dt.id', '=', 't.reference').on('t.type', '=', 'devicetype'),
      )
      .leftJoin('registries as r', (join) =>
        join.onRef('r.id', '=', 't.reference').on('t.type', '=', 'registry'),
      )
      .select((eb) => [
        ...columns,
        eb.fn.coalesce('d.name', 'dt.name', 'r.name').as('reference_name'),
      ]);
  return {
    listForOrg(orgUuid: string) {
      return base().where('t.org_uuid', '=', orgUuid).orderBy('t.created_at', 'desc').execute();
    },

    get(id: number) {
      return base().where('t.id', '=', id).executeTakeFirst();
    },

    /** Stores the hash of a new secret and gives the secret back, this once. */
    async create(values: {
      label: string;
      type: ApiTokenType;
      reference: number | null;
      orgUuid: string;
      createdBy: string;
    }) {
      const secret = newSecret(API_TOKEN_PREFIX);
      const row = await db
        .insertInto('api_tokens')
        .values({
          label: values.label,
          type: values.type,
          reference: values.reference,
          org_uuid: values.orgUuid,
          created_by: values.createdBy,
          secret_hash: hashSecret(secret),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, secret };
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('api_tokens').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Deletes the tokens of one label bound to any of the references (the simulator's own tokens). */
    async deleteLabelled(label: string, type: ApiTokenType, references: number[]): Promise<number> {
      if (references.length === 0) return 0;
      const result = await db
        .deleteFrom('api_tokens')
        .where('label', '=', label)
        .where('type', '=', type)
        .where('reference', 'in', references)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The token's user, counting the call; null for an unknown token or an inactive creator. */
    async useToken(secret: string): Promise<TokenUser | null> {
      const row = await db
        .updateTable('api_tokens as t')
        .set({ calls: sql<number>`t.calls + 1`, last_call_at: sql<Date>`now()` })
        .from('users as u')
        .whereRef('u.uuid', '=', 't.created_by')
        .where('t.secret_hash', '=', hashSecret(secret))
        .where('u.active', '=', true)
        .returning(['t.id', 't.type', 't.reference', 'u.uuid', 'u.org_uuid', 'u.group_id'])
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        type: row.type,
        reference: row.reference,
        userUuid: row.uuid,
        orgUuid: row.org_uuid,
        groupId: row.group_id,
      };
    },

    /**
     * Adds uses counted elsewhere (a device's sign-ins to the broker) to the
     * tokens' calls, and moves their last call forward, in one statement.
     */
    async countCalls(uses: { tokenId: number; calls: number; lastCall: Date }[]): Promise<void> {
      if (uses.length === 0) return;
      const ids = uses.map((use) => use.tokenId);
      const calls = uses.map((use) => use.calls);
      const lastCalls = uses.map((use) => use.lastCall.toISOString());
      await sql`
        update api_tokens t
        set calls = t.calls + u.calls,
            last_call_at = greatest(t.last_call_at, u.last_call)
        from unnest(${ids}::bigint[], ${calls}::bigint[], ${lastCalls}::timestamptz[])
          as u(id, calls, last_call)
        where t.id = u.id`.execute(db);
    },
  };
}

/** A token as read: its columns, its creator's name and e-mail, and the name of what it serves. */
export type TokenRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof apiTokenRepository>['get']>>
>;
