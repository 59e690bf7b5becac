import type { Kysely } from 'kysely';
import type { DB, Device, NewDevice, NewDeviceType, NewRegistry } from '../db/types.ts';

export function deviceRepository(db: Kysely<DB>) {
  return {
    createRegistry(values: NewRegistry) {
      return db.insertInto('registries').values(values).returningAll().executeTakeFirstOrThrow();
    },
    createDeviceType(values: NewDeviceType) {
      return db.insertInto('device_types').values(values).returningAll().executeTakeFirstOrThrow();
    },
    createMany(values: NewDevice[]): Promise<Device[]> {
      if (values.length === 0) return Promise.resolve([]);
      return db.insertInto('devices').values(values).returningAll().execute();
    },
  };
}
