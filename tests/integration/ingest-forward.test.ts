import net from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunRequest } from '../../server/functions/sandbox.ts';
import { dataTopic } from '../../server/ingest/topics.ts';
import { freePort } from '../helpers/free-port.ts';
import {
  connectDevice,
  eventually,
  makeDevice,
  makeRegistry,
  makeToken,
  pointsOf,
  spreadIds,
} from '../helpers/ingest-world.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { withV2Routes } from '../helpers/v2-routes.ts';
import { seedWorld, signInAll, type World } from '../helpers/world.ts';

const FORWARD_USER = 'forwarder';
const FORWARD_PASSWORD = 'forward-secret-123';
const FORWARD_TOPIC = 'out/forwarded';

interface Forwarded {
  username: string | undefined;
  message: Record<string, unknown>;
  /** The device's stored points when the forward arrived. */
  pointsThen: Promise<number>;
}

/** A second MQTT broker, the one a device's data is forwarded to. */
async function startForwardTarget(
  onForward: (username: string | undefined, payload: Buffer) => void,
) {
  const signIns: { username: string | undefined; accepted: boolean }[] = [];
  const users = new Map<string, string | undefined>();
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const accepted = username === FORWARD_USER && password?.toString() === FORWARD_PASSWORD;
      signIns.push({ username, accepted });
      if (!accepted) {
        const error = new Error('Bad username or password') as AuthenticateError;
        error.returnCode = 4;
        done(error, false);
        return;
      }
      users.set(client.id, username);
      done(null, true);
    },
  });
  broker.on('publish', (packet, client) => {
    if (client && packet.topic === FORWARD_TOPIC) {
      const payload =
        typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      onForward(users.get(client.id), payload);
    }
  });
  const server = net.createServer(broker.handle);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    signIns,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * After a commit: the MQTT forward to the device's own broker, and the
 * device's outbound functions in the sandbox (server/ingest/forward.ts).
 */
describe('ingest after commit', () => {
  let t: TestApp;
  let world: World;
  let registry: number;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];
  let target: Awaited<ReturnType<typeof startForwardTarget>>;
  const db = () => t.database.db;
  const clients: MqttClient[] = [];
  const forwarded: Forwarded[] = [];
  let watchedDevice = 0;

  beforeAll(async () => {
    t = await startTestApp({ beforeReady: withV2Routes });
    await spreadIds(db());
    world = await seedWorld(db());
    ({ as } = await signInAll(t.app));
    registry = await makeRegistry(db(), world.orgs.alpha, 'mqtt');
    target = await startForwardTarget((username, payload) => {
      forwarded.push({
        username,
        message: JSON.parse(payload.toString()) as Record<string, unknown>,
        pointsThen: pointsOf(db(), watchedDevice).then((rows) => rows.length),
      });
    });
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await t?.close();
    await target?.close();
  });

  const device = () => makeDevice(db(), { org_uuid: world.orgs.alpha, registry_id: registry });
  /** Connects the device to the app's broker with a new token (its settings are read then). */
  const connect = async (id: number) => {
    const token = await makeToken(db(), 'device', id, world.orgs.alpha, world.users.managerA);
    const client = await connectDevice(t, id, token);
    clients.push(client);
    return client;
  };

  it('forwards committed points to the configured broker, topic and sign-in, with the device id', async () => {
    const id = await device();
    watchedDevice = id;
    const res = await as('managerA', 'PUT', '/api/v2/device', {
      id,
      mqttForward: {
        host: `127.0.0.1:${target.port}`,
        topic: FORWARD_TOPIC,
        user: FORWARD_USER,
        password: FORWARD_PASSWORD,
        deviceIdField: 'sensorId',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const client = await connect(id);

    // The first packet opens the forward connection: it is not lost meanwhile.
    await client.publishAsync(
      dataTopic(registry, id),
      JSON.stringify({ temperature: 21.5, label: 'hall', ts: 1_700_000_000 }),
      { qos: 1 },
    );
    const first = await eventually(async () => forwarded[0]);
    expect(first.username).toBe(FORWARD_USER);
    expect(first.message).toEqual({
      temperature: 21.5,
      sensorId: id,
      time: expect.any(String) as unknown,
    });
    expect(await first.pointsThen).toBe(1);
    expect(target.signIns).toEqual([{ username: FORWARD_USER, accepted: true }]);

    // Later packets go over the same connection.
    await client.publishAsync(dataTopic(registry, id), JSON.stringify({ humidity: 40 }), {
      qos: 1,
    });
    const second = await eventually(async () => forwarded[1]);
    expect(second.message).toEqual({
      humidity: 40,
      sensorId: id,
      time: expect.any(String) as unknown,
    });
    expect(await second.pointsThen).toBe(2);
    expect(target.signIns).toHaveLength(1);
  });

  it('runs the device’s outbound functions after the commit with its points; a failing one is logged', async () => {
    const id = await device();
    const code = `function main(input, context) {
      if (input.some((p) => p.key === 'fail')) throw new Error('outbound says no');
      return { device: context.device.id, count: input.length };
    }`;
    const fn = await db()
      .insertInto('cloud_functions')
      .values({ name: 'Outbound', type: 'outbound', org_uuid: world.orgs.alpha, code })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('device_functions')
      .values({ device_id: id, position: 0, function_id: fn.id })
      .execute();
    const client = await connect(id);

    const sandbox = t.app.sandbox;
    const run = sandbox.run.bind(sandbox);
    const runs: { request: RunRequest; pointsThen: number }[] = [];
    vi.spyOn(sandbox, 'run').mockImplementation(async (request) => {
      if (request.code === code) {
        runs.push({ request, pointsThen: (await pointsOf(db(), id)).length });
      }
      return run(request);
    });
    const warn = vi.spyOn(t.app.log, 'warn');

    await client.publishAsync(dataTopic(registry, id), '{"a":1,"b":2,"ts":1700000000}', {
      qos: 1,
    });
    const first = await eventually(async () => runs[0]);
    const at = new Date(1_700_000_000_000).toISOString();
    expect(first.pointsThen).toBe(2);
    expect(first.request.input).toEqual([
      { key: 'a', time: at, value: 1 },
      { key: 'b', time: at, value: 2 },
    ]);
    expect(first.request.context).toMatchObject({ device: { id, registryId: registry } });

    await client.publishAsync(dataTopic(registry, id), '{"fail":1}', { qos: 1 });
    const failed = await eventually(async () =>
      warn.mock.calls.find(([, message]) => message === 'outbound function failed'),
    );
    expect(failed[0]).toMatchObject({
      functionId: fn.id,
      error: { kind: 'runtime', message: expect.stringContaining('outbound says no') as unknown },
    });
    expect(runs).toHaveLength(2);
    expect(runs[1]?.pointsThen).toBe(3);
  });
});
