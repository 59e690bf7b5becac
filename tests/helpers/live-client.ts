import { io, type Socket } from 'socket.io-client';
import type { LivePoint, MessagesEvent, PointsEvent } from '../../contracts/live.ts';
import type { Message } from '../../contracts/message.ts';

export type { LivePoint, PointsEvent, StatusEvent, SubscribeAck } from '../../contracts/live.ts';

/** A socket.io client of the live feed, connected (or the connect error). */
export function connectLive(
  baseUrl: string,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<Socket> {
  const socket = io(baseUrl, {
    path: '/api/live',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(options.token ? { auth: { token: options.token } } : {}),
    ...(options.headers ? { extraHeaders: options.headers } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export function emitWithAck<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  return new Promise((resolve) => socket.emit(event, payload, (answer: T) => resolve(answer)));
}

/** The next `event` the socket receives. */
export function next<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

/** Points for a device collected until `count` have arrived. */
export function collectPoints(
  socket: Socket,
  deviceId: number,
  count: number,
): Promise<LivePoint[]> {
  const points: LivePoint[] = [];
  return new Promise((resolve) => {
    const listener = (event: PointsEvent) => {
      if (event.deviceId !== deviceId) return;
      points.push(...event.points);
      if (points.length >= count) {
        socket.off('points', listener);
        resolve(points);
      }
    };
    socket.on('points', listener);
  });
}

/** A logged message as the live feed sends it (the messages API's shape). */
export type MessageEvent = Message;

/** Every message of the `messages` events the socket receives from now on, in order. */
export function recordMessages(socket: Socket): MessageEvent[] {
  const seen: MessageEvent[] = [];
  socket.on('messages', (event: MessagesEvent) => seen.push(...event.messages));
  return seen;
}

/** Every `event` the socket receives from now on, in order of arrival. */
export function record<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** `promise`, or an error saying what did not happen once `ms` have passed. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** How the server ends a socket: whether it said `session.ended` first, and the disconnect reason. */
export function ending(socket: Socket): Promise<{ sessionEnded: boolean; reason: string }> {
  let sessionEnded = false;
  socket.once('session.ended', () => (sessionEnded = true));
  return new Promise((resolve) =>
    socket.once('disconnect', (reason: string) => resolve({ sessionEnded, reason })),
  );
}
