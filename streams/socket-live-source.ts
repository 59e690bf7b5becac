import {
  PointsEvent,
  StatusEvent,
  SubscribeAck,
  SubscriptionsEndedEvent,
} from '../contracts/live.ts';
import { openLiveSocket, type LiveSocket, type LiveSocketOptions } from './live-socket.ts';
import type {
  LiveBatch,
  LiveDeviceStatus,
  LiveSource,
  SubscribeResult,
  TransportEvent,
} from './types.ts';
import { wireCheck, type InvalidPayloadListener, type WireCheck } from './wire-check.ts';

export interface SocketLiveSourceOptions {
  /** How long to wait for the server to acknowledge a subscription. */
  ackTimeoutMs?: number;
  /** Called when the server says the session ended (it then disconnects). */
  onSessionEnded?: () => void;
  /** Told once per event when what the server sent does not match the protocol (it is dropped). */
  onInvalid?: InvalidPayloadListener;
  /** The check to count drops in, when the socket is shared with other readers. */
  check?: WireCheck;
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

const statusOf = (change: StatusEvent): LiveDeviceStatus => ({
  deviceId: change.deviceId,
  status: change.status,
  lastDataAt: instant(change.lastDataAt),
  lastConnectionAt: instant(change.lastConnectionAt),
});

/** The numeric points of a batch: charts draw numbers; text values stay in the history's raw answer. */
function batchOf(event: PointsEvent): LiveBatch | null {
  const points = [];
  for (const p of event.points) {
    if (p.value !== null) points.push({ key: p.key, time: Date.parse(p.time), value: p.value });
  }
  return points.length > 0 ? { deviceId: event.deviceId, points } : null;
}

/** After a server closed the feed: 1 s, then twice as long each try, at most 30 s. */
export function rejoinDelay(tries: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(tries, 5));
}

/** The live feed over an existing socket.io socket (see connectLiveSource for a new one). */
export function socketLiveSource(
  socket: LiveSocket,
  options: SocketLiveSourceOptions = {},
): SocketLiveSource {
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const check = options.check ?? wireCheck(options.onInvalid);
  const transportListeners = new Set<(event: TransportEvent) => void>();
  const tell = (event: TransportEvent) => {
    for (const listener of [...transportListeners]) listener(event);
  };
  // `active` is false once socket.io will not reconnect on its own (refused handshake, server kick).
  // A server that stops closes its sockets itself; unless the session ended, the feed comes
  // back by itself, as a wall display must, waiting longer after each try.
  let sessionOver = false;
  let rejoins = 0;
  let rejoin: ReturnType<typeof setTimeout> | undefined;
  const onConnect = () => {
    rejoins = 0;
    tell({ type: 'connected' });
  };
  const onDisconnect = (reason?: unknown) => {
    if (reason === 'io server disconnect' && !sessionOver) {
      clearTimeout(rejoin);
      rejoin = setTimeout(() => socket.connect(), rejoinDelay(rejoins++));
      tell({ type: 'disconnected', retrying: true });
      return;
    }
    tell({ type: 'disconnected', retrying: socket.active });
  };
  const onAttempt = () => tell({ type: 'connecting' });
  const onGiveUp = () => tell({ type: 'disconnected', retrying: false });
  const onSessionEnded = () => {
    sessionOver = true;
    options.onSessionEnded?.();
  };

  // One handler per event checks each payload once, whoever listens.
  const pointListeners = new Set<(batch: LiveBatch) => void>();
  const statusListeners = new Set<(status: LiveDeviceStatus) => void>();
  const orgListeners = new Set<(status: LiveDeviceStatus) => void>();
  const endedListeners = new Set<(deviceIds: readonly number[]) => void>();
  const onPoints = (payload: unknown) => {
    if (!check.accept('points', PointsEvent, payload)) return;
    const batch = batchOf(payload);
    if (batch) for (const listener of [...pointListeners]) listener(batch);
  };
  const onStatus = (payload: unknown) => {
    if (!check.accept('status', StatusEvent, payload)) return;
    const status = statusOf(payload);
    for (const listener of [...statusListeners, ...orgListeners]) listener(status);
  };

  const onEnded = (payload: unknown) => {
    if (!check.accept('subscriptions.ended', SubscriptionsEndedEvent, payload)) return;
    if (payload.deviceIds.length === 0) return;
    for (const listener of [...endedListeners]) listener(payload.deviceIds);
  };

  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('subscriptions.ended', onEnded);
  socket.on('connect_error', onDisconnect);
  socket.on('session.ended', onSessionEnded);
  socket.on('points', onPoints);
  socket.on('status', onStatus);
  socket.io.on('reconnect_attempt', onAttempt);
  socket.io.on('reconnect_failed', onGiveUp);

  const followedListeners = new Set<() => void>();
  const followOrg = () => {
    if (!socket.connected) return;
    socket.emit('subscribe', { org: true }, (answer) => {
      if (!check.accept('subscribe', SubscribeAck, answer) || !answer.ok) return;
      for (const followed of [...followedListeners]) followed();
    });
  };

  return {
    followOrgStatus(listener, onFollowed) {
      orgListeners.add(listener);
      if (onFollowed) followedListeners.add(onFollowed);
      if (orgListeners.size === 1) {
        socket.on('connect', followOrg);
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
        if (socket.connected) socket.emit('unsubscribe', { org: true }, () => undefined);
      };
    },
    async subscribe(deviceId, keys): Promise<SubscribeResult> {
      const answer = await socket
        .timeout(ackTimeoutMs)
        .emitWithAck('subscribe', { deviceIds: [deviceId], keys: [...keys] });
      if (!check.accept('subscribe', SubscribeAck, answer)) {
        throw new Error('Unexpected answer from the live feed');
      }
      if (!answer.ok) throw new Error(answer.error);
      return answer.refused.includes(deviceId) ? 'refused' : 'subscribed';
    },
    unsubscribe(deviceId) {
      // Nothing to do with the answer: a failed unsubscribe only means the session is gone too.
      socket.emit('unsubscribe', { deviceIds: [deviceId] }, () => undefined);
    },
    onPoints(listener) {
      pointListeners.add(listener);
      return () => pointListeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onTransport(listener) {
      transportListeners.add(listener);
      return () => transportListeners.delete(listener);
    },
    onEnded(listener) {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },
    isConnected: () => socket.connected,
    close() {
      clearTimeout(rejoin);
      socket.off('subscriptions.ended', onEnded);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onDisconnect);
      socket.off('session.ended', onSessionEnded);
      socket.off('points', onPoints);
      socket.off('status', onStatus);
      socket.off('connect', followOrg);
      socket.io.off('reconnect_attempt', onAttempt);
      socket.io.off('reconnect_failed', onGiveUp);
      transportListeners.clear();
      pointListeners.clear();
      statusListeners.clear();
      orgListeners.clear();
      endedListeners.clear();
      followedListeners.clear();
      socket.disconnect();
    },
  };
}

export interface ConnectLiveSourceOptions extends SocketLiveSourceOptions, LiveSocketOptions {}

/** Opens the live feed at `/api/live`. */
export function connectLiveSource(options: ConnectLiveSourceOptions = {}): SocketLiveSource {
  const { url, token, ...rest } = options;
  return socketLiveSource(openLiveSocket({ url, token }), rest);
}
