import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import {
  ingestRepository,
  type StoredPacket,
} from '../../server/repositories/ingest-repository.ts';
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

  it('writes a batch of packets at once: messages, points, the hourly rollup and the status', async () => {
    const { db } = t.database;
    const org = await db
      .selectFrom('devices')
      .select('org_uuid')
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
    const other = await db
      .insertInto('devices')
      .values({ name: 'Other counter', org_uuid: org.org_uuid })
      .returning('id')
      .executeTakeFirstOrThrow();
    const repo = ingestRepository(db);
    await repo.ensurePartitions([Date.UTC(2026, 4, 1)]);
    const at = (iso: string) => new Date(iso).getTime();
    const packet = (id: number, minute: string, value: number): StoredPacket => ({
      deviceId: id,
      registryId: null,
      receivedAt: new Date(),
      topic: null,
      payload: JSON.stringify({ level: value }),
      encoding: 'utf8',
      points: [{ key: 'level', time: at(`2026-05-04T${minute}:00Z`), value, textValue: null }],
    });
    const first = [
      packet(deviceId, '10:15', 3),
      packet(deviceId, '10:45', 5),
      packet(deviceId, '11:05', 7),
      packet(other.id, '10:30', 1),
    ];
    const { changed } = await repo.writeBatch(first);
    expect(changed.map((r) => [r.id, r.status]).sort()).toEqual(
      [
        [deviceId, 'green'],
        [other.id, 'green'],
      ].sort(),
    );
    // The same packets again (a broker redelivers after a crash) and one new point.
    const again = await repo.writeBatch([...first, packet(deviceId, '10:50', 11)]);
    expect(again.changed).toEqual([]);

    const points = await db
      .selectFrom('device_data')
      .select(['device_id', 'value'])
      .where('key', '=', 'level')
      .where('device_id', 'in', [deviceId, other.id])
      .orderBy('device_id')
      .orderBy('time')
      .execute();
    expect(points.map((p) => [p.device_id, p.value])).toEqual([
      [deviceId, 3],
      [deviceId, 5],
      [deviceId, 11],
      [deviceId, 7],
      [other.id, 1],
    ]);
    const hourly = await db
      .selectFrom('device_data_hourly')
      .select(['device_id', 'hour', 'count', 'sum', 'min', 'max'])
      .where('key', '=', 'level')
      .where('device_id', 'in', [deviceId, other.id])
      .orderBy('device_id')
      .orderBy('hour')
      .execute();
    expect(
      hourly.map((h) => [h.device_id, h.hour.toISOString(), h.count, h.sum, h.min, h.max]),
    ).toEqual([
      [deviceId, '2026-05-04T10:00:00.000Z', 3, 19, 3, 11],
      [deviceId, '2026-05-04T11:00:00.000Z', 1, 7, 7, 7],
      [other.id, '2026-05-04T10:00:00.000Z', 1, 1, 1, 1],
    ]);
    // Every packet is logged, redeliveries too: the log is what arrived.
    const messages = await db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('device_id', 'in', [deviceId, other.id])
      .executeTakeFirstOrThrow();
    expect(Number(messages.n)).toBe(9);
    const device = await db
      .selectFrom('devices')
      .select(['status', 'last_data_at'])
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
    expect(device.status).toBe('green');
    expect(device.last_data_at).not.toBeNull();
  });

  it('stores awkward texts, numbers and millisecond times exactly as they came', async () => {
    const { db } = t.database;
    const repo = ingestRepository(db);
    await repo.ensurePartitions([Date.UTC(2026, 6, 1)]);
    const texts = [
      'quote " and backslash \\ and \\"',
      '{braces}, commas, NULL',
      'null',
      '',
      ' spaced ',
      'line\nbreak\ttab',
      'æøå – 😀',
    ];
    const base = Date.UTC(2026, 6, 3, 8, 0, 0, 1);
    const receivedAt = new Date(base + 60_000 + 7);
    const payload = JSON.stringify({ note: texts[0], raw: '\\x00 \\u0041' });
    await repo.writeBatch([
      {
        deviceId,
        registryId: null,
        receivedAt,
        topic: 'a "topic" \\ here',
        payload,
        encoding: 'utf8',
        points: [
          ...texts.map((text, i) => ({
            key: `text ${i}`,
            time: base + i,
            value: null,
            textValue: text,
          })),
          { key: 'tiny', time: base + 999, value: 1e-300, textValue: null },
          { key: 'huge', time: base + 998, value: -1.7976931348623157e308, textValue: null },
          { key: 'nothing', time: base + 997, value: null, textValue: null },
          { key: 'quote " key', time: base + 996, value: 0.1 + 0.2, textValue: null },
        ],
      },
    ]);
    const rows = await db
      .selectFrom('device_data')
      .select(['key', 'time', 'value', 'text_value'])
      .where('device_id', '=', deviceId)
      .where('time', '>=', new Date(base))
      .where('time', '<', new Date(base + 1000))
      .execute();
    const byKey = new Map(rows.map((r) => [r.key, r]));
    texts.forEach((text, i) => {
      expect(byKey.get(`text ${i}`)?.text_value).toBe(text);
      expect(byKey.get(`text ${i}`)?.time.getTime()).toBe(base + i);
    });
    expect(byKey.get('tiny')?.value).toBe(1e-300);
    expect(byKey.get('tiny')?.time.getTime()).toBe(base + 999);
    expect(byKey.get('huge')?.value).toBe(-1.7976931348623157e308);
    expect(byKey.get('nothing')?.value).toBeNull();
    expect(byKey.get('nothing')?.text_value).toBeNull();
    expect(byKey.get('quote " key')?.value).toBe(0.1 + 0.2);
    const message = await db
      .selectFrom('messages')
      .select(['payload', 'topic', 'received_at'])
      .where('device_id', '=', deviceId)
      .where('received_at', '=', receivedAt)
      .executeTakeFirstOrThrow();
    expect(message.payload).toBe(payload);
    expect(message.topic).toBe('a "topic" \\ here');
    expect(message.received_at.getTime()).toBe(receivedAt.getTime());
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
