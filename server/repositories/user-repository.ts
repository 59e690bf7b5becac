import { sql, type Kysely, type Updateable } from 'kysely';
import type { DB, NewUser, User, UsersTable } from '../db/types.ts';
import { LOCKOUT_WINDOW_MS, PAIR_FAILURES } from '../services/sign-in-guard.ts';

export type UserWithOrg = User & {
  org_name: string;
  /** When the last of the account's sources closed by its failures opens again (null: none is). */
  pairs_closed_until: Date | null;
};

const windowSeconds = LOCKOUT_WINDOW_MS / 1000;

export function userRepository(db: Kysely<DB>) {
  const withOrg = () =>
    db
      .selectFrom('users')
      .innerJoin('organisations', 'organisations.uuid', 'users.org_uuid')
      .selectAll('users')
      .select('organisations.name as org_name')
      // A source is closed while it has PAIR_FAILURES failures in the window,
      // so it opens when its PAIR_FAILURES-th newest failure leaves the window.
      .select(
        sql<Date | null>`(
          select max(f.at) + make_interval(secs => ${windowSeconds})
          from (
            select at, row_number() over (partition by address order by at desc) as n
            from sign_in_failures
            where user_uuid = users.uuid and at > now() - make_interval(secs => ${windowSeconds})
          ) f
          where f.n = ${PAIR_FAILURES}
        )`.as('pairs_closed_until'),
      );

  return {
    create(values: NewUser): Promise<User> {
      return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
    },

    get(uuid: string): Promise<UserWithOrg | undefined> {
      return withOrg().where('users.uuid', '=', uuid).executeTakeFirst();
    },

    /** Users of the given organisations (null: all), by name. */
    list(orgs: string[] | null): Promise<UserWithOrg[]> {
      let query = withOrg()
        .orderBy('users.first_name')
        .orderBy('users.last_name')
        .orderBy('users.email');
      if (orgs) {
        if (orgs.length === 0) return Promise.resolve([]);
        query = query.where('users.org_uuid', 'in', orgs);
      }
      return query.execute();
    },

    findByEmail(email: string): Promise<User | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    /** Sign-in accepts the username or the e-mail address. */
    findForSignIn(name: string): Promise<User | undefined> {
      const lower = name.toLowerCase();
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(username)`, '=', lower),
            eb(sql<string>`lower(email)`, '=', lower),
          ]),
        )
        .executeTakeFirst();
    },

    orgOf(uuid: string): Promise<string | undefined> {
      return db
        .selectFrom('users')
        .select('org_uuid')
        .where('uuid', '=', uuid)
        .executeTakeFirst()
        .then((row) => row?.org_uuid);
    },

    /** What access checks need to know about a user: where they are and their group. */
    accessOf(uuid: string): Promise<{ orgUuid: string; groupId: number } | undefined> {
      return db
        .selectFrom('users')
        .select(['org_uuid as orgUuid', 'group_id as groupId'])
        .where('uuid', '=', uuid)
        .executeTakeFirst();
    },

    async update(uuid: string, values: Updateable<UsersTable>): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...values, modified_at: sql<Date>`now()` })
        .where('uuid', '=', uuid)
        .execute();
    },

    async delete(uuid: string): Promise<boolean> {
      const result = await db.deleteFrom('users').where('uuid', '=', uuid).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * A success leaves a suspension from failed sign-ins in place: the owner
     * signing in from a known source says nothing of the strangers elsewhere.
     */
    async recordSignIn(uuid: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ last_sign_in_at: sql<Date>`now()` })
        .where('uuid', '=', uuid)
        .execute();
    },
  };
}
