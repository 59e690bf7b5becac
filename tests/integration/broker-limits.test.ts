import http from 'node:http';
import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BrokerAuth } from '../../server/broker/broker.ts';
import {
  MQTT_WEBSOCKET_PATH,
  startEmbeddedBroker,
  type EmbeddedBroker,
  type EmbeddedBrokerOptions,
} from '../../server/broker/embedded-broker.ts';
import { MAX_PACKET_BYTES } from '../../server/ingest/limits.ts';
import { denyAllClients } from '../helpers/deny-all-clients.ts';

const MiB = 1024 * 1024;
/** What an attacker streams per connection, at most: the test stops there. */
const STREAM_LIMIT = 32 * MiB;
const CHUNK = Buffer.alloc(64 * 1024);

/** An MQTT fixed header: packet type byte, then the remaining length as a varint. */
function fixedHeader(typeByte: number, remainingLength: number): Buffer {
  const bytes = [typeByte];
  let rest = remainingLength;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Buffer.from(bytes);
}

const CONNECT = 0x10;
const hugeConnect = () => fixedHeader(CONNECT, 250 * MiB);

interface Outcome {
  /** Bytes the client got written before the server closed the connection. */
  sent: number;
  /** Whether the server closed the connection (waits a moment for it). */
  closed: () => Promise<boolean>;
  /** Ends the connection from the client's side (after the memory was read). */
  end: () => void;
}

/** Streams a CONNECT announcing 250 MiB over TCP until the server closes or STREAM_LIMIT is sent. */
function attackTcp(port: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let sent = 0;
    let closed = false;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
    });
    const pump = async () => {
      socket.write(hugeConnect());
      while (!closed && sent < STREAM_LIMIT) {
        const ok = await new Promise<boolean>((done) =>
          socket.write(CHUNK, (error) => done(!error)),
        );
        if (!ok) break;
        sent += CHUNK.length;
      }
      resolve({ sent, closed: () => waitFor(() => closed, 3_000), end: () => socket.destroy() });
    };
    socket.once('connect', () => void pump());
  });
}

/** The same over MQTT-over-WebSocket, one WebSocket message per chunk. */
function attackWebSocket(port: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${MQTT_WEBSOCKET_PATH}`, 'mqtt');
    let sent = 0;
    let closed = false;
    ws.on('error', () => undefined);
    ws.on('close', () => {
      closed = true;
    });
    const pump = async () => {
      ws.send(hugeConnect());
      while (!closed && sent < STREAM_LIMIT) {
        const ok = await new Promise<boolean>((done) => ws.send(CHUNK, (error) => done(!error)));
        if (!ok) break;
        sent += CHUNK.length;
      }
      resolve({ sent, closed: () => waitFor(() => closed, 3_000), end: () => ws.terminate() });
    };
    ws.once('open', () => void pump());
  });
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
}

/** A raw TCP connection that says nothing, from a chosen loopback address. */
function openSilent(port: number, localAddress = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let closed = false;
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, connected, isClosed: () => closed };
}

// A full collection before each reading, so garbage of the test's own clients does not count.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const memory = () => {
  collectGarbage();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, buffers: usage.arrayBuffers };
};

describe('embedded broker limits', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function start(options: Partial<EmbeddedBrokerOptions> = {}): Promise<EmbeddedBroker> {
    const broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      auth: denyAllClients,
      ...options,
    });
    closers.push(() => broker.close());
    return broker;
  }

  /** An HTTP server that hands /mqtt upgrades to the broker, as the app does. */
  async function webSocketPort(broker: EmbeddedBroker): Promise<number> {
    const server = http.createServer();
    server.on('upgrade', (request, socket, head) => {
      if (!broker.handleUpgrade?.(request, socket, head)) socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  it('closes connections announcing a 250 MiB CONNECT after a few bytes, on TCP and /mqtt, and its memory stays flat', async () => {
    const broker = await start();
    const wsPort = await webSocketPort(broker);
    const before = memory();
    const outcomes = await Promise.all([
      ...Array.from({ length: 4 }, () => attackTcp(broker.port)),
      ...Array.from({ length: 4 }, () => attackWebSocket(wsPort)),
    ]);
    // Read at once, while a connection the server did not close still holds what it buffered.
    const after = memory();
    const closed = await Promise.all(outcomes.map((outcome) => outcome.closed()));
    for (const outcome of outcomes) outcome.end();
    const growth = {
      heapMiB: (after.heap - before.heap) / MiB,
      arrayBuffersMiB: (after.buffers - before.buffers) / MiB,
    };
    process.stdout.write(
      `8 connections announcing 250 MiB CONNECTs: bytes each got written before the close ` +
        `${outcomes.map((o) => o.sent).join(', ')}; growth during the attack: heap ` +
        `${growth.heapMiB.toFixed(1)} MiB, array buffers ${growth.arrayBuffersMiB.toFixed(1)} MiB\n`,
    );
    expect(closed).toEqual(outcomes.map(() => true));
    for (const outcome of outcomes) {
      // Whatever loopback's kernel buffers took before the close; far below what was announced.
      expect(outcome.sent).toBeLessThan(8 * MiB);
    }
    // Without the gate the parser would hold every byte sent: 8 × 32 MiB.
    expect(growth.arrayBuffersMiB).toBeLessThan(32);
  });

  it('refuses a packet larger than the payload limit from a signed-in client, and takes one at the limit', async () => {
    const auth: BrokerAuth = {
      authenticate: async (username) => (username === 'd1' ? { id: 'd1', kind: 'device' } : null),
      canPublish: (_principal, topic) => topic === 'devices/d1/data',
      canSubscribe: () => false,
    };
    const broker = await start({ auth });
    const seen: number[] = [];
    await broker.subscribe('devices/#', (_topic, payload) => {
      seen.push(payload.length);
    });
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      username: 'd1',
      password: 'x',
      reconnectPeriod: 0,
    });
    closers.push(() => client.endAsync(true));
    await client.publishAsync('devices/d1/data', Buffer.alloc(MAX_PACKET_BYTES), { qos: 1 });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    void client
      .publishAsync('devices/d1/data', Buffer.alloc(MAX_PACKET_BYTES + 1), { qos: 1 })
      .catch(() => undefined);
    await closed;
    expect(seen).toEqual([MAX_PACKET_BYTES]);
  });

  it('closes a packet announced beyond the limit after sign-in before it arrives', async () => {
    const auth: BrokerAuth = {
      authenticate: async () => ({ id: 'd1', kind: 'device' }),
      canPublish: () => true,
      canSubscribe: () => false,
    };
    const broker = await start({ auth });
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      username: 'd1',
      password: 'x',
      reconnectPeriod: 0,
    });
    closers.push(() => client.endAsync(true));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    // A PUBLISH header announcing 32 MiB, and nothing after it: only the header can tell.
    const stream = (client as unknown as { stream: net.Socket }).stream;
    stream.write(fixedHeader(0x30, 32 * MiB));
    await closed;
  });

  it('counts connections that have not signed in, per address and in all', async () => {
    const auth: BrokerAuth = {
      authenticate: async () => ({ id: 'd1', kind: 'device' }),
      canPublish: () => false,
      canSubscribe: () => false,
    };
    const broker = await start({ auth, limits: { maxPending: 5, maxPendingPerAddress: 3 } });
    const opened: ReturnType<typeof openSilent>[] = [];
    closers.push(async () => {
      for (const connection of opened) connection.socket.destroy();
    });
    const open = async (address: string) => {
      const connection = openSilent(broker.port, address);
      opened.push(connection);
      await connection.connected;
      return connection;
    };
    const first = [await open('127.0.0.1'), await open('127.0.0.1'), await open('127.0.0.1')];
    expect(await waitFor(() => broker.pendingConnections() === 3, 5_000)).toBe(true);

    const fourth = await open('127.0.0.1');
    expect(await waitFor(fourth.isClosed, 5_000)).toBe(true);

    await open('127.0.0.2');
    await open('127.0.0.2');
    expect(await waitFor(() => broker.pendingConnections() === 5, 5_000)).toBe(true);
    const overTotal = await open('127.0.0.3');
    expect(await waitFor(overTotal.isClosed, 5_000)).toBe(true);

    // A connection that closes no longer counts, and one that signs in neither.
    first[0]?.socket.destroy();
    expect(await waitFor(() => broker.pendingConnections() === 4, 5_000)).toBe(true);
    const signedIn = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      username: 'd1',
      password: 'x',
      reconnectPeriod: 0,
    });
    closers.push(() => signedIn.endAsync(true));
    expect(broker.pendingConnections()).toBe(4);
    expect(first[1]?.isClosed()).toBe(false);
  });

  it('closes a connection whose CONNECT does not arrive whole in time', async () => {
    const broker = await start({ limits: { connectTimeoutMs: 300 } });
    const connection = openSilent(broker.port);
    await connection.connected;
    const started = Date.now();
    // A CONNECT announcing 100 bytes, of which 10 ever arrive.
    connection.socket.write(Buffer.concat([fixedHeader(CONNECT, 100), Buffer.alloc(10)]));
    expect(await waitFor(connection.isClosed, 10_000)).toBe(true);
    process.stdout.write(
      `an unfinished CONNECT was closed after ${Date.now() - started} ms (timeout 300 ms)\n`,
    );
    expect(broker.pendingConnections()).toBe(0);
  });
});
