import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { inOrgs, type DeleteOutcome } from './list-query.ts';

/** Tables of things an organisation owns and devices use (registries, device types, functions). */
export type OwnedTable = 'registries' | 'device_types' | 'cloud_functions';

/** A table and column that point at an owned row and keep it from being deleted. */
export interface UsedBy {
  table: 'devices' | 'device_functions' | 'device_types';
  column: 'registry_id' | 'device_type_id' | 'function_id' | 'decoder_function_id';
}

export async function orgOfEntity(
  db: Kysely<DB>,
  table: OwnedTable,
  id: number,
): Promise<string | undefined> {
  const result = await sql<{ org_uuid: string }>`
    select org_uuid from ${sql.table(table)} where id = ${id}`.execute(db);
  return result.rows[0]?.org_uuid;
}

/** Devices pointing at the row through `column` whose organisation is not among `orgs`. */
export async function devicesOutside(
  db: Kysely<DB>,
  column: 'registry_id' | 'device_type_id',
  id: number,
  orgs: string[],
): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*) as n from devices
    where ${sql.ref(column)} = ${id} and not (${inOrgs('org_uuid', orgs)})`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** What deleting an owned row did, and the API tokens that went with it (they stop working). */
export interface Deleted {
  outcome: DeleteOutcome;
  tokenIds: number[];
}

/**
 * Deletes a row nothing uses, in one statement so that a use added meanwhile
 * keeps it; API tokens bound to it go with it.
 */
export async function deleteUnlessUsed(
  db: Kysely<DB>,
  table: OwnedTable,
  id: number,
  usedBy: UsedBy[],
): Promise<DeleteOutcome> {
  return (await deleteWithTokens(db, table, id, usedBy)).outcome;
}

/** deleteUnlessUsed, also deleting the tokens of `tokenType` bound to the row. */
export function deleteWithTokens(
  db: Kysely<DB>,
  table: OwnedTable,
  id: number,
  usedBy: UsedBy[],
  tokenType?: 'registry' | 'devicetype',
): Promise<Deleted> {
  return db.transaction().execute(async (trx): Promise<Deleted> => {
    const unused = sql.join(
      usedBy.map(
        (use) =>
          sql`not exists (select 1 from ${sql.table(use.table)} where ${sql.ref(use.column)} = ${id})`,
      ),
      sql` and `,
    );
    const deleted = await sql<{ id: number }>`
      delete from ${sql.table(table)} where id = ${id} and ${unused} returning id`.execute(trx);
    if (deleted.rows.length === 0) {
      const exists = await sql`select 1 from ${sql.table(table)} where id = ${id}`.execute(trx);
      return { outcome: exists.rows.length > 0 ? 'in-use' : 'missing', tokenIds: [] };
    }
    if (!tokenType) return { outcome: 'deleted', tokenIds: [] };
    const tokens = await trx
      .deleteFrom('api_tokens')
      .where('type', '=', tokenType)
      .where('reference', '=', id)
      .returning('id')
      .execute();
    return { outcome: 'deleted', tokenIds: tokens.map((token) => token.id) };
  });
}
