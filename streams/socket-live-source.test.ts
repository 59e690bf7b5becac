import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { connectLiveSource, rejoinDelay, type SocketLiveSource } from './socket-live-source.ts';
import type { LiveBatch, LiveDeviceStatus, TransportEvent } from './types.ts';

// A socket.io server that speaks the live feed's protocol (docs/live.md) just
// far enough to check the adapter: sign-in by token, subscribe with an ack
// that refuses device 666, rooms per device.
async function startServer() {
  const http = createServer();
  const io = new Server(http, { path: '/api/live' });
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth['token'];
    if (token === 'good') next();
    else next(Object.assign(new Error('Sign in to continue'), { data: { statusCode: 401 } }));
  });
  const requests: unknown[] = [];
  io.on('connection', (socket) => {
    socket.on(
      'subscribe',
      (request: { deviceIds?: number[]; keys?: string[]; org?: boolean }, ack) => {
        requests.push(request);
        const ids = request.deviceIds ?? [];
        // An answer of another shape than the protocol's.
        if (ids.includes(999)) return ack({ ok: true });
        const refused = ids.filter((id) => id === 666);
        const subscribed = ids.filter((id) => id !== 666);
        for (const id of subscribed) void socket.join(`d:${id}`);
        if (request.org) void socket.join('org');
        ack({ ok: true, subscribed, refused, org: request.org === true });
      },
    );
    socket.on('unsubscribe', (request: { deviceIds?: number[]; org?: boolean }, ack) => {
      requests.push(request.org ? { unsubscribeOrg: true } : { unsubscribe: request.deviceIds });
      for (const id of request.deviceIds ?? []) void socket.leave(`d:${id}`);
      if (request.org) void socket.leave('org');
      ack({ ok: true, unsubscribed: request.deviceIds ?? [] });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return { io, url, requests, close: () => io.close() };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('socketLiveSource after the server closed the feed', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let source: SocketLiveSource | undefined;
  afterEach(async () => {
    source?.close();
    await server?.close();
  });

  it('comes back by itself when the server closed its socket (as a stopping server does)', async () => {
    server = await startServer();
    const events: TransportEvent['type'][] = [];
    source = connectLiveSource({ url: server.url, token: () => 'good' });
    source.onTransport((event) => events.push(event.type));
    await until(() => events.includes('connected'));
    server.io.disconnectSockets();
    await until(() => events.filter((e) => e === 'connected').length === 2);
    expect(events).toEqual(['connected', 'disconnected', 'connected']);
  });

  it('stays away once the server said the session ended', async () => {
    server = await startServer();
    const events: TransportEvent['type'][] = [];
    let ended = 0;
    source = connectLiveSource({
      url: server.url,
      token: () => 'good',
      onSessionEnded: () => (ended += 1),
    });
    source.onTransport((event) => events.push(event.type));
    await until(() => events.includes('connected'));
    for (const socket of await server.io.fetchSockets()) socket.emit('session.ended', {});
    await until(() => ended === 1);
    server.io.disconnectSockets();
    await until(() => events.includes('disconnected'));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(events).toEqual(['connected', 'disconnected']);
  });

  it('waits longer after each try, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(rejoinDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('socketLiveSource', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let source: SocketLiveSource | undefined;
  afterEach(async () => {
    source?.close();
    await server?.close();
  });

  it('subscribes, receives points and status, and reports the transport', async () => {
    server = await startServer();
    source = connectLiveSource({ url: server.url, token: () => 'good' });
    const events: TransportEvent['type'][] = [];
    source.onTransport((event) => events.push(event.type));
    await until(() => source?.isConnected() === true);
    expect(events).toEqual(['connected']);

    expect(await source.subscribe(12, ['temperature', 'humidity'])).toBe('subscribed');
    expect(await source.subscribe(666, ['temperature'])).toBe('refused');
    expect(server.requests).toEqual([
      { deviceIds: [12], keys: ['temperature', 'humidity'] },
      { deviceIds: [666], keys: ['temperature'] },
    ]);

    const batches: LiveBatch[] = [];
    const statuses: LiveDeviceStatus[] = [];
    source.onPoints((batch) => batches.push(batch));
    source.onStatus((status) => statuses.push(status));
    server.io.to('d:12').emit('points', {
      deviceId: 12,
      points: [
        { key: 'temperature', time: '2024-03-31T00:00:00.000Z', value: 21.5, textValue: null },
        { key: 'label', time: '2024-03-31T00:00:00.000Z', value: null, textValue: 'open' },
      ],
    });
    server.io.to('d:12').emit('status', {
      deviceId: 12,
      status: 'green',
      lastDataAt: '2024-03-31T00:00:00.000Z',
      lastConnectionAt: null,
    });
    await until(() => batches.length > 0 && statuses.length > 0);
    expect(batches).toEqual([
      { deviceId: 12, points: [{ key: 'temperature', time: Date.UTC(2024, 2, 31), value: 21.5 }] },
    ]);
    expect(statuses).toEqual([
      { deviceId: 12, status: 'green', lastDataAt: Date.UTC(2024, 2, 31), lastConnectionAt: null },
    ]);

    source.unsubscribe(12);
    await until(() => server?.requests.length === 3);
    expect(server.requests[2]).toEqual({ unsubscribe: [12] });

    // A dropped transport, not a kick: the client reconnects by itself.
    for (const socket of server.io.sockets.sockets.values()) socket.conn.close();
    await until(() => events.length === 2);
    expect(events[1]).toBe('disconnected');
  });

  it('follows the status of every visible device while someone listens, again after a reconnect', async () => {
    server = await startServer();
    const live = connectLiveSource({ url: server.url, token: () => 'good' });
    source = live;
    await until(() => live.isConnected());
    const seen: LiveDeviceStatus[] = [];
    let followed = 0;
    const stop = live.followOrgStatus(
      (status) => seen.push(status),
      () => followed++,
    );
    await until(() => server?.requests.some((r) => JSON.stringify(r) === '{"org":true}') ?? false);
    // Told once the server confirmed it: what was read before may be stale.
    await until(() => followed === 1);
    // The subscription's join has happened once the server acknowledged it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.io.to('org').emit('status', {
      deviceId: 7,
      status: 'red',
      lastDataAt: null,
      lastConnectionAt: '2026-11-22T08:00:00.000Z',
    });
    await until(() => seen.length === 1);
    expect(seen[0]).toEqual({
      deviceId: 7,
      status: 'red',
      lastDataAt: null,
      lastConnectionAt: Date.parse('2026-11-22T08:00:00.000Z'),
    });

    // A new connection (the server restarted, say) follows the feed again.
    const before = server.requests.length;
    // A dropped transport, not a kick: the client reconnects by itself.
    for (const socket of server.io.sockets.sockets.values()) socket.conn.close();
    await until(
      () =>
        server?.requests.slice(before).some((r) => JSON.stringify(r) === '{"org":true}') ?? false,
    );
    // And told again: changes made while it was away were not heard.
    await until(() => followed === 2);

    stop();
    await until(
      () => server?.requests.some((r) => JSON.stringify(r) === '{"unsubscribeOrg":true}') ?? false,
    );
    expect(seen).toHaveLength(1);
  });

  it('rejects a subscription whose answer does not match the protocol', async () => {
    server = await startServer();
    const live = connectLiveSource({ url: server.url, token: () => 'good' });
    source = live;
    await until(() => live.isConnected());
    await expect(live.subscribe(999, ['temperature'])).rejects.toThrow(
      'Unexpected answer from the live feed',
    );
    expect(await live.subscribe(12, ['temperature'])).toBe('subscribed');
  });

  it('reports a refused sign-in as a disconnection it will not retry', async () => {
    server = await startServer();
    source = connectLiveSource({ url: server.url, token: () => 'expired' });
    const events: TransportEvent[] = [];
    source.onTransport((event) => events.push(event));
    await until(() => events.length > 0);
    expect(events[0]).toEqual({ type: 'disconnected', retrying: false });
    expect(source.isConnected()).toBe(false);
  });
});
