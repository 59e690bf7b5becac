import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import {
  createLiveData,
  type LiveData,
  type SeriesRequest,
  type SeriesSnapshot,
} from '../../streams/live-data.ts';
import { socketLiveSource, type SocketLiveSource } from '../../streams/socket-live-source.ts';
import {
  socketMessageSource,
  type MessageFollower,
  type MessageSource,
} from '../../streams/socket-message-source.ts';
import { httpHistorySource } from '../../streams/http-history-source.ts';
import type { ConnectionState, LiveDeviceStatus, SeriesWindow } from '../../streams/types.ts';
import { apiRequest, sessionEnded } from './api-client.ts';
import { onSessionEnd } from './session-end.ts';

interface LiveSession {
  liveData: LiveData;
  source: SocketLiveSource;
  messages: MessageSource;
}

let current: LiveSession | null = null;

function dispose() {
  current?.liveData.dispose();
  current?.messages.close();
  current?.source.close();
  current = null;
}
onSessionEnd(dispose);

/**
 * The live data layer of the signed-in session: one socket and one buffer
 * per (device, key), shared by every chart. Made on first use, let go when
 * the session ends or another one starts (session-end.ts). The socket signs
 * in with the session's HttpOnly cookie, which the browser sends with the
 * handshake to this origin.
 */
function liveSession(): LiveSession {
  if (current) return current;
  // One socket for the charts' points and status and for the message logs, each with its own subscriptions.
  const socket = io({ path: '/api/live' });
  const source = socketLiveSource(socket, { onSessionEnded: sessionEnded });
  const liveData = createLiveData({
    live: source,
    history: httpHistorySource({
      get: (path, signal) => apiRequest<unknown>('dataBroker', path, signal ? { signal } : {}),
    }),
  });
  current = { liveData, source, messages: socketMessageSource(socket) };
  return current;
}

const idle: SeriesSnapshot = {
  deviceId: 0,
  key: '',
  points: [],
  bucketMs: null,
  loading: true,
  error: null,
  refused: false,
};
const noop = () => () => undefined;

/**
 * A series of one device's key in a window: history first (raw, or at most
 * `buckets` buckets), then live points as they arrive. `paused` (the chart is
 * off screen) stops its updates and, after a moment, its live subscription;
 * unpausing backfills what was missed. Null: nothing yet (loading).
 */
export function useSeries(
  request: SeriesRequest | null,
  { paused = false }: { paused?: boolean } = {},
): SeriesSnapshot {
  const { deviceId, key, buckets, timeZone } = request ?? {};
  const windowKey = request ? JSON.stringify(request.window) : '';
  const store = useMemo(() => {
    if (deviceId === undefined || key === undefined) return null;
    const window = JSON.parse(windowKey) as SeriesWindow;
    return liveSession().liveData.series({
      deviceId,
      key,
      window,
      ...(buckets === undefined ? {} : { buckets }),
      ...(timeZone === undefined ? {} : { timeZone }),
    });
  }, [deviceId, key, windowKey, buckets, timeZone]);
  // Before the subscription below, so a chart that starts off screen loads nothing.
  useEffect(() => {
    if (paused) store?.pause();
    else store?.resume();
  }, [store, paused]);
  return useSyncExternalStore(
    store?.subscribe ?? noop,
    () => store?.getSnapshot() ?? idle,
    () => idle,
  );
}

/** The live feed's state: connecting, live, reconnecting or offline. */
export function useConnectionState(): ConnectionState {
  const connection = useMemo(() => liveSession().liveData.connection, []);
  return useSyncExternalStore(
    connection.subscribe,
    () => connection.getSnapshot(),
    () => 'connecting',
  );
}

/**
 * Calls `onStatus` for every status change of a device the user may see,
 * while the calling component is shown (the list and detail colours), and
 * `onFollowed` each time the feed confirmed it follows them (the first time
 * and after every reconnection): changes before that were not heard.
 */
export function useDeviceStatusFeed(
  onStatus: (status: LiveDeviceStatus) => void,
  onFollowed?: () => void,
): void {
  const latest = useRef({ onStatus, onFollowed });
  useEffect(() => {
    latest.current = { onStatus, onFollowed };
  });
  useEffect(() => {
    return liveSession().source.followOrgStatus(
      (status) => latest.current.onStatus(status),
      () => latest.current.onFollowed?.(),
    );
  }, []);
}

/**
 * Follows a device's message log while the calling component is shown (the
 * log tab): the follower hears the device's new messages and the feed's
 * state. Null: no device, nothing followed.
 */
export function useDeviceMessageFeed(deviceId: number | null, follower: MessageFollower): void {
  const latest = useRef(follower);
  useEffect(() => {
    latest.current = follower;
  });
  useEffect(() => {
    if (deviceId === null) return;
    return liveSession().messages.follow(deviceId, {
      onMessage: (message) => latest.current.onMessage(message),
      onState: (state) => latest.current.onState(state),
    });
  }, [deviceId]);
}
