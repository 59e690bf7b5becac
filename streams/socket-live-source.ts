import { io, type Socket } from 'socket.io-client';
import type {
  LiveBatch,
  LiveDeviceStatus,
  LiveSource,
  SubscribeResult,
  TransportEvent,
} from './types.ts';

// The wire protocol of the live feed, as docs/live.md describes it.
interface WirePoint {
  key: string;
  time: string;
  value: number | null;
  textValue: string | null;
}
interface PointsEvent {
  deviceId: number;
  points: WirePoint[];
}
interface StatusEvent {
  deviceId: number;
  status: LiveDeviceStatus['status'];
  lastDataAt: string | null;
  lastConnectionAt: string | null;
}
interface SubscribeRequest {
  deviceIds?: number[];
  keys?: string[];
  org?: boolean;
}
type SubscribeAck =
  | { ok: true; subscribed: number[]; refused: number[]; org: boolean }
  | { ok: false; error: string };
type UnsubscribeAck = { ok: true; unsubscribed: number[] } | { ok: false; error: string };

interface ServerEvents {
  points: (batch: PointsEvent) => void;
  status: (change: StatusEvent) => void;
  'session.ended': () => void;
}
interface ClientEvents {
  subscribe: (request: SubscribeRequest, ack: (answer: SubscribeAck) => void) => void;
  unsubscribe: (
    request: { deviceIds?: number[]; org?: boolean },
    ack: (answer: UnsubscribeAck) => void,
  ) => void;
}

export type LiveSocket = Socket<ServerEvents, ClientEvents>;

export interface SocketLiveSourceOptions {
  /** How long to wait for the server to acknowledge a subscription. */
  ackTimeoutMs?: number;
  /** Called when the server says the session ended (it then disconnects). */
  onSessionEnded?: () => void;
}

export interface SocketLiveSource extends LiveSource {
  /**
   * Status changes of every device the caller may see (`subscribe {org: true}`),
   * followed again after each reconnection while any listener remains.
   * `onFollowed` is called each time the server confirmed the subscription
   * (the first time and after every reconnection): changes before that
   * moment were not heard, so what was read before it may be stale.
   */
  followOrgStatus(
    listener: (status: LiveDeviceStatus) => void,
    onFollowed?: () => void,
  ): () => void;
  /** Disconnects and forgets every listener. */
  close(): void;
}

const instant = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The live feed over an existing socket.io socket (see connectLiveSource for a new one). */
export function socketLiveSource(
  socket: LiveSocket,
  options: SocketLiveSourceOptions = {},
): SocketLiveSource {
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const transportListeners = new Set<(event: TransportEvent) => void>();
  const tell = (event: TransportEvent) => {
    for (const listener of [...transportListeners]) listener(event);
  };
  // `active` is false once socket.io will not reconnect on its own (refused handshake, server kick).
  const onConnect = () => tell({ type: 'connected' });
  const onDisconnect = () => tell({ type: 'disconnected', retrying: socket.active });
  const onAttempt = () => tell({ type: 'connecting' });
  const onGiveUp = () => tell({ type: 'disconnected', retrying: false });
  const onSessionEnded = () => options.onSessionEnded?.();
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onDisconnect);
  socket.on('session.ended', onSessionEnded);
  socket.io.on('reconnect_attempt', onAttempt);
  socket.io.on('reconnect_failed', onGiveUp);

  const orgListeners = new Set<(status: LiveDeviceStatus) => void>();
  const followedListeners = new Set<() => void>();
  const followOrg = () => {
    if (!socket.connected) return;
    socket.emit('subscribe', { org: true }, (answer) => {
      if (!answer.ok) return;
      for (const followed of [...followedListeners]) followed();
    });
  };
  const onOrgStatus = (change: StatusEvent) => {
    const status = {
      deviceId: change.deviceId,
      status: change.status,
      lastDataAt: instant(change.lastDataAt),
      lastConnectionAt: instant(change.lastConnectionAt),
    };
    for (const listener of [...orgListeners]) listener(status);
  };

  return {
    followOrgStatus(listener, onFollowed) {
      orgListeners.add(listener);
      if (onFollowed) followedListeners.add(onFollowed);
      if (orgListeners.size === 1) {
        socket.on('connect', followOrg);
        socket.on('status', onOrgStatus);
        followOrg();
      } else if (onFollowed && socket.connected) {
        // Already followed for an earlier listener: this one's reads may predate it.
        onFollowed();
      }
      return () => {
        orgListeners.delete(listener);
        if (onFollowed) followedListeners.delete(onFollowed);
        if (orgListeners.size > 0) return;
        socket.off('connect', followOrg);
        socket.off('status', onOrgStatus);
        if (socket.connected) socket.emit('unsubscribe', { org: true }, () => undefined);
      };
    },
    async subscribe(deviceId, keys): Promise<SubscribeResult> {
      const answer = await socket
        .timeout(ackTimeoutMs)
        .emitWithAck('subscribe', { deviceIds: [deviceId], keys: [...keys] });
      if (!answer.ok) throw new Error(answer.error);
      return answer.refused.includes(deviceId) ? 'refused' : 'subscribed';
    },
    unsubscribe(deviceId) {
      // Nothing to do with the answer: a failed unsubscribe only means the session is gone too.
      socket.emit('unsubscribe', { deviceIds: [deviceId] }, () => undefined);
    },
    onPoints(listener: (batch: LiveBatch) => void) {
      const handler = (batch: PointsEvent) => {
        const points = [];
        for (const p of batch.points) {
          // Charts draw numbers; text values stay in the history's raw answer.
          if (typeof p.value === 'number') {
            points.push({ key: p.key, time: Date.parse(p.time), value: p.value });
          }
        }
        if (points.length > 0) listener({ deviceId: batch.deviceId, points });
      };
      socket.on('points', handler);
      return () => socket.off('points', handler);
    },
    onStatus(listener: (status: LiveDeviceStatus) => void) {
      const handler = (change: StatusEvent) =>
        listener({
          deviceId: change.deviceId,
          status: change.status,
          lastDataAt: instant(change.lastDataAt),
          lastConnectionAt: instant(change.lastConnectionAt),
        });
      socket.on('status', handler);
      return () => socket.off('status', handler);
    },
    onTransport(listener) {
      transportListeners.add(listener);
      return () => transportListeners.delete(listener);
    },
    isConnected: () => socket.connected,
    close() {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onDisconnect);
      socket.off('session.ended', onSessionEnded);
      socket.io.off('reconnect_attempt', onAttempt);
      socket.io.off('reconnect_failed', onGiveUp);
      transportListeners.clear();
      orgListeners.clear();
      followedListeners.clear();
      socket.off('connect', followOrg);
      socket.off('status', onOrgStatus);
      socket.disconnect();
    },
  };
}

export interface LiveSocketOptions {
  /** The server's origin; the page's own when absent. */
  url?: string;
  /** The session or API token for the handshake, read again on every reconnection. Without it the SESSION cookie is used. */
  token?: () => string | null | undefined;
}

export interface ConnectLiveSourceOptions extends SocketLiveSourceOptions, LiveSocketOptions {}

/** A socket.io socket to the live feed at `/api/live`; each source gives it its events' types. */
export function openLiveSocket({ url, token }: LiveSocketOptions = {}): Socket {
  const socketOptions = {
    path: '/api/live',
    auth: (send: (data: object) => void) => send({ token: token?.() ?? undefined }),
  };
  return url === undefined ? io(socketOptions) : io(url, socketOptions);
}

/** Opens the live feed at `/api/live`. */
export function connectLiveSource(options: ConnectLiveSourceOptions = {}): SocketLiveSource {
  const { url, token, ...rest } = options;
  return socketLiveSource(openLiveSocket({ url, token }), rest);
}
