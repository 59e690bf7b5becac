import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectPoints,
  connectLive,
  emitWithAck,
  type SubscribeAck,
} from '../helpers/live-client.ts';
import {
  createScratchDatabase,
  startServerNode,
  type ScratchDatabase,
  type ServerNode,
} from '../helpers/server-node.ts';
import { usesServices } from '../helpers/test-app.ts';

const DEMO_PASSWORD = 'live-nodes-test-1';
const redisUrl = process.env.REDIS_URL;
const databaseUrl = process.env.DATABASE_URL;

/**
 * Several API nodes behind one PostgreSQL and one Redis: a browser connected
 * to node A receives points that ingest committed on node B, through the
 * Redis adapter of the live feed.
 */
describe.runIf(usesServices && redisUrl && databaseUrl)('live feed across API nodes', () => {
  let dataDir: string;
  let scratch: ScratchDatabase;
  const nodes: ServerNode[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-live-nodes-'));
    scratch = await createScratchDatabase(databaseUrl ?? '');
    const env = (name: string) => ({
      DATA_DIR: path.join(dataDir, name),
      DATABASE_URL: scratch.url,
      REDIS_URL: redisUrl ?? '',
      // Both nodes on one live channel, apart from other runs on the same Redis.
      REDIS_PREFIX: `nordlys-live-nodes-${process.pid}`,
      // Each node is its own ingest session on the broker; the group is shared.
      MQTT_CLIENT_ID: `nordlys-live-nodes-${name}-${process.pid}`,
      MQTT_SHARE_GROUP: `nordlys-live-nodes-${process.pid}`,
      SIMULATE: '0',
      DEMO_PASSWORD,
      DEMO_HISTORY_DAYS: '0',
      ...(process.env.MQTT_URL ? { MQTT_URL: process.env.MQTT_URL } : {}),
    });
    // One after the other, so the first seeds the demo world and the second finds it.
    nodes.push(await startServerNode(env('a')));
    nodes.push(await startServerNode(env('b')));
  }, 120_000);

  afterAll(async () => {
    for (const node of nodes) await node.stop();
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('sends points ingested on node B to a client connected to node A', async () => {
    const [a, b] = nodes;
    if (!a || !b) throw new Error('nodes did not start');
    const api = (node: ServerNode, url: string, init: RequestInit = {}, token?: string) =>
      fetch(`${node.url}${url}`, {
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

    const socket = await connectLive(a.url, { token });
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
      await expect(connectLive(node.url)).rejects.toThrow('Sign in to continue');
    }
  });
});
