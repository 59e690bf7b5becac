import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  createLiveData,
  type LiveData,
  type SeriesRequest,
  type SeriesSnapshot,
} from '../../streams/live-data.ts';
import { systemClock } from '../../streams/environment.ts';
import {
  DEFAULT_EXPECTED_INTERVAL_MS,
  DeadlineTimer,
  FRESH,
  freshnessAt,
  type Freshness,
} from '../../streams/freshness.ts';
import { connectLiveFeed, type LiveFeed } from '../../streams/live-feed.ts';
import type { MessageFollower } from '../../streams/socket-message-source.ts';
import { batchedGet } from '../../streams/batched-get.ts';
import { nextTask } from './next-task.ts';
import { httpHistorySource } from '../../streams/http-history-source.ts';
import { HISTORY_BATCH_MAX, type HistoryBatchAnswer } from '../../contracts/history.ts';
import type { ConnectionState, LiveDeviceStatus, SeriesWindow } from '../../streams/types.ts';
import { apiErrorOf, apiRequest, sessionEnded } from './api-client.ts';
import { onSessionEnd } from './session-end.ts';

/** The signed-in session's live connection: one socket, one buffer per (device, key). */
export interface LiveConnection {
  readonly liveData: LiveData;
  readonly feed: LiveFeed;
  close(): void;
}

/**
 * History reads through the api client, those asked for together (a wall's
 * graphs mounting) sent as one batch (docs/live.md).
 */
const historyReads = batchedGet({
  single: (path, signal) => apiRequest<unknown>('dataBroker', path, signal ? { signal } : {}),
  send: async (paths) => {
    const { responses } = await apiRequest<HistoryBatchAnswer>(
      'dataBroker',
      '/v2/devicedata-batch',
      {
        method: 'POST',
        // The batch names each read as the server's own path (its routes are under /api).
        body: { requests: paths.map((path, index) => ({ id: String(index), url: `/api${path}` })) },
      },
    );
    const byId = new Map(responses.map((answer) => [answer.id, answer]));
    return paths.map(
      (_, index) => byId.get(String(index)) ?? { status: 502, body: { message: 'Unanswered' } },
    );
  },
  failure: ({ status, body }) => apiErrorOf(status, body, `History request failed (${status})`),
  max: HISTORY_BATCH_MAX,
});

/**
 * Opens the live feed with streams/' own socket source. The socket signs in
 * with the session's HttpOnly cookie, which the browser sends with the
 * handshake to this origin; the server saying the session ended ends it here.
 */
export function openLiveConnection(): LiveConnection {
  const feed = connectLiveFeed({
    onSessionEnded: sessionEnded,
    // Told once per event: a server of another version should show in the console, not flood it.
    onInvalid: ({ event, problems }) =>
      console.warn(`Live feed: dropped a ${event} that does not match the protocol`, problems),
  });
  const liveData = createLiveData({
    live: feed.live,
    history: httpHistorySource({ get: historyReads }),
    // Each graph's new points render in a task of its own, not a wall of graphs in one.
    between: (next) => void nextTask().then(next),
  });
  return {
    liveData,
    feed,
    close() {
      liveData.dispose();
      feed.close();
    },
  };
}

/** Holds at most one connection: opened by start(), closed by its stop or the session's end. */
function connectionOwner(open: () => LiveConnection) {
  let current: LiveConnection | null = null;
  // Once started, the page below stays shown after the connection closes (the session ended).
  let started = false;
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of [...listeners]) listener();
  };
  const close = () => {
    const closing = current;
    if (!closing) return;
    current = null;
    closing.close();
    tell();
  };
  return {
    start(): () => void {
      if (!current) {
        current = open();
        started = true;
        tell();
      }
      const untie = onSessionEnd(close);
      return () => {
        untie();
        close();
      };
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): LiveConnection | null => current,
    hasStarted: (): boolean => started,
  };
}

const LiveConnectionContext = createContext<LiveConnection | null>(null);

/**
 * Owns the live connection of the signed-in layout: opened once, in the task
 * after it is first committed (never while rendering; the page below renders
 * only then), shared by every chart, device list and message log
 * below it, and closed when the session ends (sign-out, another sign-in, the
 * server ending it: session-end.ts) or the layout goes.
 */
export function LiveConnectionProvider({
  children,
  waiting = null,
  open = openLiveConnection,
}: {
  children: ReactNode;
  /** Shown until the page below renders (the page of a first screen, held). */
  waiting?: ReactNode;
  /** Opens the connection; tests pass their own. */
  open?: () => LiveConnection;
}) {
  const [owner] = useState(() => connectionOwner(open));
  // The page below is first rendered with the connection open: rendered before it, every
  // chart would render again once it opened (a wall of graphs twice on its cold load), and
  // ask its history only then. Opened in a task of its own once the layout has been
  // committed (starting the socket is a few milliseconds a slow phone would otherwise add to
  // the commit's task); the page then renders as a transition, in slices a slow phone
  // answers input between, not in one long task.
  const [started, setStarted] = useState(false);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let gone = false;
    void nextTask().then(() => {
      if (gone) return;
      stop = owner.start();
      startTransition(() => setStarted(true));
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [owner]);
  const connection = useSyncExternalStore(owner.subscribe, owner.getSnapshot, () => null);
  return (
    <LiveConnectionContext.Provider value={connection}>
      {started ? children : waiting}
    </LiveConnectionContext.Provider>
  );
}

const idle: SeriesSnapshot = {
  deviceId: 0,
  key: '',
  points: [],
  bucketMs: null,
  loading: true,
  error: null,
  refused: false,
  lastPointAt: null,
};
const noop = () => () => undefined;

/**
 * A series of one device's key in a window: history first (raw, or at most
 * `buckets` buckets), then live points as they arrive. `paused` (the chart is
 * off screen) stops its updates and, after a moment, its live subscription;
 * unpausing backfills what was missed. Loading until the connection is open.
 */
export function useSeries(
  request: SeriesRequest | null,
  { paused = false }: { paused?: boolean } = {},
): SeriesSnapshot {
  const connection = useContext(LiveConnectionContext);
  const { deviceId, key, buckets } = request ?? {};
  const windowKey = request ? JSON.stringify(request.window) : '';
  const store = useMemo(() => {
    if (!connection || deviceId === undefined || key === undefined) return null;
    const window = JSON.parse(windowKey) as SeriesWindow;
    return connection.liveData.series({
      deviceId,
      key,
      window,
      ...(buckets === undefined ? {} : { buckets }),
    });
  }, [connection, deviceId, key, windowKey, buckets]);
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
  const state = useContext(LiveConnectionContext)?.liveData.connection;
  return useSyncExternalStore(
    state?.subscribe ?? noop,
    () => state?.getSnapshot() ?? 'connecting',
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
  const connection = useContext(LiveConnectionContext);
  const latest = useRef({ onStatus, onFollowed });
  useEffect(() => {
    latest.current = { onStatus, onFollowed };
  });
  useEffect(() => {
    return connection?.feed.live.followOrgStatus(
      (status) => latest.current.onStatus(status),
      () => latest.current.onFollowed?.(),
    );
  }, [connection]);
}

/**
 * Follows a device's message log while the calling component is shown (the
 * log tab): the follower hears the device's new messages and the feed's
 * state. Null: no device, nothing followed.
 */
export function useDeviceMessageFeed(deviceId: number | null, follower: MessageFollower): void {
  const connection = useContext(LiveConnectionContext);
  const latest = useRef(follower);
  useEffect(() => {
    latest.current = follower;
  });
  useEffect(() => {
    if (!connection || deviceId === null) return;
    return connection.feed.messages.follow(deviceId, {
      onMessage: (message) => latest.current.onMessage(message),
      onState: (state) => latest.current.onState(state),
    });
  }, [connection, deviceId]);
}

export type { Freshness } from '../../streams/freshness.ts';
export { expectedInterval } from '../../streams/freshness.ts';

/** One timer for every graph's staleness deadline (streams/freshness.ts). */
const deadlines = new DeadlineTimer(systemClock());

/**
 * Whether a series' data stopped coming: stale once nothing arrived for
 * longer than `expectedIntervalMs` after `lastPointAt` (a snapshot's), with
 * `since` the newest value's time for "stale since HH:mm". The component
 * re-renders only when it turns stale (or fresh with a new value): every
 * graph's deadline waits on one shared timer. `expectedInterval(points)`
 * judges the interval from the series' own pace; the default is the
 * server's status window.
 */
export function useFreshness(
  lastPointAt: number | null,
  expectedIntervalMs: number = DEFAULT_EXPECTED_INTERVAL_MS,
): Freshness {
  const deadline = lastPointAt === null ? null : lastPointAt + expectedIntervalMs;
  const subscribe = useCallback(
    (notify: () => void) =>
      deadline === null ? () => undefined : deadlines.at(deadline + 1, notify),
    [deadline],
  );
  const stale = useSyncExternalStore(
    subscribe,
    () => freshnessAt(lastPointAt, expectedIntervalMs, Date.now()).stale,
    () => false,
  );
  return useMemo(
    () => (stale && lastPointAt !== null ? { stale, since: lastPointAt } : FRESH),
    [stale, lastPointAt],
  );
}
