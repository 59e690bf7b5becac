import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { connectLiveFeed, type LiveFeed } from './live-feed.ts';
import type { MessageFeedState } from './socket-message-source.ts';
import type { InvalidPayload } from './wire-check.ts';

// A socket.io server with the live feed's sign-in by token and the two
// subscriptions the feed's parts make: status changes and a message log.
async function startServer() {
  const http = createServer();
  const io = new Server(http, { path: '/api/live' });
  io.use((socket, next) => {
    if (socket.handshake.auth['token'] === 'good') next();
    else next(new Error('Sign in to continue'));
  });
  const connections = { opened: 0, closed: 0 };
  io.on('connection', (socket) => {
    connections.opened += 1;
    socket.on('disconnect', () => (connections.closed += 1));
    socket.on('subscribe', (request: { org?: boolean }, ack) => {
      if (request.org) void socket.join('org');
      ack({ ok: true, subscribed: [], refused: [], org: request.org === true });
    });
    socket.on('messages.subscribe', (request: { deviceIds: number[] }, ack) => {
      for (const id of request.deviceIds) void socket.join(`d:${id}:m`);
      ack({ ok: true, subscribed: request.deviceIds, refused: [] });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return { io, url, connections, close: () => io.close() };
}

/** Waits up to 5 s for `check`; the tests need far less, this only bounds a failure. */
const until = async (check: () => boolean) => {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('connectLiveFeed', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let feed: LiveFeed | undefined;
  afterEach(async () => {
    feed?.close();
    await server?.close();
  });

  it('carries status changes and a message log over one socket, and close ends it', async () => {
    server = await startServer();
    feed = connectLiveFeed({ url: server.url, token: () => 'good' });
    const statuses: number[] = [];
    let followed = false;
    feed.live.followOrgStatus(
      (change) => statuses.push(change.deviceId),
      () => (followed = true),
    );
    const states: MessageFeedState[] = [];
    const messages: number[] = [];
    feed.messages.follow(7, {
      onState: (state) => states.push(state),
      onMessage: (message) => messages.push(message.id),
    });
    await until(() => followed && states.includes('live'));
    expect(server.connections.opened).toBe(1);

    server.io.to('org').emit('status', {
      deviceId: 7,
      status: 'green',
      lastDataAt: null,
      lastConnectionAt: null,
    });
    server.io.to('d:7:m').emit('messages', {
      deviceId: 7,
      messages: [
        {
          id: 1,
          deviceId: 7,
          deviceName: 'Seven',
          registryId: null,
          registryName: null,
          receivedAt: '2024-06-01T12:00:00.000Z',
          topic: null,
          payload: '{}',
          encoding: 'utf8',
        },
      ],
    });
    await until(() => statuses.length === 1 && messages.length === 1);

    feed.close();
    await until(() => server?.connections.closed === 1);
    expect(feed.live.isConnected()).toBe(false);
    expect(server.connections.opened).toBe(1);
  });

  it('drops what does not match the protocol, counts it and reports each event once', async () => {
    server = await startServer();
    const reports: InvalidPayload[] = [];
    feed = connectLiveFeed({
      url: server.url,
      token: () => 'good',
      onInvalid: (report) => reports.push(report),
    });
    const statuses: string[] = [];
    let followed = false;
    feed.live.followOrgStatus(
      (change) => statuses.push(change.status),
      () => (followed = true),
    );
    const messages: number[] = [];
    feed.messages.follow(7, { onState: () => undefined, onMessage: (m) => messages.push(m.id) });
    await until(() => followed && (feed?.live.isConnected() ?? false));
    await new Promise((resolve) => setTimeout(resolve, 20));

    const status = { deviceId: 7, lastDataAt: null, lastConnectionAt: null };
    server.io.to('org').emit('status', { ...status, status: 'purple' });
    server.io.to('org').emit('status', { ...status, status: 'green', lastDataAt: 'today' });
    server.io.to('d:7:m').emit('messages', { deviceId: 7, messages: [{ id: 1 }] });
    server.io.to('org').emit('status', { ...status, status: 'red' });
    await until(() => statuses.length === 1);

    expect(statuses).toEqual(['red']);
    expect(messages).toEqual([]);
    expect(Object.fromEntries(feed.dropped())).toEqual({ status: 2, messages: 1 });
    expect(reports.map((report) => report.event)).toEqual(['status', 'messages']);
    expect(reports[0]?.problems.join()).toMatch(/\/status/);
  });
});
