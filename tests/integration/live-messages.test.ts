import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  makeDevice,
  makeRegistry,
  makeToken,
  spreadIds,
} from '../helpers/ingest-world.ts';
import {
  connectLive,
  emitWithAck,
  next,
  recordMessages,
  type PointsEvent,
} from '../helpers/live-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll, type World, type WorldUser } from '../helpers/world.ts';

/**
 * The live feed's message log: `messages.subscribe` follows the messages
 * API's access rules, and every packet ingest commits reaches the followers
 * of its device in a `messages` event, once it is stored.
 */
describe('live feed: message log', () => {
  let t: TestApp;
  let world: World;
  let tokens: Record<WorldUser, string>;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];
  let base: string;
  let alphaRegistry: number;
  let betaRegistry: number;
  let alpha: number;
  let alphaOther: number;
  let beta: number;
  const open: Socket[] = [];
  const db = () => t.database.db;

  const connect = async (token: string) => {
    const socket = await connectLive(base, { token });
    open.push(socket);
    return socket;
  };
  const follow = (socket: Socket, deviceIds: number[]) =>
    emitWithAck<{ ok: boolean; subscribed?: number[]; refused?: number[]; error?: string }>(
      socket,
      'messages.subscribe',
      { deviceIds },
    );
  const send = (registryId: number, deviceId: number, payload: string) =>
    t.app.ingest.ingest({ registryId, deviceId, payload: Buffer.from(payload), transport: 'http' });

  beforeAll(async () => {
    t = await startTestApp();
    await spreadIds(db());
    world = await seedWorld(db());
    ({ tokens, as } = await signInAll(t.app));
    alphaRegistry = await makeRegistry(db(), world.orgs.alpha, 'http');
    betaRegistry = await makeRegistry(db(), world.orgs.beta, 'http');
    alpha = await makeDevice(db(), { org_uuid: world.orgs.alpha, registry_id: alphaRegistry });
    alphaOther = await makeDevice(db(), { org_uuid: world.orgs.alpha, registry_id: alphaRegistry });
    beta = await makeDevice(db(), { org_uuid: world.orgs.beta, registry_id: betaRegistry });
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

  it("refuses another organisation's devices, unknown ones and scoped tokens", async () => {
    const userA = await connect(tokens.userA);
    expect(await follow(userA, [alpha, beta, 999_999])).toEqual({
      ok: true,
      subscribed: [alpha],
      refused: [beta, 999_999],
    });
    const userB = await connect(tokens.userB);
    expect(await follow(userB, [alpha])).toEqual({ ok: true, subscribed: [], refused: [alpha] });
    // A device token reads its device's points, but not the message log (nor does the API).
    const deviceToken = await makeToken(db(), 'device', alpha, world.orgs.alpha, world.users.userA);
    const scoped = await connect(deviceToken);
    expect(await follow(scoped, [alpha])).toEqual({ ok: true, subscribed: [], refused: [alpha] });
    expect(
      await emitWithAck(userA, 'messages.subscribe', { deviceIds: [alpha], keys: ['a'] }),
    ).toEqual({ ok: false, error: 'Unknown field: keys' });
  });

  it('sends a stored packet to the followers of its device, and to nobody else', async () => {
    const userA = await connect(tokens.userA);
    const userB = await connect(tokens.userB);
    const pointsOnly = await connect(tokens.managerA);
    expect(await follow(userA, [alpha])).toMatchObject({ subscribed: [alpha] });
    expect(await follow(userB, [alpha, beta])).toMatchObject({ subscribed: [beta] });
    await emitWithAck(pointsOnly, 'subscribe', { deviceIds: [alpha] });
    const toA = recordMessages(userA);
    const toB = recordMessages(userB);
    const toPointsOnly = recordMessages(pointsOnly);
    const points = next<PointsEvent>(pointsOnly, 'points');

    expect(await send(alphaRegistry, alpha, '{"level":4.5}')).toEqual({ ok: true, points: 1 });
    const [event] = await eventually(async () => (toA.length > 0 ? toA : undefined));
    expect(event).toEqual({
      id: expect.any(Number) as number,
      deviceId: alpha,
      deviceName: expect.any(String) as string,
      registryId: alphaRegistry,
      registryName: 'Ingest http registry',
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) as string,
      topic: null,
      payload: '{"level":4.5}',
      encoding: 'utf8',
    });
    // Sent after the commit, in the shape the messages API answers.
    const stored = await as('userA', 'GET', `/api/v1/messages/${event?.id}`);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual(event);

    // Points follow the coalescing window; a message would have come before them.
    await points;
    expect(toPointsOnly).toEqual([]);
    // userB's socket works (its own device's message arrives) and got nothing of Alpha's.
    await send(betaRegistry, beta, '{"level":1}');
    await eventually(async () => (toB.length > 0 ? true : undefined));
    expect(toB.map((m) => m.deviceId)).toEqual([beta]);
    expect(toA).toHaveLength(1);
  });

  it('gives each packet of a batch its own message id, and stops after unsubscribing', async () => {
    const userA = await connect(tokens.userA);
    await follow(userA, [alpha, alphaOther]);
    const seen = recordMessages(userA);
    // Sent together, the packets of both devices share batches.
    const packets = Array.from({ length: 8 }, (_, i) => ({
      device: i % 3 === 0 ? alphaOther : alpha,
      payload: JSON.stringify({ n: i }),
    }));
    await Promise.all(packets.map((p) => send(alphaRegistry, p.device, p.payload)));
    await eventually(async () => (seen.length >= packets.length ? true : undefined));
    expect(seen.map((m) => m.payload).sort()).toEqual(packets.map((p) => p.payload).sort());
    expect(new Set(seen.map((m) => m.id)).size).toBe(packets.length);
    for (const message of seen) {
      const stored = await as('userA', 'GET', `/api/v1/messages/${message.id}`);
      expect(stored.json()).toMatchObject({
        deviceId: message.deviceId,
        payload: message.payload,
      });
    }

    expect(await emitWithAck(userA, 'messages.unsubscribe', { deviceIds: [alpha, beta] })).toEqual({
      ok: true,
      unsubscribed: [alpha],
    });
    seen.length = 0;
    await send(alphaRegistry, alpha, '{"after":1}');
    await send(alphaRegistry, alphaOther, '{"after":2}');
    await eventually(async () => (seen.length > 0 ? true : undefined));
    expect(seen.map((m) => [m.deviceId, m.payload])).toEqual([[alphaOther, '{"after":2}']]);
  });
});
