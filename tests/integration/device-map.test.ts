import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapDeviceList, MapValueList } from '../../contracts/map.ts';
import { deviceMapRepository } from '../../server/repositories/device-map-repository.ts';
import { insertPoints } from '../helpers/device-data.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll, type World, type WorldUser } from '../helpers/world.ts';

/**
 * GET /api/v2/devices/map and /map/values: what maps draw. Only calibrated
 * devices with a place, only those the caller may see, filtered as the list.
 */
describe('the devices a map draws', () => {
  let t: TestApp;
  let world: World;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];
  let alpha: number;
  let north: number;
  let beta: number;

  const place = (id: number, lat: number | null, lng: number | null, calibrated = true) =>
    sql`update devices set lat = ${lat}, lng = ${lng}, calibrated = ${calibrated}, status = 'green'
        where id = ${id}`.execute(t.database.db);

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
    ({ as } = await signInAll(t.app));
    alpha = world.alphaThings.device.id;
    north = world.alphaNorthThings.device.id;
    beta = world.betaThings.device.id;
    await place(alpha, 55.68, 12.57);
    await place(north, 56.15, 10.2);
    await place(beta, 55.4, 10.4);
    const points = (values: number[]) =>
      values.map((value, i) => ({
        key: 'temperature',
        time: new Date(Date.UTC(2026, 10, 20, 12, i)),
        value,
      }));
    await insertPoints(t.database.db, alpha, [
      ...points([10, 30, 20]),
      // Outside the period asked for, and a later text value: neither counts.
      { key: 'temperature', time: '2026-11-25T00:00:00Z', value: 100 },
      { key: 'temperature', time: '2026-11-20T12:30:00Z', value: null, textValue: 'warm' },
    ]);
    await insertPoints(t.database.db, north, points([4]));
    await insertPoints(t.database.db, beta, points([99]));
  });

  afterAll(async () => {
    await t.close();
  });

  const map = async (who: WorldUser, query = '') => {
    const res = await as(who, 'GET', `/api/v2/devices/map${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MapDeviceList>();
  };
  const ids = (list: MapDeviceList) => list.items.map((d) => d.id);
  const byId = (...list: number[]) => [...list].sort((a, b) => a - b);

  it("lists the calibrated devices with a place in the caller's scope, and no others", async () => {
    expect(ids(await map('managerA'))).toEqual(byId(alpha, north));
    expect(ids(await map('managerB'))).toEqual([beta]);
    const all = await map('super');
    expect(ids(all)).toEqual(byId(alpha, north, beta));
    expect(all).toMatchObject({ truncated: false, total: 3 });
    expect(all.items.find((d) => d.id === alpha)).toEqual({
      id: alpha,
      uuid: world.alphaThings.device.uuid,
      name: 'Alpha device',
      lat: 55.68,
      lng: 12.57,
      status: 'green',
      locType: 'unspecified',
      address: null,
      deviceTypeId: world.alphaThings.deviceType.id,
      registryId: world.alphaThings.registry.id,
    });

    // Uncalibrated, or without a place (either coordinate): not on the map.
    await place(north, 56.15, 10.2, false);
    await place(alpha, 55.68, null);
    try {
      expect(await map('managerA')).toEqual({ items: [], total: 0, truncated: false });
    } finally {
      await place(north, 56.15, 10.2);
      await place(alpha, 55.68, 12.57);
    }
  });

  it('shows every user what the device list shows them, placed', async () => {
    // Beta's device is not calibrated for a moment: the list shows it, the map must not.
    await place(beta, 55.4, 10.4, false);
    try {
      for (const who of ['super', 'managerA', 'userA', 'userA1', 'managerB', 'userB'] as const) {
        const res = await as(who, 'GET', '/api/v2/devices?pageSize=100&sort=id');
        expect(res.statusCode, res.body).toBe(200);
        const listed = res.json<{ items: { id: number; calibrated: boolean }[] }>().items;
        expect([who, ids(await map(who))]).toEqual([
          who,
          listed.filter((d) => d.calibrated).map((d) => d.id),
        ]);
      }
    } finally {
      await place(beta, 55.4, 10.4);
    }
  });

  it('filters as the device list does', async () => {
    expect(ids(await map('managerA', `?ids=${alpha},${beta}`))).toEqual([alpha]);
    expect(ids(await map('super', `?ids=${beta},${north}`))).toEqual(byId(north, beta));

    await sql`update devices set status = 'red', communication = false where id = ${north}`.execute(
      t.database.db,
    );
    try {
      expect(ids(await map('managerA', '?status=red'))).toEqual([north]);
      expect(ids(await map('managerA', '?status=green'))).toEqual([alpha]);
      expect(ids(await map('managerA', '?communication=false'))).toEqual([north]);
      expect(ids(await map('managerA', '?communication=true'))).toEqual([alpha]);
    } finally {
      await place(north, 56.15, 10.2);
      await sql`update devices set communication = true where id = ${north}`.execute(t.database.db);
    }

    const type = world.alphaNorthThings.deviceType.id;
    expect(ids(await map('managerA', `?deviceTypeId=${type}`))).toEqual([north]);
    const registry = world.alphaThings.registry.id;
    expect(ids(await map('managerA', `?registryId=${registry}`))).toEqual([alpha]);
    // Another organisation's registry finds nothing, not its devices.
    expect(ids(await map('managerA', `?registryId=${world.betaThings.registry.id}`))).toEqual([]);
    // q searches the name, case-insensitively, as the list's search does.
    expect(ids(await map('managerA', '?q=NORTH%20dev'))).toEqual([north]);
    expect(ids(await map('super', '?q=device'))).toEqual(byId(alpha, north, beta));
  });

  it('caps what one read gives, counting all and saying so', async () => {
    const repo = deviceMapRepository(t.database.db);
    const capped = await repo.points({ orgs: null }, 2);
    expect(capped.total).toBe(3);
    expect(capped.devices.map((d) => d.id)).toEqual(byId(alpha, north, beta).slice(0, 2));
    const scoped = await repo.points({ orgs: [world.orgs.alpha] }, 1);
    expect({ total: scoped.total, ids: scoped.devices.map((d) => d.id) }).toEqual({
      total: 1,
      ids: [alpha],
    });
    expect(await repo.points({ orgs: [] }, 10)).toEqual({ devices: [], total: 0 });
  });

  const values = async (who: WorldUser, query: string) => {
    const res = await as(who, 'GET', `/api/v2/devices/map/values?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MapValueList>();
  };
  const day = 'key=temperature&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z';

  it('gives one number per device over the period, by the aggregate asked for', async () => {
    const mean = await values('managerA', day);
    expect(mean).toEqual({
      key: 'temperature',
      aggregate: 'avg',
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-21T00:00:00.000Z',
      items: byId(alpha, north).map((deviceId) =>
        deviceId === alpha ? { deviceId, value: 20, count: 3 } : { deviceId, value: 4, count: 1 },
      ),
    });
    const of = async (aggregate: string) =>
      (await values('managerA', `${day}&aggregate=${aggregate}`)).items.find(
        (v) => v.deviceId === alpha,
      );
    expect(await of('sum')).toEqual({ deviceId: alpha, value: 60, count: 3 });
    expect(await of('min')).toEqual({ deviceId: alpha, value: 10, count: 3 });
    expect(await of('max')).toEqual({ deviceId: alpha, value: 30, count: 3 });
    // The latest numeric reading (20 at 12:02), not the largest nor the later text.
    expect(await of('last')).toEqual({ deviceId: alpha, value: 20, count: 3 });
  });

  it('reads exactly the period, whole hours and partial ones alike', async () => {
    const at = (time: string, value: number | null, textValue: string | null = null) => ({
      key: 'level',
      time: `2026-11-21T${time}Z`,
      value,
      textValue,
    });
    await insertPoints(t.database.db, north, [
      at('11:29:59', 1000),
      at('11:30:00', 7),
      at('11:45:00', 2),
      at('12:00:00', 9),
      at('12:30:00', null, 'high'),
      at('13:10:00', 4),
      at('14:00:00', 5),
      at('14:15:00', 3),
      at('14:18:00', null, 'low'),
      at('14:20:01', 1000),
    ]);
    const read = async (from: string, to: string, aggregate: string) =>
      (
        await values(
          'userA1',
          `key=level&from=2026-11-21T${from}Z&to=2026-11-21T${to}Z&aggregate=${aggregate}`,
        )
      ).items;
    const cases: [from: string, to: string, aggregate: string, value: number, count: number][] = [
      // Across hours: 7, 2, 9, 4, 5 and 3; both 1000s lie just outside.
      ['11:30:00', '14:20:00', 'sum', 30, 6],
      ['11:30:00', '14:20:00', 'avg', 5, 6],
      ['11:30:00', '14:20:00', 'min', 2, 6],
      ['11:30:00', '14:20:00', 'max', 9, 6],
      ['11:30:00', '14:20:00', 'last', 3, 6],
      // Both ends belong to the period.
      ['11:45:00', '14:15:00', 'sum', 23, 5],
      // Whole hours only, and within one hour.
      ['12:00:00', '14:00:00', 'sum', 18, 3],
      ['12:00:00', '12:45:00', 'last', 9, 1],
    ];
    for (const [from, to, aggregate, value, count] of cases) {
      expect([from, to, aggregate, await read(from, to, aggregate)]).toEqual([
        from,
        to,
        aggregate,
        [{ deviceId: north, value, count }],
      ]);
    }
    expect(await read('12:01:00', '12:59:59', 'avg')).toEqual([]);
  });

  it('leaves out devices not on the map and those the caller may not see, even named', async () => {
    expect((await values('managerA', `${day}&ids=${beta}`)).items).toEqual([]);
    expect((await values('managerB', `${day}&ids=${alpha},${beta}`)).items).toEqual([
      { deviceId: beta, value: 99, count: 1 },
    ]);
    expect((await values('userA', day)).items.map((v) => v.deviceId)).toEqual([alpha]);
    expect(
      (
        await values('managerA', `${day}&deviceTypeId=${world.alphaNorthThings.deviceType.id}`)
      ).items.map((v) => v.deviceId),
    ).toEqual([north]);
    await place(alpha, 55.68, 12.57, false);
    try {
      expect((await values('managerA', day)).items.map((v) => v.deviceId)).toEqual([north]);
    } finally {
      await place(alpha, 55.68, 12.57);
    }
  });

  it('refuses a period backwards or too long, and a bad key', async () => {
    const backwards = await as(
      'managerA',
      'GET',
      '/api/v2/devices/map/values?key=t&from=2026-11-21T00:00:00Z&to=2026-11-20T00:00:00Z',
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ message: string }>().message).toBe('from must not be after to');
    const long = await as(
      'managerA',
      'GET',
      '/api/v2/devices/map/values?key=t&from=2025-10-15T00:00:00Z&to=2026-11-20T00:00:00Z',
    );
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/at most 400 days/);
    const longest = await values(
      'managerA',
      'key=t&from=2025-10-16T00:00:00Z&to=2026-11-20T00:00:00Z',
    );
    expect(longest.items).toEqual([]);
    for (const query of [
      'key=a%20b&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z',
      `${day}&aggregate=median`,
      'key=t&from=yesterday&to=2026-11-21T00:00:00Z',
    ]) {
      const res = await as('managerA', 'GET', `/api/v2/devices/map/values?${query}`);
      expect([query, res.statusCode]).toEqual([query, 400]);
    }
  });

  it('lets a plain user operate a device where it stands, but only a manager move it', async () => {
    const stored = async () =>
      (
        await sql<{
          lat: number | null;
          lng: number | null;
          address: string | null;
          locType: string;
        }>`
          select lat, lng, address, loc_type as "locType" from devices where id = ${alpha}`.execute(
          t.database.db,
        )
      ).rows[0];
    const before = await stored();
    const read = await as('userA', 'GET', `/api/v2/device/${alpha}`);
    expect(read.statusCode, read.body).toBe(200);
    const device = read.json<{
      lat: number;
      lng: number;
      address: string | null;
      locType: string;
      description: string | null;
    }>();
    try {
      // A form saving every field sends the place back as it was: that moves nothing.
      const same = await as('userA', 'PUT', '/api/v2/device', {
        id: alpha,
        description: 'Checked on site',
        lat: device.lat,
        lng: device.lng,
        address: device.address,
        locType: device.locType,
      });
      expect(same.statusCode, same.body).toBe(200);
      for (const change of [
        { lat: 55.7, lng: 12.6 },
        { long: 12.6 },
        { address: 'Nyhavn 1, 1051 København K' },
        { locType: 'square' },
      ]) {
        const res = await as('userA', 'PUT', '/api/v2/device', { id: alpha, ...change });
        expect([change, res.statusCode]).toEqual([change, 403]);
        expect(res.json<{ message: string }>().message).toBe(
          'Your group may not change where this device stands (its position, address or location type)',
        );
      }
      expect(await stored()).toEqual(before);

      // An uncalibrated device reads without a place; its nulls sent back keep the stored one.
      await place(alpha, 55.68, 12.57, false);
      const hidden = await as('userA', 'PUT', '/api/v2/device', {
        id: alpha,
        lat: null,
        lng: null,
        address: null,
      });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(await stored()).toEqual(before);
      await place(alpha, 55.68, 12.57);

      const moved = await as('managerA', 'PUT', '/api/v2/device', {
        id: alpha,
        lat: 55.69,
        lng: 12.58,
        locType: 'square',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await stored()).toEqual({ ...before, lat: 55.69, lng: 12.58, locType: 'square' });
    } finally {
      await sql`update devices set loc_type = ${before?.locType ?? 'unspecified'}, description = ${device.description} where id = ${alpha}`.execute(
        t.database.db,
      );
      await place(alpha, 55.68, 12.57);
    }
  });

  it('is for signed-in callers only', async () => {
    for (const url of ['/api/v2/devices/map', `/api/v2/devices/map/values?${day}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
  });
});
