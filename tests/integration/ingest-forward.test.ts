import dns from 'node:dns';
import net from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../server/db/json.ts';
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
    // The target broker runs on this machine: the operator allows loopback forwards.
    t = await startTestApp({
      env: { MQTT_FORWARD_ALLOW: '127.0.0.0/8' },
    });
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
    const status = () => as('userA', 'GET', `/api/v2/device/${id}/mqtt-forward`);
    expect((await status()).json()).toEqual({
      state: 'idle',
      target: `mqtt://127.0.0.1:${target.port}`,
      since: null,
      error: null,
      failures: 0,
      nextRetryAt: null,
    });
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
    expect((await status()).json()).toMatchObject({
      state: 'connected',
      since: expect.any(String) as unknown,
      failures: 0,
    });
  });

  it('shows a failing forward with its error, and waits out the pause before trying again', async () => {
    const closedPort = await freePort();
    const listener = net.createServer((socket) => socket.destroy());
    const id = await device();
    const put = await as('managerA', 'PUT', '/api/v2/device', {
      id,
      mqttForward: { host: `mqtt://127.0.0.1:${closedPort}`, topic: FORWARD_TOPIC },
    });
    expect(put.statusCode, put.body).toBe(200);
    const client = await connect(id);
    const status = async () =>
      (await as('userA', 'GET', `/api/v2/device/${id}/mqtt-forward`)).json<{
        state: string;
        error: string | null;
        failures: number;
        since: string | null;
        nextRetryAt: string | null;
      }>();

    await client.publishAsync(dataTopic(registry, id), '{"a":1}', { qos: 1 });
    const failing = await eventually(async () => {
      const now = await status();
      return now.state === 'failing' ? now : undefined;
    });
    expect(failing.error).toMatch(/ECONNREFUSED/);
    expect(failing.failures).toBe(1);
    expect(Date.parse(failing.nextRetryAt ?? '') - Date.parse(failing.since ?? '')).toBe(5_000);

    // Within the pause a packet starts no attempt: the port, open now, sees no connection.
    let connections = 0;
    listener.on('connection', () => connections++);
    await new Promise<void>((resolve) => listener.listen(closedPort, '127.0.0.1', resolve));
    try {
      await client.publishAsync(dataTopic(registry, id), '{"a":2}', { qos: 1 });
      await eventually(async () => ((await pointsOf(db(), id)).length === 2 ? true : undefined));
      // Only meaningful while the 5 s pause lasts (a very slow machine may pass it).
      if (Date.now() < Date.parse(failing.nextRetryAt ?? '')) {
        expect(await status()).toMatchObject({ state: 'failing', failures: 1 });
        expect(connections).toBe(0);
      }
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('answers the forward state only to those who may read the device', async () => {
    const id = await device();
    expect((await as('userB', 'GET', `/api/v2/device/${id}/mqtt-forward`)).statusCode).toBe(
      (await as('userB', 'GET', `/api/v2/device/${id}`)).statusCode,
    );
    expect((await as('userB', 'GET', `/api/v2/device/${id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v2/device/${id}/mqtt-forward` })).statusCode).toBe(401);
    expect((await as('userA', 'GET', `/api/v2/device/${id}/mqtt-forward`)).json()).toMatchObject({
      state: 'off',
      target: null,
    });
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

/**
 * The address rules of the forward (docs/ingest.md): without MQTT_FORWARD_ALLOW
 * a device's data goes only to public addresses, whoever sets the forward.
 */
describe('MQTT forward address rules', () => {
  let t: TestApp;
  let world: World;
  let registry: number;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];
  /** A TCP port on this machine that counts who connects to it. */
  let local: net.Server;
  let localPort: number;
  let connections = 0;
  const clients: MqttClient[] = [];
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(db());
    ({ as } = await signInAll(t.app));
    registry = await makeRegistry(db(), world.orgs.alpha, 'mqtt');
    localPort = await freePort();
    local = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => local.listen(localPort, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await t?.close();
    await new Promise((resolve) => local?.close(resolve));
  });

  const device = () => makeDevice(db(), { org_uuid: world.orgs.alpha, registry_id: registry });
  const putForward = (id: number, host: string) =>
    as('managerA', 'PUT', '/api/v2/device', { id, mqttForward: { host, topic: 'out' } });
  const status = async (id: number) =>
    (await as('managerA', 'GET', `/api/v2/device/${id}/mqtt-forward`)).json<{
      state: string;
      error: string | null;
    }>();
  const publish = async (id: number, payload: object) => {
    const token = await makeToken(db(), 'device', id, world.orgs.alpha, world.users.managerA);
    const client = await connectDevice(t, id, token);
    clients.push(client);
    await client.publishAsync(dataTopic(registry, id), JSON.stringify(payload), { qos: 1 });
    await eventually(async () => ((await pointsOf(db(), id)).length > 0 ? true : undefined));
  };

  it.each([
    [`127.0.0.1:${1883}`, /127\.0\.0\.1 is a loopback address/],
    ['mqtt://localhost:1883', /loopback/],
    ['[::1]:1883', /::1 is a loopback address/],
    ['ws://169.254.169.254/latest/meta-data', /link-local/],
    ['10.0.0.8:1883', /private/],
    ['192.168.1.20', /private/],
    ['172.16.0.1', /private/],
    ['mqtt://172.31.255.1', /private/],
    ['[fc00::1]:1883', /unique local/],
    ['[fd00::8]', /unique local/],
    ['[fe80::1]', /link-local/],
    ['[::ffff:127.0.0.1]:1883', /\(127\.0\.0\.1\) is a loopback address/],
    ['0.0.0.0:1883', /"this network"/],
    ['127.1:1883', /127\.0\.0\.1 is a loopback/],
    [
      'http://broker.example.com',
      /must be an mqtt:\/\/, mqtts:\/\/, ws:\/\/ or wss:\/\/ address \(got http:\)/,
    ],
    ['file:///etc/passwd', /got file:/],
    ['gopher://broker.example.com', /got gopher:/],
  ])('refuses a forward to %s when it is written', async (host, problem) => {
    const id = await device();
    const res = await putForward(id, host);
    expect(res.statusCode, res.body).toBe(400);
    const message = res.json<{ message: string }>().message;
    expect(message).toMatch(/^body\.mqttForward\.host /);
    expect(message).toMatch(problem);
    const created = await as('managerA', 'POST', '/api/v2/device', {
      name: 'Forward to the inside',
      mqttForward: { host, topic: 'out' },
    });
    expect(created.statusCode).toBe(400);
    expect((await as('managerA', 'GET', `/api/v2/device/${id}`)).json()).toMatchObject({
      mqttForward: null,
    });
  });

  it('never connects to a loopback target stored before the rules, nor to a name that resolves to one', async () => {
    // A forward stored before the address rules existed is refused as it stands.
    const stored = await device();
    await db()
      .updateTable('devices')
      .set({ mqtt_forward: json({ host: `127.0.0.1:${localPort}`, topic: 'out' }) })
      .where('id', '=', stored)
      .execute();
    await publish(stored, { a: 1 });
    expect(await status(stored)).toMatchObject({
      state: 'refused',
      error: expect.stringMatching(/127\.0\.0\.1 is a loopback address/) as unknown,
    });

    // A name tells nothing by itself: it is taken, and refused once it resolves to this machine.
    const rebinding = 'rebind.nordlys.test';
    const lookup = dns.lookup;
    vi.spyOn(dns, 'lookup').mockImplementation(((
      hostname: string,
      options: dns.LookupAllOptions,
      callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
    ) => {
      if (hostname !== rebinding) return lookup(hostname, options, callback);
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    }) as typeof dns.lookup);
    const named = await device();
    expect((await putForward(named, `${rebinding}:${localPort}`)).statusCode).toBe(200);
    await publish(named, { a: 1 });
    const refused = await eventually(async () => {
      const now = await status(named);
      return now.state === 'refused' ? now : undefined;
    });
    expect(refused.error).toMatch(
      /rebind\.nordlys\.test is refused: 127\.0\.0\.1 is a loopback address/,
    );
    expect(connections).toBe(0);
  });
});
