import type { Kysely } from 'kysely';
import type { DB, NewOrganisation, Organisation } from '../db/types.ts';

export function organisationRepository(db: Kysely<DB>) {
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
  };
}
