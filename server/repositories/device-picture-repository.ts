import type { Kysely } from 'kysely';
import type { DB, DevicePicture, NewDevicePicture } from '../db/types.ts';

export function devicePictureRepository(db: Kysely<DB>) {
  return {
    /** The pictures of a device, oldest first. */
    list(deviceId: number): Promise<DevicePicture[]> {
      return db
        .selectFrom('device_pictures')
        .selectAll()
        .where('device_id', '=', deviceId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    count(deviceId: number): Promise<number> {
      return db
        .selectFrom('device_pictures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    /** One picture of a device; undefined when the device has no such picture. */
    get(deviceId: number, pictureId: number): Promise<DevicePicture | undefined> {
      return db
        .selectFrom('device_pictures')
        .selectAll()
        .where('device_id', '=', deviceId)
        .where('id', '=', pictureId)
        .executeTakeFirst();
    },

    create(values: NewDevicePicture): Promise<DevicePicture> {
      return db
        .insertInto('device_pictures')
        .values(values)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Deletes one picture of a device; its storage key, or undefined when there was none. */
    async delete(deviceId: number, pictureId: number): Promise<string | undefined> {
      const row = await db
        .deleteFrom('device_pictures')
        .where('device_id', '=', deviceId)
        .where('id', '=', pictureId)
        .returning('storage_key')
        .executeTakeFirst();
      return row?.storage_key;
    },

    /** The storage keys of a device's pictures (to remove the files when the device goes). */
    async storageKeys(deviceId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('device_pictures')
        .select('storage_key')
        .where('device_id', '=', deviceId)
        .execute();
      return rows.map((row) => row.storage_key);
    },
  };
}
