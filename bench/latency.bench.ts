import { spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { chromium } from 'playwright-core';
import { io } from 'socket.io-client';
import { LIVE_PATH } from '../contracts/live.ts';
import { dataTopic } from '../server/ingest/topics.ts';
import { forEachSetup, percentile, sleep, startServer, type Setup } from './setup.ts';
import { printTable } from './table.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium.ts';

// Live feed latency: publish → `points` event received, for a probe device
// published over MQTT (QoS 1) while 20 other devices publish 1,000 msg/s in
// the background (the simulator CLI, `npm run simulate`, in a process of its
// own). Measured by a socket.io client in Node and by a page in
// Chromium, both subscribed to the probe as the organisation's user. The
// probe's payload carries `ts` = Date.now() at publish, which becomes the
// point's time; receivers take Date.now() (the page: performance.timeOrigin
// + performance.now()) at arrival. Same machine, so the clocks agree.
const BACKGROUND_RATE = 1000;
const BACKGROUND_DEVICES = 20;
const PROBES = Number(process.env.BENCH_PROBES ?? 300);
const PROBE_EVERY_MS = 50;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 120) * 1000;
const CLIENT_BUNDLE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../node_modules/socket.io-client/dist/socket.io.min.js',
);

const page = (origin: string, token: string, deviceId: number) => `<!doctype html>
<meta charset="utf-8"><title>latency</title>
<script src="/socket.io.min.js"></script>
<script>
  window.samples = [];
  window.subscribed = false;
  const socket = io(${JSON.stringify(origin)}, {
    path: ${JSON.stringify(LIVE_PATH)},
    transports: ['websocket'],
    auth: { token: ${JSON.stringify(token)} },
  });
  socket.on('points', (batch) => {
    const now = performance.timeOrigin + performance.now();
    for (const p of batch.points) if (p.key === 'probe') window.samples.push(now - Date.parse(p.time));
  });
  socket.on('connect', () =>
    socket.emit('subscribe', { deviceIds: [${deviceId}] }, (ack) => { window.subscribed = ack.ok; }),
  );
</script>`;

/** Serves the page and socket.io's browser client from another port of this machine. */
async function servePage(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const client = await fs.readFile(CLIENT_BUNDLE);
  const server = http.createServer((req, res) => {
    if (req.url === '/socket.io.min.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(client);
    } else res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const summary = (samples: number[]) => {
  const sorted = samples.slice().sort((a, b) => a - b);
  return {
    samples: sorted.length,
    'p50 ms': percentile(sorted, 50).toFixed(1),
    'p99 ms': percentile(sorted, 99).toFixed(1),
    'max ms': (sorted.at(-1) ?? NaN).toFixed(1),
  };
};

/**
 * `npm run simulate` as the background devices until stopped; `stop` gives the
 * acknowledged rate from its summary.
 */
function startBackgroundLoad(mqttUrl: string, token: string, registryId: number, ids: number[]) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(path.dirname(fileURLToPath(import.meta.url)), '../scripts/simulate.ts'),
      ...['--url', mqttUrl, '--registry', String(registryId), '--token', token],
      ...['--device-ids', ids.join(','), '--devices', String(ids.length)],
      ...['--rate', String(BACKGROUND_RATE), '--qos', '1'],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async stop(): Promise<number> {
      child.kill('SIGINT');
      await exited;
      const rate = /rate\s+(\d+) msg\/s acknowledged/.exec(output)?.[1];
      if (rate === undefined) throw new Error(`the simulator printed no rate:\n${output}`);
      return Number(rate);
    },
  };
}

async function run(setup: Setup): Promise<Record<string, string | number>[]> {
  const server = await startServer(setup, { listen: true });
  const [probe] = await server.addDevices(1, 'probe');
  if (probe === undefined) throw new Error('no probe device');
  const background = await server.addDevices(BACKGROUND_DEVICES, 'load');

  // When ingest announces the commit, in the server's process: the part before the live feed.
  const commitSamples: number[] = [];
  server.app.dataEvents.on('points', (batch) => {
    if (batch.deviceId !== probe) return;
    const now = Date.now();
    for (const p of batch.points)
      if (p.key === 'probe') commitSamples.push(now - Date.parse(p.time));
  });

  // The Node client.
  const nodeSamples: number[] = [];
  const socket = io(server.origin, {
    path: LIVE_PATH,
    transports: ['websocket'],
    auth: { token: server.userSession },
  });
  socket.on('points', (batch: { points: { key: string; time: string }[] }) => {
    const now = Date.now();
    for (const p of batch.points) if (p.key === 'probe') nodeSamples.push(now - Date.parse(p.time));
  });
  const ack = (await socket.timeout(10_000).emitWithAck('subscribe', { deviceIds: [probe] })) as {
    ok: boolean;
    subscribed?: number[];
  };
  if (!ack.ok || !ack.subscribed?.includes(probe)) throw new Error('could not subscribe');

  // The browser.
  const served = await servePage(page(server.origin, server.userSession, probe));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const tab = await browser.newPage();
  await tab.goto(served.url);
  await tab.waitForFunction(
    () => (globalThis as unknown as { subscribed: boolean }).subscribed,
    null,
    {
      timeout: 30_000,
    },
  );

  // The background load (the simulator CLI in its own process), then the probe.
  const load = startBackgroundLoad(
    server.mqttUrl,
    server.registryToken,
    server.registryId,
    background,
  );
  await sleep(2000);
  const probeClient = await mqtt.connectAsync(server.mqttUrl, {
    clientId: `${probe}-probe`,
    username: String(probe),
    password: server.registryToken,
    reconnectPeriod: 0,
  });
  const began = Date.now();
  let lastTs = 0;
  for (let i = 0; i < PROBES && Date.now() - began < TIMEOUT_MS; i++) {
    const ts = Math.max(Date.now(), lastTs + 1);
    lastTs = ts;
    void probeClient
      .publishAsync(dataTopic(server.registryId, probe), JSON.stringify({ probe: i, ts }), {
        qos: 1,
      })
      .catch(() => undefined);
    await sleep(PROBE_EVERY_MS);
  }
  // The last probes' points arrive within a moment.
  await sleep(1000);
  const browserSamples = await tab.evaluate(
    () => (globalThis as unknown as { samples: number[] }).samples,
  );
  const backgroundRate = await load.stop();

  await probeClient.endAsync(true);
  socket.close();
  await browser.close();
  await served.close();
  await server.close();
  const common = { setup: setup.label, 'background msg/s': backgroundRate, probes: PROBES };
  return [
    { ...common, receiver: 'commit announced (server)', ...summary(commitSamples) },
    { ...common, receiver: 'socket.io client (Node)', ...summary(nodeSamples) },
    { ...common, receiver: 'Chromium page', ...summary(browserSamples) },
  ];
}

const results: Record<string, string | number>[] = [];
try {
  await forEachSetup(async (setup) => {
    const rows = await run(setup);
    results.push(...rows);
    return rows;
  });
} finally {
  process.stdout.write(
    `Live feed latency: MQTT publish (QoS 1) of a probe every ${PROBE_EVERY_MS} ms → its point in a \`points\` event, with ${BACKGROUND_DEVICES} other devices publishing ${BACKGROUND_RATE} msg/s\n`,
  );
  printTable(results);
}
process.exit(0);
