import { ConnectionStore } from './connection-state.ts';
import {
  animationFrames,
  documentVisibility,
  systemClock,
  type Clock,
  type FrameScheduler,
  type TimerId,
  type Visibility,
} from './environment.ts';
import { pointsInRange } from './merge.ts';
import { SeriesBuffer, unionRange, windowRange } from './series-buffer.ts';
import type {
  ConnectionState,
  HistorySource,
  LiveBatch,
  LiveDeviceStatus,
  LiveSource,
  Point,
  SeriesId,
  SeriesWindow,
  Store,
  TransportEvent,
} from './types.ts';

export interface LiveDataDeps {
  live: LiveSource;
  history: HistorySource;
  clock?: Clock;
  frames?: FrameScheduler;
  visibility?: Visibility;
}

export interface LiveDataOptions {
  /** `maxPoints` of every history request. */
  historyMaxPoints?: number;
  /** A tab hidden at least this long backfills every series when it is shown again. */
  sleepGapMs?: number;
  /** How long a series nobody shows keeps its buffer and live subscription, for a quick return. */
  lingerMs?: number;
}

export const DEFAULT_OPTIONS: Required<LiveDataOptions> = {
  historyMaxPoints: 10_000,
  sleepGapMs: 30_000,
  lingerMs: 2_000,
};

export interface SeriesRequest extends SeriesId {
  readonly window: SeriesWindow;
}

export interface SeriesSnapshot {
  readonly deviceId: number;
  readonly key: string;
  /** Sorted by time, one per instant, within the request's window when the snapshot was made. Immutable. */
  readonly points: readonly Point[];
  /** True until the history of the window has been loaded (or failed). */
  readonly loading: boolean;
  /** Why the last history request failed; null once one succeeds. */
  readonly error: string | null;
  /** The live feed refused the device (it does not exist or the caller may not see it). */
  readonly refused: boolean;
}

export interface LiveData {
  /** A store for one chart's series. Creating it does nothing; subscribing holds the series. */
  series(request: SeriesRequest): Store<SeriesSnapshot>;
  readonly connection: Store<ConnectionState>;
  onDeviceStatus(listener: (status: LiveDeviceStatus) => void): () => void;
  /** Ends every subscription, timer and request. */
  dispose(): void;
}

interface Series {
  readonly id: SeriesId;
  readonly buffer: SeriesBuffer;
  /** One entry per subscribed listener: the reference count. */
  readonly windows: SeriesWindow[];
  readonly listeners: Set<() => void>;
  readonly abort: AbortController;
  /** History requests run one after another, so a backfill starts from what the load brought. */
  queue: Promise<void>;
  /** History is held (or asked for) from this time on. */
  loadedFrom: number;
  loading: boolean;
  error: string | null;
  refused: boolean;
  /** Bumped on any change a snapshot shows. */
  revision: number;
  /** The revision listeners were last told of: snapshots move on only at a frame. */
  published: number;
  linger: TimerId | undefined;
  disposed: boolean;
}

const seriesKey = (id: SeriesId) => `${id.deviceId}\u0000${id.key}`;

export function createLiveData(deps: LiveDataDeps, options: LiveDataOptions = {}): LiveData {
  const { live, history } = deps;
  const clock = deps.clock ?? systemClock();
  const frames = deps.frames ?? animationFrames(clock);
  const visibility = deps.visibility ?? documentVisibility();
  const settings = { ...DEFAULT_OPTIONS, ...options };

  const all = new Map<string, Series>();
  const dirty = new Set<Series>();
  let cancelFrame: (() => void) | undefined;
  const connection = new ConnectionStore(live.isConnected() ? 'live' : 'connecting');
  let hiddenAt = visibility.isHidden() ? clock.now() : undefined;

  function changed(series: Series) {
    series.revision++;
    dirty.add(series);
    cancelFrame ??= frames.request(flush);
  }

  // At most one notification per series per frame, however many batches arrived.
  function flush() {
    cancelFrame = undefined;
    const due = [...dirty];
    dirty.clear();
    for (const series of due) {
      series.published = series.revision;
      for (const listener of [...series.listeners]) listener();
    }
  }

  function request(series: Series, from: number, to: number, initial: boolean) {
    series.queue = series.queue.then(async () => {
      if (series.disposed || from >= to) return;
      try {
        const points = await history.fetch({
          ...series.id,
          from,
          to,
          maxPoints: settings.historyMaxPoints,
          signal: series.abort.signal,
        });
        if (series.disposed) return;
        series.buffer.insert(points, unionRange(series.windows, clock.now()));
        series.error = null;
      } catch (error) {
        if (series.disposed) return;
        series.error = error instanceof Error ? error.message : String(error);
      }
      if (initial) series.loading = false;
      changed(series);
    });
  }

  /** Asks history for what came after the last point held (or the whole window when none is). */
  function backfill(series: Series) {
    series.queue = series.queue.then(() => {
      const now = clock.now();
      const from = series.buffer.last()?.time ?? unionRange(series.windows, now).from;
      request(series, Math.max(from, series.loadedFrom), now, false);
    });
  }

  function create(id: SeriesId, window: SeriesWindow): Series {
    const now = clock.now();
    const range = windowRange(window, now);
    const series: Series = {
      id,
      buffer: new SeriesBuffer(),
      windows: [],
      listeners: new Set(),
      abort: new AbortController(),
      queue: Promise.resolve(),
      loadedFrom: range.from,
      loading: true,
      error: null,
      refused: false,
      revision: 0,
      published: 0,
      linger: undefined,
      disposed: false,
    };
    all.set(seriesKey(id), series);
    // Subscribe before asking history, so nothing falls between the two.
    if (live.isConnected()) follow(id.deviceId);
    request(series, range.from, Math.min(range.to, now), true);
    return series;
  }

  function acquire(id: SeriesId, window: SeriesWindow): Series {
    const now = clock.now();
    const series = all.get(seriesKey(id)) ?? create(id, window);
    if (series.linger !== undefined) {
      clock.clearTimeout(series.linger);
      series.linger = undefined;
    }
    series.windows.push(window);
    // A wider window than any before it: load the part before what is held.
    const from = windowRange(window, now).from;
    if (from < series.loadedFrom) {
      request(series, from, series.loadedFrom, false);
      series.loadedFrom = from;
    }
    return series;
  }

  function release(series: Series, window: SeriesWindow) {
    const index = series.windows.indexOf(window);
    if (index >= 0) series.windows.splice(index, 1);
    if (series.windows.length > 0) {
      const range = unionRange(series.windows, clock.now());
      if (series.buffer.trim(range)) changed(series);
      series.loadedFrom = Math.max(series.loadedFrom, range.from);
      return;
    }
    if (settings.lingerMs <= 0) drop(series);
    else series.linger = clock.setTimeout(() => drop(series), settings.lingerMs);
  }

  function drop(series: Series) {
    series.disposed = true;
    series.linger = undefined;
    series.abort.abort();
    dirty.delete(series);
    all.delete(seriesKey(series.id));
    if (live.isConnected()) follow(series.id.deviceId);
  }

  function heldOf(deviceId: number): Series[] {
    return [...all.values()].filter((series) => series.id.deviceId === deviceId);
  }

  /** Tells the live feed every key held for a device now (or to stop when none is). */
  function follow(deviceId: number) {
    const held = heldOf(deviceId);
    if (held.length === 0) {
      live.unsubscribe(deviceId);
      return;
    }
    const answer = live.subscribe(
      deviceId,
      held.map((series) => series.id.key),
    );
    // A failed answer (timeout, lost connection) says nothing about access: keep what was known.
    answer
      .catch(() => undefined)
      .then((result) => {
        if (result === undefined) return;
        for (const series of heldOf(deviceId)) {
          const refused = result === 'refused';
          if (series.refused === refused) continue;
          series.refused = refused;
          changed(series);
        }
      });
  }

  function onPoints(batch: LiveBatch) {
    const now = clock.now();
    const byKey = new Map<string, Point[]>();
    for (const p of batch.points) {
      const list = byKey.get(p.key) ?? [];
      list.push({ time: p.time, value: p.value });
      byKey.set(p.key, list);
    }
    for (const [key, points] of byKey) {
      const series = all.get(seriesKey({ deviceId: batch.deviceId, key }));
      if (!series) continue;
      if (series.buffer.insert(points, unionRange(series.windows, now)) > 0) changed(series);
    }
  }

  function onTransport(event: TransportEvent) {
    connection.apply(event);
    if (event.type !== 'connected') return;
    // A new connection starts with no subscriptions, and everything since the last point held may be missing.
    const devices = new Set([...all.values()].map((series) => series.id.deviceId));
    for (const deviceId of devices) follow(deviceId);
    for (const series of all.values()) backfill(series);
  }

  function onVisibility() {
    const now = clock.now();
    if (visibility.isHidden()) {
      hiddenAt ??= now;
      return;
    }
    const slept = hiddenAt !== undefined && now - hiddenAt >= settings.sleepGapMs;
    hiddenAt = undefined;
    if (slept && live.isConnected()) for (const series of all.values()) backfill(series);
  }

  const stops = [
    live.onPoints(onPoints),
    live.onTransport(onTransport),
    visibility.subscribe(onVisibility),
  ];

  function series(request: SeriesRequest): Store<SeriesSnapshot> {
    const id: SeriesId = { deviceId: request.deviceId, key: request.key };
    const empty: SeriesSnapshot = { ...id, points: [], loading: true, error: null, refused: false };
    let cached: { series: Series; revision: number; snapshot: SeriesSnapshot } | undefined;
    return {
      subscribe(listener) {
        // Each subscription holds the series with its own copy of the window, so releasing finds its own entry.
        const window = { ...request.window };
        const held = acquire(id, window);
        held.listeners.add(listener);
        let done = false;
        return () => {
          if (done) return;
          done = true;
          held.listeners.delete(listener);
          release(held, window);
        };
      },
      getSnapshot() {
        const current = all.get(seriesKey(id));
        if (!current) return empty;
        if (cached?.series === current && cached.revision === current.published) {
          return cached.snapshot;
        }
        const range = windowRange(request.window, clock.now());
        const snapshot: SeriesSnapshot = {
          ...id,
          points: pointsInRange(current.buffer.frozen(), range.from, range.to),
          loading: current.loading,
          error: current.error,
          refused: current.refused,
        };
        cached = { series: current, revision: current.published, snapshot };
        return snapshot;
      },
    };
  }

  return {
    series,
    connection,
    onDeviceStatus: (listener) => live.onStatus(listener),
    dispose() {
      for (const stop of stops) stop();
      cancelFrame?.();
      cancelFrame = undefined;
      for (const series of [...all.values()]) {
        if (series.linger !== undefined) clock.clearTimeout(series.linger);
        drop(series);
      }
    },
  };
}
