import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../contracts/message.ts';
import type { LiveSocket } from './live-socket.ts';
import {
  socketMessageSource,
  type MessageFeedState,
  type MessageSource,
} from './socket-message-source.ts';

// A socket.io server that speaks the message log's part of the live feed
// (docs/live.md): `messages.subscribe` with an ack that refuses device 666.
async function startServer() {
  const http = createServer();
  const server = new Server(http, { path: '/api/live' });
  const requests: unknown[] = [];
  server.on('connection', (socket) => {
    socket.on('messages.subscribe', (request: { deviceIds: number[] }, ack) => {
      requests.push({ subscribe: request.deviceIds });
      const subscribed = request.deviceIds.filter((id) => id !== 666);
      for (const id of subscribed) void socket.join(`d:${id}:m`);
      ack({ ok: true, subscribed, refused: request.deviceIds.filter((id) => id === 666) });
    });
    socket.on('messages.unsubscribe', (request: { deviceIds: number[] }, ack) => {
      requests.push({ unsubscribe: request.deviceIds });
      for (const id of request.deviceIds) void socket.leave(`d:${id}:m`);
      ack({ ok: true, unsubscribed: request.deviceIds });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return { io: server, url, requests, close: () => server.close() };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

const message = (id: number, deviceId: number): Message => ({
  id,
  deviceId,
  deviceName: `Device ${deviceId}`,
  registryId: null,
  registryName: null,
  receivedAt: '2024-06-01T12:00:00.000Z',
  topic: null,
  payload: `{"n":${id}}`,
  encoding: 'utf8',
});

/** A follower that writes down what it is told. */
function recorder() {
  const states: MessageFeedState[] = [];
  const messages: number[] = [];
  return {
    states,
    messages,
    follower: {
      onState: (state: MessageFeedState) => states.push(state),
      onMessage: (m: Message) => messages.push(m.id),
    },
  };
}

describe('socketMessageSource', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let socket: LiveSocket | undefined;
  let source: MessageSource | undefined;
  afterEach(async () => {
    source?.close();
    socket?.disconnect();
    await server?.close();
  });

  const open = async () => {
    server = await startServer();
    socket = io(server.url, { path: '/api/live', reconnectionDelay: 10 });
    source = socketMessageSource(socket);
    return { server, source };
  };

  it("follows a device's log: live once acknowledged, its messages only, refusals said", async () => {
    const { server, source } = await open();
    const first = recorder();
    const stop = source.follow(12, first.follower);
    await until(() => first.states.at(-1) === 'live');
    expect(first.states).toEqual(['connecting', 'live']);
    server.io.to('d:12:m').emit('messages', { deviceId: 12, messages: [message(1, 12)] });
    server.io.emit('messages', { deviceId: 13, messages: [message(2, 13)] });
    server.io.to('d:12:m').emit('messages', {
      deviceId: 12,
      messages: [message(3, 12), message(4, 12)],
    });
    await until(() => first.messages.length === 3);
    expect(first.messages).toEqual([1, 3, 4]);

    // A second follower of the device is told the state at once; one subscription serves both.
    const second = recorder();
    const stopSecond = source.follow(12, second.follower);
    expect(second.states).toEqual(['live']);
    const refused = recorder();
    source.follow(666, refused.follower);
    await until(() => refused.states.at(-1) === 'refused');

    stop();
    stopSecond();
    await until(() => server.requests.length === 3);
    expect(server.requests).toEqual([
      { subscribe: [12] },
      { subscribe: [666] },
      { unsubscribe: [12] },
    ]);
  });

  it('subscribes again after a reconnection and says so, so the list can be read again', async () => {
    const { server, source } = await open();
    const log = recorder();
    source.follow(12, log.follower);
    await until(() => log.states.at(-1) === 'live');
    // The connection drops (not a sign-out): socket.io reconnects by itself.
    socket?.io.engine.close();
    await until(() => log.states.length === 4);
    expect(log.states).toEqual(['connecting', 'live', 'connecting', 'live']);
    expect(server.requests).toEqual([{ subscribe: [12] }, { subscribe: [12] }]);
    server.io.to('d:12:m').emit('messages', { deviceId: 12, messages: [message(5, 12)] });
    await until(() => log.messages.length === 1);
  });
});
