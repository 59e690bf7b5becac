import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/auth/secrets.ts';
import type { CommittedPoint } from '../../server/ingest/events.ts';
import {
  collectPoints,
  connectLive,
  emitWithAck,
  next,
  type PointsEvent,
  type StatusEvent,
  type SubscribeAck,
  within,
} from '../helpers/live-client.ts';
import {
  eventually,
  makeDevice,
  makeRegistry,
  makeToken,
  pointsOf,
} from '../helpers/ingest-world.ts';
import { startTestApp, usesServices, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signIn, signInAll, type World, type WorldUser } from '../helpers/world.ts';
import { holdPointWrites } from './ingest-outage.ts';

/**
 * The live feed at /api/live: sign-in on the handshake, subscriptions checked
 * against organisations, points and status changes from fastify.dataEvents,
 * key filters, sessions that end, and the sockets gauge.
 */
describe('live feed', () => {
  let t: TestApp;
  let world: World;
  let tokens: Record<WorldUser, string>;
  let base: string;
  const open: Socket[] = [];

  const connect = async (who: WorldUser) => {
    const socket = await connectLive(base, { token: tokens[who] });
    open.push(socket);
    return socket;
  };
  const point = (key: string, second: number, value: number): CommittedPoint => ({
    key,
    time: `2024-06-01T12:00:${String(second).padStart(2, '0')}.000Z`,
    value,
    textValue: null,
  });
  const emitPoints = (deviceId: number, orgUuid: string, points: CommittedPoint[]) =>
    t.app.dataEvents.emit('received', { deviceId, orgUuid, points });

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
    ({ tokens } = await signInAll(t.app));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
  });

  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });

  afterAll(async () => {
    await t.close();
  });

  it('refuses a handshake without a valid session or token', async () => {
    await expect(connectLive(base)).rejects.toThrow('Sign in to continue');
    await expect(connectLive(base, { token: 'not-a-session' })).rejects.toThrow(
      'Sign in to continue',
    );
    await expect(connectLive(base, { token: 'nly_unknown' })).rejects.toThrow(
      'Sign in to continue',
    );
  });

  it('subscribes to own devices and reports foreign and missing ones as refused', async () => {
    const socket = await connect('userA');
    const alpha = world.alphaThings.device.id;
    const beta = world.betaThings.device.id;
    const north = world.alphaNorthThings.device.id;
    const ack = await emitWithAck<SubscribeAck>(socket, 'subscribe', {
      deviceIds: [alpha, beta, north, 999_999],
    });
    expect(ack).toEqual({
      ok: true,
      subscribed: [alpha],
      refused: [beta, north, 999_999],
      org: false,
    });
    const manager = await connect('managerA');
    expect(
      await emitWithAck<SubscribeAck>(manager, 'subscribe', { deviceIds: [alpha, north, beta] }),
    ).toEqual({ ok: true, subscribed: [alpha, north], refused: [beta], org: false });
    expect(await emitWithAck<SubscribeAck>(socket, 'subscribe', { deviceIds: ['x'] })).toEqual({
      ok: false,
      error: 'deviceIds must be an array of device ids',
    });
  });

  it("applies a socket's subscribes in the order it sent them", async () => {
    const socket = await connect('managerA');
    const alpha = world.alphaThings.device.id;
    // Charts subscribe one after the other with a growing key list, without
    // waiting for answers; the last list must be the one that holds.
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
    const answered: number[] = [];
    await Promise.all(
      keys.map(
        (_, i) =>
          new Promise<void>((resolve) =>
            socket.emit('subscribe', { deviceIds: [alpha], keys: keys.slice(0, i + 1) }, () => {
              answered.push(i);
              resolve();
            }),
          ),
      ),
    );
    expect(answered).toEqual(keys.map((_, i) => i));
    const received = collectPoints(socket, alpha, keys.length);
    emitPoints(
      alpha,
      world.orgs.alpha,
      keys.map((key, i) => point(key, i, i)),
    );
    expect((await received).map((p) => p.key).sort()).toEqual([...keys].sort());
  });

  it('sends points of subscribed devices only', async () => {
    const socket = await connect('userA');
    const alpha = world.alphaThings.device.id;
    await emitWithAck(socket, 'subscribe', { deviceIds: [alpha] });
    const received = next<PointsEvent>(socket, 'points');
    emitPoints(world.betaThings.device.id, world.orgs.beta, [point('temperature', 0, 99)]);
    emitPoints(alpha, world.orgs.alpha, [point('temperature', 1, 21.5)]);
    emitPoints(alpha, world.orgs.alpha, [point('humidity', 2, 40)]);
    const first = await received;
    expect(first.deviceId).toBe(alpha);
    expect(first.points[0]).toEqual({
      key: 'temperature',
      time: '2024-06-01T12:00:01.000Z',
      value: 21.5,
      textValue: null,
    });
    // Both batches were committed within the coalescing window or just after it.
    const all = [...first.points];
    if (all.length < 2) all.push(...(await collectPoints(socket, alpha, 1)));
    expect(all.map((p) => p.key)).toEqual(['temperature', 'humidity']);
  });

  it('sends a received point before its batch is committed, and the ingest answers after the commit', async () => {
    const registry = await makeRegistry(t.database.db, world.orgs.alpha, 'http');
    const device = await makeDevice(t.database.db, {
      org_uuid: world.orgs.alpha,
      registry_id: registry,
    });
    const token = await makeToken(
      t.database.db,
      'device',
      device,
      world.orgs.alpha,
      world.users.managerA,
    );
    const socket = await connect('managerA');
    await emitWithAck<SubscribeAck>(socket, 'subscribe', { deviceIds: [device] });
    const received = collectPoints(socket, device, 1);
    const writes = holdPointWrites(t.app.db);
    let answered = false;
    const answer = t.app
      .inject({
        method: 'POST',
        url: `/api/v1/ingest/${registry}/${device}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: '{"level":4.5,"ts":1700000000000}',
      })
      .then((res) => {
        answered = true;
        return res;
      });
    try {
      const points = await within(received, 5_000, 'the received point on the live feed');
      expect(points).toEqual([
        { key: 'level', time: '2023-11-14T22:13:20.000Z', value: 4.5, textValue: null },
      ]);
      // The batch's write is under way and held: nothing is stored, the device has no answer yet.
      await eventually(async () => (writes.held() > 0 ? true : undefined));
      expect(await pointsOf(t.database.db, device)).toEqual([]);
      expect(answered).toBe(false);
    } finally {
      writes.release();
    }
    const res = await answer;
    expect(res.statusCode).toBe(200);
    expect(await pointsOf(t.database.db, device)).toHaveLength(1);
  });

  it('filters points by the keys a socket asked for', async () => {
    const alpha = world.alphaThings.device.id;
    const filtered = await connect('userA');
    const everything = await connect('managerA');
    await emitWithAck(filtered, 'subscribe', { deviceIds: [alpha], keys: ['humidity'] });
    await emitWithAck(everything, 'subscribe', { deviceIds: [alpha] });
    const onlyHumidity = collectPoints(filtered, alpha, 2);
    const all = collectPoints(everything, alpha, 4);
    emitPoints(alpha, world.orgs.alpha, [
      point('temperature', 0, 1),
      point('humidity', 0, 2),
      point('temperature', 1, 3),
      point('humidity', 1, 4),
    ]);
    expect((await onlyHumidity).map((p) => [p.key, p.value])).toEqual([
      ['humidity', 2],
      ['humidity', 4],
    ]);
    expect((await all).map((p) => p.value)).toEqual([1, 2, 3, 4]);
    // Subscribing again replaces the filter; unsubscribing stops the points.
    await emitWithAck(filtered, 'subscribe', { deviceIds: [alpha], keys: ['temperature'] });
    const onlyTemperature = collectPoints(filtered, alpha, 1);
    emitPoints(alpha, world.orgs.alpha, [point('humidity', 2, 5), point('temperature', 2, 6)]);
    expect((await onlyTemperature).map((p) => p.value)).toEqual([6]);
    expect(await emitWithAck(filtered, 'unsubscribe', { deviceIds: [alpha, 12345] })).toEqual({
      ok: true,
      unsubscribed: [alpha],
    });
    const afterwards = next<PointsEvent>(filtered, 'points');
    emitPoints(alpha, world.orgs.alpha, [point('temperature', 3, 7)]);
    await collectPoints(everything, alpha, 1);
    await emitWithAck(filtered, 'subscribe', { deviceIds: [world.alphaNorthThings.device.id] });
    const north = world.alphaNorthThings.device.id;
    emitPoints(north, world.orgs.alphaNorth, [point('level', 0, 8)]);
    // userA may not see alpha North: the only points that may still arrive are none at all.
    await emitWithAck(filtered, 'subscribe', { deviceIds: [alpha] });
    emitPoints(alpha, world.orgs.alpha, [point('temperature', 4, 9)]);
    expect((await afterwards).points.map((p) => p.value)).toEqual([9]);
  });

  it('sends status changes to device and organisation subscribers it concerns', async () => {
    const alpha = world.alphaThings.device.id;
    const beta = world.betaThings.device.id;
    const device = await connect('userA');
    const orgA = await connect('managerA');
    const orgB = await connect('userB');
    const everything = await connect('super');
    await emitWithAck(device, 'subscribe', { deviceIds: [alpha], keys: ['temperature'] });
    expect(await emitWithAck<SubscribeAck>(orgA, 'subscribe', { org: true })).toMatchObject({
      ok: true,
      org: true,
    });
    await emitWithAck(orgB, 'subscribe', { org: true });
    await emitWithAck(everything, 'subscribe', { org: true, deviceIds: [alpha] });
    const statuses = (socket: Socket, count: number) =>
      new Promise<StatusEvent[]>((resolve) => {
        const seen: StatusEvent[] = [];
        socket.on('status', (event: StatusEvent) => {
          seen.push(event);
          if (seen.length === count) resolve(seen);
        });
      });
    const forDevice = statuses(device, 1);
    const forOrgA = statuses(orgA, 1);
    const forOrgB = statuses(orgB, 1);
    const forSuper = statuses(everything, 2);
    const change = (deviceId: number, orgUuid: string, status: 'green' | 'red') =>
      t.app.dataEvents.emit('status', {
        deviceId,
        orgUuid,
        status,
        lastDataAt: '2024-06-01T12:00:00.000Z',
        lastConnectionAt: null,
      });
    change(alpha, world.orgs.alpha, 'green');
    change(beta, world.orgs.beta, 'red');
    expect(await forDevice).toEqual([
      {
        deviceId: alpha,
        status: 'green',
        lastDataAt: '2024-06-01T12:00:00.000Z',
        lastConnectionAt: null,
      },
    ]);
    expect((await forOrgA).map((s) => s.deviceId)).toEqual([alpha]);
    expect((await forOrgB).map((s) => [s.deviceId, s.status])).toEqual([[beta, 'red']]);
    // In the device room and the all-organisations room, yet told once per change.
    expect((await forSuper).map((s) => s.deviceId)).toEqual([alpha, beta]);
  });

  it('ends the feed of a session that expired', async () => {
    const token = await signIn(t.app, 'user.a@world.test');
    const socket = await connectLive(base, { token });
    open.push(socket);
    const other = await connectLive(base, { token });
    open.push(other);
    // Expiry is announced to nobody (sign-out is, see live-access.test.ts): the feed finds out.
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashSecret(token))
      .execute();
    const ended = next<undefined>(socket, 'session.ended');
    const gone = next<string>(socket, 'disconnect');
    const ack = await emitWithAck<SubscribeAck>(socket, 'subscribe', {
      deviceIds: [world.alphaThings.device.id],
    });
    expect(ack).toEqual({ ok: false, error: 'Your session has ended' });
    await ended;
    expect(await gone).toBe('io server disconnect');
    // The minutely check ends sockets that do not ask for anything.
    const otherGone = next<string>(other, 'disconnect');
    await t.app.live.checkSessions();
    expect(await otherGone).toBe('io server disconnect');
    await expect(connectLive(base, { token })).rejects.toThrow('Sign in to continue');
  });

  it('accepts the SESSION cookie from its own origin only', async () => {
    const cookie = { cookie: `SESSION=${encodeURIComponent(tokens.userA)}` };
    const socket = await connectLive(base, { headers: cookie });
    open.push(socket);
    expect(socket.connected).toBe(true);
    await expect(
      connectLive(base, { headers: { ...cookie, origin: 'https://elsewhere.example' } }),
    ).rejects.toThrow('Sign in to continue');
    // Behind a proxy that passes on another Host, the console's origin is PUBLIC_URL's.
    const published = await connectLive(base, {
      headers: { ...cookie, origin: new URL(t.app.config.publicUrl).origin, host: 'node-7:8080' },
    });
    open.push(published);
    expect(published.connected).toBe(true);
  });

  it('counts connected sockets in the metrics', async () => {
    await connect('userA');
    await connect('userB');
    const gauge = /^nordlys_live_sockets (\d+)$/m.exec(await t.app.metrics.metrics());
    // Sockets closed by earlier tests may still be leaving; these two are surely in.
    expect(Number(gauge?.[1])).toBeGreaterThanOrEqual(2);
  });
});

/**
 * Two API nodes in one process sharing Redis (and a channel prefix): a client
 * of node A receives what node B's ingest announced, through the adapter.
 * The spawned-process version is tests/integration/live-nodes.test.ts.
 */
describe.runIf(usesServices && process.env.REDIS_URL)('live feed through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let world: World;

  beforeAll(async () => {
    const env = { REDIS_PREFIX: `nordlys-test-${randomUUID()}` };
    a = await startTestApp({ env });
    b = await startTestApp({ env });
    world = await seedWorld(a.database.db);
    await a.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('sends points and status changes announced on another node', async () => {
    const address = a.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const token = await signIn(a.app, 'user.a@world.test');
    const socket = await connectLive(`http://127.0.0.1:${address.port}`, { token });
    try {
      const alpha = world.alphaThings.device.id;
      await emitWithAck(socket, 'subscribe', { deviceIds: [alpha], keys: ['temperature'] });
      const points = collectPoints(socket, alpha, 2);
      const status = next<StatusEvent>(socket, 'status');
      const at = (s: number) => `2024-06-01T12:00:0${s}.000Z`;
      b.app.dataEvents.emit('received', {
        deviceId: alpha,
        orgUuid: world.orgs.alpha,
        points: [
          { key: 'temperature', time: at(0), value: 1, textValue: null },
          { key: 'humidity', time: at(0), value: 2, textValue: null },
          { key: 'temperature', time: at(1), value: 3, textValue: null },
        ],
      });
      b.app.dataEvents.emit('status', {
        deviceId: alpha,
        orgUuid: world.orgs.alpha,
        status: 'yellow',
        lastDataAt: null,
        lastConnectionAt: at(1),
      });
      expect((await points).map((p) => [p.key, p.value])).toEqual([
        ['temperature', 1],
        ['temperature', 3],
      ]);
      expect(await status).toMatchObject({ deviceId: alpha, status: 'yellow' });
    } finally {
      socket.close();
    }
  });
});
