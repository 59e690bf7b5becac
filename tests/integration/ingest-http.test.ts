import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeDevice,
  makeRegistry,
  makeToken,
  messagesOf,
  pointsOf,
  spreadIds,
} from '../helpers/ingest-world.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll, type World } from '../helpers/world.ts';
import { failDeviceLookups } from './ingest-outage.ts';

type Message = { id: number; deviceId: number; deviceName: string; registryName: string | null };

/** HTTP ingest (http registries) and the message log API, with its tenancy. */
describe('HTTP ingest and messages', () => {
  let t: TestApp;
  let world: World;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];
  let httpRegistry: number;
  let mqttRegistry: number;
  let device: number;
  let deviceToken: string;
  const db = () => t.database.db;

  const post = (registry: number, id: number, token: string | null, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${registry}/${id}`,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload,
    });

  beforeAll(async () => {
    t = await startTestApp();
    await spreadIds(db());
    world = await seedWorld(db());
    ({ as } = await signInAll(t.app));
    httpRegistry = await makeRegistry(db(), world.orgs.alpha, 'http');
    mqttRegistry = await makeRegistry(db(), world.orgs.alpha, 'mqtt');
    device = await makeDevice(db(), { org_uuid: world.orgs.alpha, registry_id: httpRegistry });
    deviceToken = await makeToken(db(), 'device', device, world.orgs.alpha, world.users.managerA);
  });

  afterAll(async () => {
    await t.close();
  });

  it('stores a packet POSTed with the device token and answers once it is stored', async () => {
    const res = await post(httpRegistry, device, deviceToken, '{"level":3.5,"ts":1700000000000}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, points: 1 });
    expect(await pointsOf(db(), device)).toEqual([
      { key: 'level', time: new Date(1_700_000_000_000), value: 3.5, text_value: null },
    ]);
    expect(await messagesOf(db(), device)).toMatchObject([
      { payload: '{"level":3.5,"ts":1700000000000}', topic: null, registry_id: httpRegistry },
    ]);
  });

  it('takes a registry token of the device’s registry, and any content type', async () => {
    const id = await makeDevice(db(), { org_uuid: world.orgs.alpha, registry_id: httpRegistry });
    const token = await makeToken(
      db(),
      'registry',
      httpRegistry,
      world.orgs.alpha,
      world.users.managerA,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${httpRegistry}/${id}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0x00, 0xff, 0x10]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, points: 0 });
    expect(await messagesOf(db(), id)).toMatchObject([
      { payload: Buffer.from([0x00, 0xff, 0x10]).toString('base64'), payload_encoding: 'base64' },
    ]);
  });

  it('answers 503 with Retry-After while the database is down, and stores the packet sent again', async () => {
    const id = await makeDevice(db(), { org_uuid: world.orgs.alpha, registry_id: httpRegistry });
    const token = await makeToken(db(), 'device', id, world.orgs.alpha, world.users.managerA);
    const outage = failDeviceLookups(t.app.db, id, Infinity);
    try {
      const down = await post(httpRegistry, id, token, '{"level":1,"ts":1700000300000}');
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toMatchObject({ message: expect.stringMatching(/again shortly/) });
      expect(outage.failed()).toBeGreaterThan(1);
    } finally {
      outage.end();
    }
    const back = await post(httpRegistry, id, token, '{"level":1,"ts":1700000300000}');
    expect(back.statusCode).toBe(200);
    expect(await pointsOf(db(), id)).toHaveLength(1);
  });

  it('refuses what it must, and stores nothing then', async () => {
    const other = await makeDevice(db(), { org_uuid: world.orgs.alpha, registry_id: httpRegistry });
    const otherToken = await makeToken(
      db(),
      'device',
      other,
      world.orgs.alpha,
      world.users.managerA,
    );
    const blocked = await makeDevice(db(), {
      org_uuid: world.orgs.alpha,
      registry_id: httpRegistry,
      communication: false,
    });
    const blockedToken = await makeToken(
      db(),
      'device',
      blocked,
      world.orgs.alpha,
      world.users.managerA,
    );
    const inMqtt = await makeDevice(db(), {
      org_uuid: world.orgs.alpha,
      registry_id: mqttRegistry,
    });
    const mqttToken = await makeToken(
      db(),
      'device',
      inMqtt,
      world.orgs.alpha,
      world.users.managerA,
    );
    const session = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/basic',
        payload: { username: 'super@world.test', password: 'world-password-1' },
      })
    ).json<{ token: string }>().token;
    const cases: [string, () => ReturnType<typeof post>, number][] = [
      ['no token', () => post(httpRegistry, other, null, '{"a":1}'), 401],
      ['an unknown token', () => post(httpRegistry, other, 'nly_nope', '{"a":1}'), 401],
      ["another device's token", () => post(httpRegistry, other, deviceToken, '{"a":1}'), 403],
      ['a user session', () => post(httpRegistry, other, session, '{"a":1}'), 403],
      ['a blocked device', () => post(httpRegistry, blocked, blockedToken, '{"a":1}'), 403],
      ['a device of an mqtt registry', () => post(mqttRegistry, inMqtt, mqttToken, '{"a":1}'), 403],
      [
        'the wrong registry in the path',
        () => post(mqttRegistry, other, otherToken, '{"a":1}'),
        404,
      ],
      ['an empty body', () => post(httpRegistry, other, otherToken, ''), 400],
      [
        'a body over 256 KiB',
        () => post(httpRegistry, other, otherToken, `{"a":"${'x'.repeat(300_000)}"}`),
        413,
      ],
    ];
    for (const [label, send, status] of cases) {
      const res = await send();
      expect([label, res.statusCode]).toEqual([label, status]);
      expect(res.json<{ statusCode: number }>().statusCode).toBe(status);
    }
    for (const id of [other, blocked, inMqtt]) {
      expect(await messagesOf(db(), id)).toEqual([]);
      expect(await pointsOf(db(), id)).toEqual([]);
    }
    // A device token of a device that does not exist in the path's registry.
    const missing = await post(httpRegistry, 999_999_999_999, deviceToken, '{"a":1}');
    expect(missing.statusCode).toBe(403);
  });

  it('lists messages of the caller’s organisations only; a foreign one is 404', async () => {
    await post(httpRegistry, device, deviceToken, '{"level":4}');
    const list = await as(
      'managerA',
      'GET',
      `/api/v1/messages/?deviceId=${device}&sort=-receivedAt`,
    );
    expect(list.statusCode).toBe(200);
    const page = list.json<{ items: Message[]; total: number; page: number; pageSize: number }>();
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page).toMatchObject({ page: 1, pageSize: 25 });
    expect(page.items[0]).toMatchObject({ deviceId: device, registryName: 'Ingest http registry' });
    const id = page.items[0]?.id ?? 0;

    const searched = await as('managerA', 'GET', `/api/v1/messages/?search=ingest%20http`);
    expect(searched.json<{ items: Message[] }>().items.every((m) => m.deviceId !== 0)).toBe(true);
    expect(searched.json<{ total: number }>().total).toBeGreaterThanOrEqual(2);

    expect((await as('managerA', 'GET', `/api/v1/messages/${id}`)).json()).toMatchObject({
      id,
      deviceId: device,
      payload: '{"level":4}',
      encoding: 'utf8',
    });
    expect((await as('managerB', 'GET', `/api/v1/messages/${id}`)).statusCode).toBe(404);
    expect((await as('userA1', 'GET', `/api/v1/messages/${id}`)).statusCode).toBe(404);
    const foreignList = await as('managerB', 'GET', `/api/v1/messages/?deviceId=${device}`);
    expect(foreignList.json()).toMatchObject({ items: [], total: 0 });

    const now = new Date();
    const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
    const range = `/api/v1/messages/device/${device}/${encodeURIComponent(fmt(new Date(now.getTime() - 3600_000)))}/${encodeURIComponent(fmt(new Date(now.getTime() + 60_000)))}`;
    const ofDevice = await as('userA', 'GET', range);
    expect(ofDevice.statusCode).toBe(200);
    expect(ofDevice.json<Message[]>().length).toBeGreaterThanOrEqual(2);
    expect((await as('managerB', 'GET', range)).statusCode).toBe(404);
    const empty = await as(
      'userA',
      'GET',
      `/api/v1/messages/device/${device}/2001-01-01%2000:00:00/2001-01-02%2000:00:00`,
    );
    expect(empty.json()).toEqual([]);
    const backwards = await as(
      'userA',
      'GET',
      `/api/v1/messages/device/${device}/2001-01-02%2000:00:00/2001-01-01%2000:00:00`,
    );
    expect(backwards.statusCode).toBe(400);
    const badTime = await as(
      'userA',
      'GET',
      `/api/v1/messages/device/${device}/yesterday/2001-01-01%2000:00:00`,
    );
    expect(badTime.statusCode).toBe(400);
  });
});
