import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password.ts';
import { locationTypes } from '../../contracts/device.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Bounding boxes around greater Copenhagen and Aarhus.
const inCopenhagen = (lat: number, lng: number) =>
  lat > 55.6 && lat < 55.8 && lng > 12.4 && lng < 12.7;
const inAarhus = (lat: number, lng: number) =>
  lat > 56.05 && lat < 56.2 && lng > 10.1 && lng < 10.3;

describe('demo data', () => {
  let t: TestApp;

  // Seeding writes 90 days of history (a few seconds of CPU; longer on a busy machine).
  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO: '1', DEMO_PASSWORD: 'demo-secret-1' } });
  }, 300_000);

  afterAll(async () => {
    await t.close();
  });

  it('creates an organisation tree: platform, two customers and a sub-organisation', async () => {
    const orgs = await t.database.db
      .selectFrom('organisations')
      .select(['uuid', 'name', 'parent_uuid'])
      .execute();
    expect(orgs).toHaveLength(4);
    const root = orgs.filter((o) => o.parent_uuid === null);
    expect(root).toHaveLength(1);
    const customers = orgs.filter((o) => o.parent_uuid === root[0]?.uuid);
    expect(customers).toHaveLength(2);
    const sub = orgs.filter((o) => customers.some((c) => c.uuid === o.parent_uuid));
    expect(sub).toHaveLength(1);
  });

  it('creates one user per group who can sign in with the demo password', async () => {
    const users = await t.database.db
      .selectFrom('users')
      .select(['email', 'group_id', 'password_hash', 'active', 'org_uuid'])
      .orderBy('group_id')
      .execute();
    expect(users.map((u) => [u.email, u.group_id])).toEqual([
      ['super@nordlys.example', 1],
      ['manager@nordlys.example', 2],
      ['user@nordlys.example', 3],
    ]);
    for (const user of users) {
      expect(user.active).toBe(true);
      expect(await verifyPassword('demo-secret-1', user.password_hash ?? '')).toBe(true);
    }
    // The account manager and the user share a customer organisation.
    expect(users[1]?.org_uuid).toBe(users[2]?.org_uuid);
  });

  it('creates mqtt and http registries and a people-counting device type', async () => {
    const registries = await t.database.db.selectFrom('registries').select('protocol').execute();
    expect(new Set(registries.map((r) => r.protocol))).toEqual(new Set(['mqtt', 'http']));
    const types = await t.database.db.selectFrom('device_types').select('structure').execute();
    const keys = types[0]?.structure.map((k) => k.key);
    expect(keys).toEqual(expect.arrayContaining(['countIn', 'countOut', 'battery', 'temperature']));
  });

  it('plans a harbour project whose collections are each measured by a device since it began', async () => {
    const db = t.database.db;
    const projects = await db
      .selectFrom('projects')
      .select(['id', 'title', 'start_date'])
      .execute();
    expect(projects.map((p) => p.title).sort()).toEqual([
      'Aarhus midtby vinter',
      'Havneløbet 2026',
    ]);
    const harbour = projects.find((p) => p.title === 'Havneløbet 2026');
    const collections = await db
      .selectFrom('data_collections as c')
      .innerJoin('devices as d', 'd.id', 'c.device_id')
      .innerJoin('collection_devices as p', 'p.collection_id', 'c.id')
      .select(['c.name', 'c.project_id', 'c.org_uuid', 'd.org_uuid as device_org', 'p.ended_at'])
      .execute();
    expect(collections).toHaveLength(3);
    for (const c of collections) {
      expect(c.project_id).toBe(harbour?.id);
      // A device of the collection's own organisation, measuring now.
      expect(c.device_org).toBe(c.org_uuid);
      expect(c.ended_at).toBeNull();
    }
  });

  it('places at least 60 calibrated devices in Copenhagen and Aarhus', async () => {
    const devices = await t.database.db
      .selectFrom('devices')
      .select(['lat', 'lng', 'loc_type', 'calibrated', 'registry_id', 'device_type_id'])
      .execute();
    expect(devices.length).toBeGreaterThanOrEqual(60);
    for (const d of devices) {
      expect(d.calibrated).toBe(true);
      expect(d.registry_id).not.toBeNull();
      expect(d.device_type_id).not.toBeNull();
      expect(inCopenhagen(d.lat ?? 0, d.lng ?? 0) || inAarhus(d.lat ?? 0, d.lng ?? 0)).toBe(true);
      expect(locationTypes).toContain(d.loc_type);
    }
    expect(devices.some((d) => inCopenhagen(d.lat ?? 0, d.lng ?? 0))).toBe(true);
    expect(devices.some((d) => inAarhus(d.lat ?? 0, d.lng ?? 0))).toBe(true);
    expect(new Set(devices.map((d) => d.loc_type)).size).toBeGreaterThanOrEqual(8);
  });

  it('gives every counter 90 days of history up to the seed time and none in the future', async () => {
    const { db } = t.database;
    const now = Date.now();
    const device = await db
      .selectFrom('devices')
      .select(['id', 'last_data_at', 'status'])
      .where('unique_name', '=', 'cph-001')
      .executeTakeFirstOrThrow();
    const keys = await db
      .selectFrom('device_data')
      .select(['key'])
      .select((eb) => [
        eb.fn.min('time').as('first'),
        eb.fn.max('time').as('last'),
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('value').as('total'),
      ])
      .where('device_id', '=', device.id)
      .groupBy('key')
      .orderBy('key')
      .execute();
    expect(keys.map((k) => k.key)).toEqual(['battery', 'countIn', 'countOut', 'temperature']);
    const day = 24 * 60 * 60 * 1000;
    for (const k of keys) {
      const first = new Date(k.first).getTime();
      const last = new Date(k.last).getTime();
      expect(now - first, k.key).toBeGreaterThan(89 * day);
      expect(now - first, k.key).toBeLessThanOrEqual(90 * day);
      expect(last, k.key).toBeLessThanOrEqual(now);
      expect(now - last, k.key).toBeLessThan(day / 4);
    }
    // A busy street sees thousands of people a day.
    const countIn = keys.find((k) => k.key === 'countIn');
    expect(Number(countIn?.n)).toBeGreaterThanOrEqual(89 * 48);
    expect(Number(countIn?.total) / 90).toBeGreaterThan(5000);

    const future = await db
      .selectFrom('device_data')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('time', '>', new Date(now))
      .executeTakeFirstOrThrow();
    expect(Number(future.n)).toBe(0);
    expect(device.last_data_at?.getTime()).toBe(new Date(keys[1]?.last ?? 0).getTime());
    expect(device.status).toBe('green');

    const withData = await db.selectFrom('device_data').select('device_id').distinct().execute();
    const devices = await db.selectFrom('devices').select('id').execute();
    expect(withData).toHaveLength(devices.length);
  });

  it('does not seed a database that already has data', async () => {
    expect(await seedDemo(t.database.db, 'another-password')).toBe(false);
    const count = await t.database.db
      .selectFrom('organisations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });

  it('reports the demo logins for the start-up banner', () => {
    expect(t.app.demo).toMatchObject({ seeded: true, password: 'demo-secret-1' });
    expect(t.app.demo?.logins.map((l) => l.email)).toContain('manager@nordlys.example');
  });
});
