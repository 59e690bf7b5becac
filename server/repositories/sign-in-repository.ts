import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.ts';

/** What the lockout needs to know about one attempt's account and source. */
export interface SignInStanding {
  /** Failures of this account from this source since its last success there. */
  pairFailures: number;
  /** Failures from this source, for any username. */
  sourceFailures: number;
  /** The account signed in from this source before (within the remembered time). */
  known: boolean;
}

const secondsAgo = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;

/** Failed sign-ins and the sources accounts signed in from (the lockout's counts). */
export function signInRepository(db: Kysely<DB>) {
  return {
    async standing(
      userUuid: string | null,
      source: string,
      windowSeconds: number,
      knownSeconds: number,
    ): Promise<SignInStanding> {
      const sourceFailures = await db
        .selectFrom('sign_in_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('address', '=', source)
        .where('at', '>', secondsAgo(windowSeconds))
        .executeTakeFirstOrThrow();
      if (userUuid === null) {
        return { pairFailures: 0, sourceFailures: Number(sourceFailures.n), known: false };
      }
      const pair = await db
        .selectFrom('sign_in_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_uuid', '=', userUuid)
        .where('address', '=', source)
        .where('at', '>', secondsAgo(windowSeconds))
        .executeTakeFirstOrThrow();
      const known = await db
        .selectFrom('sign_in_addresses')
        .select('address')
        .where('user_uuid', '=', userUuid)
        .where('address', '=', source)
        .where('last_success_at', '>', secondsAgo(knownSeconds))
        .executeTakeFirst();
      return {
        pairFailures: Number(pair.n),
        sourceFailures: Number(sourceFailures.n),
        known: known !== undefined,
      };
    },

    /** Records a failure; answers the account's failures (all sources) in the window. */
    async recordFailure(
      userUuid: string | null,
      source: string,
      windowSeconds: number,
    ): Promise<number> {
      await db
        .insertInto('sign_in_failures')
        .values({ user_uuid: userUuid, address: source })
        .execute();
      if (userUuid === null) return 0;
      const row = await db
        .selectFrom('sign_in_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_uuid', '=', userUuid)
        .where('at', '>', secondsAgo(windowSeconds))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Suspends the account's sign-in from unknown sources, unless it is already; answers whether it did. */
    async suspend(userUuid: string, seconds: number): Promise<boolean> {
      const row = await db
        .updateTable('users')
        .set({ login_suspended_until: sql<Date>`now() + make_interval(secs => ${seconds})` })
        .where('uuid', '=', userUuid)
        .where((eb) =>
          eb.or([
            eb('login_suspended_until', 'is', null),
            eb('login_suspended_until', '<=', sql<Date>`now()`),
          ]),
        )
        .returning('uuid')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A success from a source forgets that pair's failures and remembers the source. */
    async recordSuccess(userUuid: string, source: string): Promise<void> {
      await db
        .deleteFrom('sign_in_failures')
        .where('user_uuid', '=', userUuid)
        .where('address', '=', source)
        .execute();
      await db
        .insertInto('sign_in_addresses')
        .values({ user_uuid: userUuid, address: source })
        .onConflict((oc) =>
          oc.columns(['user_uuid', 'address']).doUpdateSet({ last_success_at: sql<Date>`now()` }),
        )
        .execute();
    },

    /** Forgets every failure of an account (a manager lifted its suspension, a new password). */
    async forgive(userUuid: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('user_uuid', '=', userUuid).execute();
    },

    /** Keeps the tables small: failures past any window, sources no longer remembered. */
    async forgetOld(failureSeconds: number, knownSeconds: number): Promise<void> {
      await db
        .deleteFrom('sign_in_failures')
        .where('at', '<', secondsAgo(failureSeconds))
        .execute();
      await db
        .deleteFrom('sign_in_addresses')
        .where('last_success_at', '<', secondsAgo(knownSeconds))
        .execute();
    },
  };
}
