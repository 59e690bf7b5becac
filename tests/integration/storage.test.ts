import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('storage', () => {
  let t: TestApp;
  let deviceId: number;

  beforeAll(async () => {
    t = await startTestApp();
    const { db } = t.database;
    const org = await db
      .insertInto('organisations')
      .values({ name: 'Storage test org' })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    const device = await db
      .insertInto('devices')
      .values({ name: 'Counter', org_uuid: org.uuid })
      .returning('id')
      .executeTakeFirstOrThrow();
    deviceId = device.id;
  });

  afterAll(async () => {
    await t.close();
  });

  it('applies migrations once: a second run changes nothing', async () => {
    expect(await migrate(t.database)).toEqual([]);
    const rows = await t.database.db.selectFrom('schema_migrations').select('name').execute();
    expect(rows.map((r) => r.name)).toContain('0001_initial.sql');
  });

  it('has a table for every entity of the console', async () => {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public'`.execute(
      t.database.db,
    );
    const names = tables.rows.map((r) => r.table_name);
    for (const table of [
      'organisations',
      'users',
      'sessions',
      'user_tokens',
      'registries',
      'device_types',
      'devices',
      'device_functions',
      'device_pictures',
      'cloud_functions',
      'data_collections',
      'projects',
      'api_tokens',
      'messages',
      'device_data',
      'branding',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('keeps one data point per (device, key, time) and partitions data by month', async () => {
    const { db } = t.database;
    const time = new Date('2026-03-15T12:00:00Z');
    await sql`select ensure_device_data_partition(${time})`.execute(db);
    const insert = (value: number) =>
      db
        .insertInto('device_data')
        .values({ device_id: deviceId, key: 'countIn', time, value, text_value: null })
        .onConflict((oc) => oc.columns(['device_id', 'key', 'time']).doNothing())
        .execute();
    await insert(5);
    await insert(7);
    const rows = await db
      .selectFrom('device_data')
      .selectAll()
      .where('device_id', '=', deviceId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toBe(5);

    const plain = db
      .insertInto('device_data')
      .values({ device_id: deviceId, key: 'countIn', time, value: 9, text_value: null });
    await expect(plain.execute()).rejects.toThrow(/duplicate key/);

    const partitions = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'device_data'::regclass`.execute(db);
    expect(partitions.rows.map((r) => r.name)).toContain('device_data_2026_03');
  });

  it('refuses a point in a month that has no partition yet', async () => {
    const { db } = t.database;
    const insert = db.insertInto('device_data').values({
      device_id: deviceId,
      key: 'countIn',
      time: new Date('1999-01-01T00:00:00Z'),
      value: 1,
      text_value: null,
    });
    await expect(insert.execute()).rejects.toThrow(/no partition/);
  });

  it('holds a transaction apart from other queries', async () => {
    const { db } = t.database;
    const outside = db
      .selectFrom('organisations')
      .select('name')
      .where('name', '=', 'In flight')
      .execute();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('organisations').values({ name: 'In flight' }).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await outside).toEqual([]);
    const after = await db
      .selectFrom('organisations')
      .select('name')
      .where('name', '=', 'In flight')
      .execute();
    expect(after).toEqual([]);
  });
});
