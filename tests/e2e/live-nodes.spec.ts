import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  createScratchDatabase,
  startServerNode,
  type ScratchDatabase,
  type ServerNode,
} from '../helpers/server-node.ts';
import { acceptCookies, demo, signIn } from './helpers.ts';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const NODES_PASSWORD = 'e2e-nodes-password';

test.skip(
  !databaseUrl || !redisUrl,
  'Needs DATABASE_URL and REDIS_URL: two API nodes share one PostgreSQL and fan the live feed out through Redis',
);

/**
 * The socket.io packets the page exchanged on the live feed (`/api/live`):
 * it starts on long polling, where packets are joined by a record separator,
 * and moves to a WebSocket, so both are recorded.
 */
function recordLiveFeed(page: Page) {
  const sent: string[] = [];
  const received: string[] = [];
  const packets = (text: string) => text.split('\x1e');
  const isLive = (url: string) => new URL(url).pathname.startsWith('/api/live/');
  page.on('websocket', (socket) => {
    if (!isLive(socket.url())) return;
    socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string') sent.push(...packets(payload));
    });
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') received.push(...packets(payload));
    });
  });
  page.on('request', (request) => {
    const body = request.postData();
    if (isLive(request.url()) && request.method() === 'POST' && body) sent.push(...packets(body));
  });
  page.on('response', (response) => {
    if (!isLive(response.url()) || response.request().method() !== 'GET') return;
    response.text().then(
      (text) => received.push(...packets(text)),
      () => undefined,
    );
  });

  /** The page's `subscribe` and `unsubscribe` requests (socket.io EVENT `42{ack id}[…]`) for the device. */
  const requestsFor = (deviceId: number) =>
    sent.flatMap((packet) => {
      const match = /^42(\d+)(\[.*\])$/.exec(packet);
      if (!match?.[1] || !match[2]) return [];
      const [event, body] = JSON.parse(match[2]) as [
        unknown,
        { deviceIds?: unknown; keys?: unknown },
      ];
      if (event !== 'subscribe' && event !== 'unsubscribe') return [];
      if (!Array.isArray(body.deviceIds) || !body.deviceIds.includes(deviceId)) return [];
      return [{ event, id: match[1], keys: Array.isArray(body.keys) ? body.keys : [] }];
    });
  const answered = (id: string) => received.some((packet) => packet.startsWith(`43${id}[`));

  return {
    /**
     * The page's latest request for the device subscribed `key`, and the
     * node has answered every request the page sent for it.
     */
    following(deviceId: number, key: string): boolean {
      const requests = requestsFor(deviceId);
      const latest = requests.at(-1);
      return (
        latest?.event === 'subscribe' &&
        latest.keys.includes(key) &&
        requests.every((r) => answered(r.id))
      );
    },
    /** Whether a `points` event for the device carried `value`. */
    delivered(deviceId: number, value: number): boolean {
      return received.some(
        (packet) =>
          packet.startsWith('42["points"') &&
          packet.includes(`"deviceId":${deviceId}`) &&
          packet.includes(`"value":${value}`),
      );
    },
  };
}

// Two API nodes of one deployment, apart from the suite's embedded server:
// the same scratch PostgreSQL database and Redis, their own data directory
// and ports, each serving the console built into dist/web.
let dataDir: string;
let scratch: ScratchDatabase | undefined;
const nodes: ServerNode[] = [];

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-e2e-nodes-'));
  scratch = await createScratchDatabase(databaseUrl ?? '');
  const run = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const env = (name: string) => ({
    DATA_DIR: path.join(dataDir, name),
    DATABASE_URL: scratch?.url ?? '',
    REDIS_URL: redisUrl ?? '',
    // One live channel for both nodes, apart from other runs on the same Redis.
    REDIS_PREFIX: `nordlys-e2e-${run}`,
    // Each node has its own embedded broker; this test sends over HTTP.
    MQTT_URL: '',
    DEMO: '1',
    DEMO_PASSWORD: NODES_PASSWORD,
    // No history: the chart starts empty, so a point on it is the one sent now.
    DEMO_HISTORY_DAYS: '0',
    SIMULATE: '0',
  });
  // One after the other: the first migrates and seeds the demo world, the second finds it.
  nodes.push(await startServerNode(env('a'), 90_000));
  nodes.push(await startServerNode(env('b'), 90_000));
});

test.afterAll(async () => {
  for (const node of nodes) await node.stop();
  await scratch?.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

test('a point ingested on node B appears on the chart open on node A without a reload', async ({
  page,
  request,
}) => {
  const [a, b] = nodes;
  if (!a || !b) throw new Error('the nodes did not start');

  // Node A serves the console itself (server/plugins/web.ts), not only the API.
  const index = await request.get(`${a.url}/login`, { headers: { accept: 'text/html' } });
  expect(index.ok()).toBe(true);
  expect(index.headers()['content-type']).toContain('text/html');

  // The super user reaches the demo's HTTP registry (Aarhus); a device token of
  // one of its devices sends the point, as the device would.
  const signedIn = await request.post(`${a.url}/api/auth/basic`, {
    data: { username: demo.super, password: NODES_PASSWORD },
  });
  expect(signedIn.ok()).toBe(true);
  const headers = {
    authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}`,
  };
  const registries = (await (
    await request.get(`${a.url}/api/v2/registries?pageSize=100`, { headers })
  ).json()) as { items: { id: number; protocol: string }[] };
  const http = registries.items.find((r) => r.protocol === 'http');
  if (!http) throw new Error('the demo world has no HTTP registry');
  const devices = (await (
    await request.get(`${a.url}/api/v2/devices?pageSize=1&sort=name&registryId=${http.id}`, {
      headers,
    })
  ).json()) as { items: { id: number; registry: { id: number } | null }[] };
  const device = devices.items[0];
  if (!device?.registry) throw new Error('the demo world has no device in its HTTP registry');
  const made = await request.post(`${a.url}/api/generateToken`, {
    headers,
    data: { label: 'e2e live nodes', type: 'device', reference: device.id },
  });
  expect(made.status()).toBe(201);
  const deviceToken = ((await made.json()) as { token: string }).token;

  // In the browser, on node A: the device's temperature over the last five minutes.
  const liveFeed = recordLiveFeed(page);
  await page.goto(`${a.url}/login`);
  await signIn(page, demo.super, NODES_PASSWORD);
  await acceptCookies(page);
  await page.goto(`${a.url}/sensor/${device.id}/data?period=8`);
  const chart = page.getByRole('region', { name: 'Temperatur (°C)' });
  // The console follows only the charts on screen: this one is below the other keys.
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.getByText(/Ingen data i denne periode endnu/)).toBeVisible();
  await expect(page.getByRole('status', { name: /Live-data: Live/ })).toBeVisible();
  // Node A has answered the page's subscription to the device's temperature.
  await expect.poll(() => liveFeed.following(device.id, 'temperature')).toBe(true);
  await page.evaluate(() => {
    (window as Window & { nodesMarker?: boolean }).nodesMarker = true;
  });

  // Node B takes the point over HTTP ingest and commits it to the shared database.
  const ingested = await request.post(`${b.url}/api/v1/ingest/${device.registry.id}/${device.id}`, {
    headers: { authorization: `Bearer ${deviceToken}` },
    data: { temperature: 21.5, time: new Date().toISOString() },
  });
  expect(ingested.status()).toBe(200);

  // Node A's page shows it: it came through Redis on the live feed, not from a reload.
  await expect(chart.getByRole('img', { name: /Temperatur \(°C\): 1 · 21,500/ })).toBeVisible();
  expect(liveFeed.delivered(device.id, 21.5)).toBe(true);
  expect(
    await page.evaluate(() => (window as Window & { nodesMarker?: boolean }).nodesMarker),
  ).toBe(true);
});
