import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import {
  collectPoints,
  connectLive,
  emitWithAck,
  type SubscribeAck,
} from '../helpers/live-client.ts';
import { createScratchDatabase, usesServices } from '../helpers/test-app.ts';

const DEMO_PASSWORD = 'live-nodes-test-1';
const redisUrl = process.env.REDIS_URL;
const databaseUrl = process.env.DATABASE_URL;

interface Node {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(await freePort()),
      DEMO_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`node exited early:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, port, output: () => output, exited };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`node did not become ready:\n${output}`);
}

/**
 * Several API nodes behind one PostgreSQL and one Redis: a browser connected
 * to node A receives points that ingest committed on node B, through the
 * Redis adapter of the live feed.
 */
describe.runIf(usesServices && redisUrl && databaseUrl)('live feed across API nodes', () => {
  let dataDir: string;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const nodes: Node[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-live-nodes-'));
    scratch = await createScratchDatabase(databaseUrl ?? '');
    const env = (name: string) => ({
      DATA_DIR: path.join(dataDir, name),
      DATABASE_URL: scratch.url,
      REDIS_URL: redisUrl ?? '',
      // Each node is its own ingest session on the broker; the group is shared.
      MQTT_CLIENT_ID: `nordlys-live-nodes-${name}-${process.pid}`,
      MQTT_SHARE_GROUP: `nordlys-live-nodes-${process.pid}`,
      SIMULATE: '0',
      DEMO_HISTORY_DAYS: '0',
      ...(process.env.MQTT_URL ? { MQTT_URL: process.env.MQTT_URL } : {}),
    });
    // One after the other, so the first seeds the demo world and the second finds it.
    nodes.push(await startNode(env('a')));
    nodes.push(await startNode(env('b')));
  }, 120_000);

  afterAll(async () => {
    for (const node of nodes) {
      node.child.kill('SIGTERM');
      await node.exited;
    }
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('sends points ingested on node B to a client connected to node A', async () => {
    const [a, b] = nodes;
    if (!a || !b) throw new Error('nodes did not start');
    const api = (node: Node, url: string, init: RequestInit = {}, token?: string) =>
      fetch(`http://127.0.0.1:${node.port}${url}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    const signIn = await api(a, '/api/auth/basic', {
      method: 'POST',
      body: JSON.stringify({ username: 'super@nordlys.example', password: DEMO_PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    // HTTP ingest takes devices of HTTP registries.
    const registries = (await (
      await api(a, '/api/v2/registries?pageSize=100', {}, token)
    ).json()) as {
      items: { id: number; protocol: string }[];
    };
    const http = registries.items.find((r) => r.protocol === 'http');
    if (!http) throw new Error('the demo world has no HTTP registry');
    const devices = (await (
      await api(a, `/api/v2/devices?pageSize=100&registryId=${http.id}`, {}, token)
    ).json()) as { items: { id: number; registry: { id: number } | null }[] };
    const device = devices.items[0];
    if (!device?.registry) throw new Error('the demo world has no device in the HTTP registry');
    const made = await api(
      a,
      '/api/generateToken',
      {
        method: 'POST',
        body: JSON.stringify({ label: 'live nodes', type: 'device', reference: device.id }),
      },
      token,
    );
    expect(made.status).toBe(201);
    const deviceToken = ((await made.json()) as { token: string }).token;

    const socket = await connectLive(`http://127.0.0.1:${a.port}`, { token });
    try {
      const ack = await emitWithAck<SubscribeAck>(socket, 'subscribe', {
        deviceIds: [device.id],
        keys: ['nodeCheck'],
      });
      expect(ack).toMatchObject({ ok: true, subscribed: [device.id] });
      const received = collectPoints(socket, device.id, 1);
      const time = new Date().toISOString();
      const ingested = await api(
        b,
        `/api/v1/ingest/${device.registry.id}/${device.id}`,
        { method: 'POST', body: JSON.stringify({ nodeCheck: 42, time }) },
        deviceToken,
      );
      expect(ingested.status).toBeLessThan(300);
      expect(await received).toEqual([
        { key: 'nodeCheck', time: new Date(time).toISOString(), value: 42, textValue: null },
      ]);
    } finally {
      socket.close();
    }
  });

  it('serves the live feed on both nodes', async () => {
    for (const node of nodes) {
      await expect(connectLive(`http://127.0.0.1:${node.port}`)).rejects.toThrow(
        'Sign in to continue',
      );
    }
  });
});
