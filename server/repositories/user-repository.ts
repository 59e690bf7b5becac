import type { Kysely } from 'kysely';
import type { DB, NewUser, User } from '../db/types.ts';

export function userRepository(db: Kysely<DB>) {
  return {
    create(values: NewUser): Promise<User> {
      return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
    },
    findByEmail(email: string): Promise<User | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
    },
  };
}
