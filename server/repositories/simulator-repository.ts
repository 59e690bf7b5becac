import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';

/** What the demo simulator needs to know about the demo counters and who stands behind its tokens. */
export function simulatorRepository(db: Kysely<DB>) {
  return {
    /** The devices with these unique names that sit in a registry, with the registry's protocol and owner. */
    findDevices(uniqueNames: string[]) {
      if (uniqueNames.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('devices as d')
        .innerJoin('registries as r', 'r.id', 'd.registry_id')
        .select(['d.id', 'd.unique_name', 'r.id as registry_id', 'r.protocol', 'r.org_uuid'])
        .where('d.unique_name', 'in', uniqueNames)
        .orderBy('d.id')
        .execute();
    },

    /** An active super user, preferring the one with this e-mail address. */
    async tokenOwner(preferredEmail: string) {
      return db
        .selectFrom('users')
        .select(['uuid', 'email'])
        .where('active', '=', true)
        .where('group_id', '=', 1)
        .orderBy((eb) => eb.case().when('email', '=', preferredEmail).then(0).else(1).end())
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
