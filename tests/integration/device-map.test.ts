import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapDeviceList, MapValueList } from '../../contracts/map.ts';
import { insertPoints } from '../helpers/device-data.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll, type World } from '../helpers/world.ts';

/**
 * GET /api/v2/devices/map and /map/values: what maps draw. Only calibrated
 * devices with a place, only those the caller may see, filtered as the list.
 */
describe('the devices a map draws', () => {
  let t: TestApp;
  let world: World;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];

  const place = (id: number, lat: number | null, lng: number | null, calibrated = true) =>
    sql`update devices set lat = ${lat}, lng = ${lng}, calibrated = ${calibrated}, status = 'green'
        where id = ${id}`.execute(t.database.db);

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
    ({ as } = await signInAll(t.app));
    await place(world.alphaThings.device.id, 55.68, 12.57);
    await place(world.alphaNorthThings.device.id, 56.15, 10.2);
    await place(world.betaThings.device.id, 55.4, 10.4);
    const points = (values: number[]) =>
      values.map((value, i) => ({
        key: 'temperature',
        time: new Date(Date.UTC(2026, 10, 20, 12, i)),
        value,
      }));
    await insertPoints(t.database.db, world.alphaThings.device.id, [
      ...points([10, 20, 30]),
      // Outside the period asked for, and a text value: neither counts.
      { key: 'temperature', time: '2026-11-25T00:00:00Z', value: 100 },
      { key: 'temperature', time: '2026-11-20T12:30:00Z', value: null, textValue: 'warm' },
    ]);
    await insertPoints(t.database.db, world.alphaNorthThings.device.id, points([4]));
    await insertPoints(t.database.db, world.betaThings.device.id, points([99]));
  });

  afterAll(async () => {
    await t.close();
  });

  const map = async (who: 'managerA' | 'userA' | 'managerB' | 'super', query = '') => {
    const res = await as(who, 'GET', `/api/v2/devices/map${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MapDeviceList>();
  };

  it("lists the calibrated devices with a place in the caller's scope, and no others", async () => {
    const alpha = world.alphaThings.device.id;
    const north = world.alphaNorthThings.device.id;
    const beta = world.betaThings.device.id;
    expect((await map('managerA')).items.map((d) => d.id)).toEqual(
      [alpha, north].sort((a, b) => a - b),
    );
    expect((await map('managerB')).items.map((d) => d.id)).toEqual([beta]);
    const all = await map('super');
    expect(all.items.map((d) => d.id)).toEqual(expect.arrayContaining([alpha, north, beta]));
    expect(all).toMatchObject({ truncated: false, total: all.items.length });
    const shown = all.items.find((d) => d.id === alpha);
    expect(shown).toMatchObject({ lat: 55.68, lng: 12.57, status: 'green' });

    // Uncalibrated, or without a place: not on the map.
    await place(north, 56.15, 10.2, false);
    await place(alpha, null, null);
    try {
      expect((await map('managerA')).items).toEqual([]);
    } finally {
      await place(north, 56.15, 10.2);
      await place(alpha, 55.68, 12.57);
    }
  });

  it('filters as the device list does', async () => {
    const alpha = world.alphaThings.device.id;
    const north = world.alphaNorthThings.device.id;
    expect(
      (await map('managerA', `?ids=${alpha},${world.betaThings.device.id}`)).items.map((d) => d.id),
    ).toEqual([alpha]);
    expect((await map('managerA', '?status=red')).items).toEqual([]);
    const byType = await map('managerA', `?deviceTypeId=${world.alphaNorthThings.deviceType.id}`);
    expect(byType.items.map((d) => d.id)).toEqual([north]);
    const named = (await map('managerA')).items.find((d) => d.id === north)?.name ?? '';
    expect(
      (await map('managerA', `?q=${encodeURIComponent(named)}`)).items.map((d) => d.id),
    ).toEqual([north]);
  });

  const values = async (who: 'managerA' | 'super', query: string) =>
    as(
      who,
      'GET',
      `/api/v2/devices/map/values?key=temperature&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z${query}`,
    );

  it('gives one number per device over the period, by the aggregate asked for', async () => {
    const alpha = world.alphaThings.device.id;
    const north = world.alphaNorthThings.device.id;
    const read = async (aggregate: string) => {
      const res = await values('managerA', `&aggregate=${aggregate}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MapValueList>().items;
    };
    expect(await read('avg')).toEqual(
      [
        { deviceId: alpha, value: 20, count: 3 },
        { deviceId: north, value: 4, count: 1 },
      ].sort((a, b) => a.deviceId - b.deviceId),
    );
    const byDevice = async (aggregate: string) =>
      (await read(aggregate)).find((v) => v.deviceId === alpha)?.value;
    expect(await byDevice('sum')).toBe(60);
    expect(await byDevice('min')).toBe(10);
    expect(await byDevice('max')).toBe(30);
    expect(await byDevice('last')).toBe(30);
    // Another organisation's device is never in the answer, even named.
    const named = await values('managerA', `&ids=${world.betaThings.device.id}`);
    expect(named.json<MapValueList>().items).toEqual([]);
  });

  it('refuses a period backwards or too long, and a bad key', async () => {
    const backwards = await as(
      'managerA',
      'GET',
      '/api/v2/devices/map/values?key=t&from=2026-11-21T00:00:00Z&to=2026-11-20T00:00:00Z',
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ message: string }>().message).toMatch(/from/);
    const long = await as(
      'managerA',
      'GET',
      '/api/v2/devices/map/values?key=t&from=2020-01-01T00:00:00Z&to=2026-11-20T00:00:00Z',
    );
    expect(long.statusCode).toBe(400);
    const badKey = await as(
      'managerA',
      'GET',
      '/api/v2/devices/map/values?key=a%20b&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z',
    );
    expect(badKey.statusCode).toBe(400);
  });

  it('is for signed-in callers only', async () => {
    for (const url of [
      '/api/v2/devices/map',
      '/api/v2/devices/map/values?key=t&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
  });
});
