import { ConnectionStore } from './connection-state.ts';
import {
  animationFrames,
  documentVisibility,
  systemClock,
  type Clock,
  type FrameScheduler,
  type Visibility,
} from './environment.ts';
import {
  baseName,
  createSeries,
  seriesLoader,
  seriesName,
  seriesPoints,
  type Hold,
  type Series,
  type SeriesRequest,
} from './series.ts';
import { windowRange } from './series-buffer.ts';
import type {
  ConnectionState,
  HistorySource,
  LiveBatch,
  LiveDeviceStatus,
  LiveSource,
  Point,
  SeriesPoint,
  Store,
  TransportEvent,
} from './types.ts';

export type { SeriesRequest } from './series.ts';

export interface LiveDataDeps {
  live: LiveSource;
  history: HistorySource;
  clock?: Clock;
  frames?: FrameScheduler;
  visibility?: Visibility;
  /**
   * How the series changed in one frame are told, one after the other: at once by default.
   * The console tells each in a task of its own (`next` runs in the next task), so that a
   * wall's graphs, their history come, render one a task rather than all in one long task
   * that holds back a slow device's input.
   */
  between?: (next: () => void) => void;
}

export interface LiveDataOptions {
  /** `maxPoints` of every raw history request. */
  historyMaxPoints?: number;
  /**
   * A tab hidden at least this long backfills every series when it is shown
   * again; so does a page whose timers stopped this long (a sleeping machine
   * with the tab in front).
   */
  sleepGapMs?: number;
  /**
   * How long a series keeps its live subscription once nobody shows it (its
   * charts went or all scrolled off screen), for a quick return; a series
   * nobody holds is dropped after this long.
   */
  lingerMs?: number;
  /** An aggregated series backfills a gap up to this long from raw points; a longer one reloads its buckets. */
  rawBackfillMs?: number;
}

export const DEFAULT_OPTIONS: Required<LiveDataOptions> = {
  historyMaxPoints: 10_000,
  sleepGapMs: 30_000,
  lingerMs: 2_000,
  rawBackfillMs: 6 * 3_600_000,
};

export interface SeriesSnapshot {
  readonly deviceId: number;
  readonly key: string;
  /**
   * Sorted by time, one per instant, within the request's window when the
   * snapshot was made. Immutable. Aggregated: one point per bucket, with its
   * `bucket` span.
   */
  readonly points: readonly SeriesPoint[];
  /** The width of the buckets the points stand for; null for raw points. */
  readonly bucketMs: number | null;
  /** True until the history of the window has been loaded (or failed). */
  readonly loading: boolean;
  /** Why the last history request failed; null once one succeeds. */
  readonly error: string | null;
  /**
   * The live feed refused the device (it does not exist or the caller may not
   * see it), or the server ended its subscription (access lost, device
   * deleted): no live points come. A later connection asks again.
   */
  readonly refused: boolean;
  /**
   * The time of the newest value held (epoch ms; aggregated: the latest
   * bucket's last value), within the window or not; null when none is. With
   * `useFreshness` a chart tells when its data stopped coming.
   */
  readonly lastPointAt: number | null;
}

/** One chart's series. Pausing keeps the points held and stops the work for a chart nobody sees. */
export interface SeriesStore extends Store<SeriesSnapshot> {
  /**
   * Off screen: listeners are told only when a load ends (not of live
   * points) and, after `lingerMs`, the series stops following the live feed
   * (when no other chart shows it). A series first subscribed while paused
   * loads its history but follows the live feed only once resumed.
   */
  pause(): void;
  /** Back on screen: follows the live feed again and backfills what it missed meanwhile. */
  resume(): void;
}

export interface LiveData {
  /** A store for one chart's series. Creating it does nothing; subscribing holds the series. */
  series(request: SeriesRequest): SeriesStore;
  readonly connection: Store<ConnectionState>;
  onDeviceStatus(listener: (status: LiveDeviceStatus) => void): () => void;
  /** Ends every subscription, timer and request. */
  dispose(): void;
}

export function createLiveData(deps: LiveDataDeps, options: LiveDataOptions = {}): LiveData {
  const { live } = deps;
  const clock = deps.clock ?? systemClock();
  const frames = deps.frames ?? animationFrames(clock);
  const visibility = deps.visibility ?? documentVisibility();
  const settings = { ...DEFAULT_OPTIONS, ...options };

  const all = new Map<string, Series>();
  /** The series of each (device, key): raw and aggregated ones alike hear its live points. */
  const byId = new Map<string, Set<Series>>();
  const dirty = new Set<Series>();
  let cancelFrame: (() => void) | undefined;
  const connection = new ConnectionStore(live.isConnected() ? 'live' : 'connecting');
  let hiddenAt = visibility.isHidden() ? clock.now() : undefined;
  const loader = seriesLoader({ history: deps.history, clock, changed, ...settings });

  function changed(series: Series) {
    series.revision++;
    dirty.add(series);
    cancelFrame ??= frames.request(flush);
  }

  // At most one notification per series per frame, however many batches arrived; off screen
  // only when a load ended or access changed.
  function flush() {
    cancelFrame = undefined;
    const due = [...dirty];
    dirty.clear();
    tell(due, 0);
  }

  function tell(due: readonly Series[], from: number) {
    for (let index = from; index < due.length; index++) {
      const series = due[index];
      if (!series) continue;
      series.published = series.revision;
      const everyone = series.tellAll;
      series.tellAll = false;
      for (const hold of [...series.holds]) if (everyone || !hold.paused) hold.listener();
      if (deps.between && index + 1 < due.length) {
        deps.between(() => tell(due, index + 1));
        return;
      }
    }
  }

  function create(request: SeriesRequest): Series {
    const series = createSeries(request, clock.now());
    all.set(series.name, series);
    const siblings = byId.get(baseName(series.id)) ?? new Set();
    siblings.add(series);
    byId.set(baseName(series.id), siblings);
    return series;
  }

  function acquire(request: SeriesRequest, hold: Hold): Series {
    const series = all.get(seriesName(request)) ?? create(request);
    series.holds.add(hold);
    loader.widen(series, hold.window);
    update(series);
    return series;
  }

  function release(series: Series, hold: Hold) {
    series.holds.delete(hold);
    loader.narrow(series);
    update(series);
  }

  /** Starts, follows, stops following or drops a series after its holds changed. */
  function update(series: Series) {
    if (series.timer !== undefined) {
      clock.clearTimeout(series.timer);
      series.timer = undefined;
    }
    if (series.holds.size === 0) return linger(series, () => drop(series));
    const shown = [...series.holds].some((hold) => !hold.paused);
    if (!series.started) return start(series, shown);
    if (!shown) {
      if (series.attached) linger(series, () => detach(series));
      return;
    }
    if (!series.attached) attach(series);
  }

  function linger(series: Series, then: () => void) {
    if (settings.lingerMs <= 0) return then();
    series.timer = clock.setTimeout(() => {
      series.timer = undefined;
      then();
    }, settings.lingerMs);
  }

  /** The first load; off screen, without the live feed (it backfills when first shown). */
  function start(series: Series, shown: boolean) {
    series.started = true;
    series.attached = shown;
    // Subscribe before asking history, so nothing falls between the two.
    if (shown && live.isConnected()) follow(series.id.deviceId);
    loader.start(series);
  }

  /** Back on screen after the live feed was let go: follow again and fill the gap. */
  function attach(series: Series) {
    series.attached = true;
    if (!live.isConnected()) return; // the next connection backfills
    // Once the server follows the device: what arrived before is in the history by then.
    void follow(series.id.deviceId).then(() => {
      if (series.attached && !series.disposed) loader.backfill(series);
    });
  }

  /** Off screen for the linger time: stop following; the points held stay. */
  function detach(series: Series) {
    series.attached = false;
    if (live.isConnected()) follow(series.id.deviceId);
  }

  function drop(series: Series) {
    series.disposed = true;
    series.timer = undefined;
    series.abort.abort();
    dirty.delete(series);
    all.delete(series.name);
    byId.get(baseName(series.id))?.delete(series);
    if (byId.get(baseName(series.id))?.size === 0) byId.delete(baseName(series.id));
    const followed = series.attached;
    series.attached = false;
    if (followed && live.isConnected()) follow(series.id.deviceId);
  }

  const seriesOf = (deviceId: number) =>
    [...all.values()].filter((series) => series.id.deviceId === deviceId);

  /**
   * Tells the live feed every key followed for a device now (or to stop when
   * none is); settles once the server answered (or the request failed).
   */
  function follow(deviceId: number): Promise<void> {
    const keys = new Set(
      seriesOf(deviceId)
        .filter((series) => series.attached)
        .map((series) => series.id.key),
    );
    if (keys.size === 0) {
      live.unsubscribe(deviceId);
      return Promise.resolve();
    }
    // A failed answer (timeout, lost connection) says nothing about access: keep what was known.
    return live
      .subscribe(deviceId, [...keys])
      .catch(() => undefined)
      .then((result) => {
        if (result === undefined) return;
        for (const series of seriesOf(deviceId)) {
          const refused = result === 'refused';
          if (series.refused === refused) continue;
          series.refused = refused;
          series.tellAll = true;
          changed(series);
        }
      });
  }

  function onPoints(batch: LiveBatch) {
    const byKey = new Map<string, Point[]>();
    for (const p of batch.points) {
      const list = byKey.get(p.key) ?? [];
      list.push({ time: p.time, value: p.value });
      byKey.set(p.key, list);
    }
    for (const [key, points] of byKey) {
      for (const series of byId.get(baseName({ deviceId: batch.deviceId, key })) ?? []) {
        // A series that let the feed go backfills from its own last point when it comes back.
        if (series.attached && loader.receive(series, points)) changed(series);
      }
    }
  }

  const following = () => [...all.values()].filter((series) => series.attached);

  /** The server ended these devices' subscriptions: their series stop and say so. */
  function onEnded(deviceIds: readonly number[]) {
    for (const deviceId of new Set(deviceIds)) {
      for (const series of seriesOf(deviceId)) {
        if (series.refused) continue;
        series.refused = true;
        series.tellAll = true;
        changed(series);
      }
    }
  }

  function onTransport(event: TransportEvent) {
    connection.apply(event);
    if (event.type !== 'connected') return;
    // A new connection starts with no subscriptions, and everything since the last point held may be missing.
    // Each device backfills once the server follows it again, so a point ingested while the
    // subscription was on its way is in the history read rather than lost between the two.
    const followed = following();
    for (const deviceId of new Set(followed.map((series) => series.id.deviceId))) {
      void follow(deviceId).then(() => {
        for (const series of seriesOf(deviceId)) {
          if (series.attached && !series.disposed) loader.backfill(series);
        }
      });
    }
  }

  // A machine that slept with the tab in front tells no visibility change, and the socket may
  // survive a short sleep: a heartbeat that comes late by the sleep gap backfills as a wake-up.
  const heartbeatMs = Math.max(1_000, Math.floor(settings.sleepGapMs / 3));
  let beatAt = clock.now();
  let heartbeat = clock.setTimeout(beat, heartbeatMs);
  function beat() {
    const now = clock.now();
    const slept = now - beatAt >= settings.sleepGapMs;
    beatAt = now;
    heartbeat = clock.setTimeout(beat, heartbeatMs);
    if (slept && !visibility.isHidden() && live.isConnected()) {
      for (const series of following()) loader.backfill(series);
    }
  }

  function onVisibility() {
    const now = clock.now();
    if (visibility.isHidden()) {
      hiddenAt ??= now;
      return;
    }
    const slept = hiddenAt !== undefined && now - hiddenAt >= settings.sleepGapMs;
    hiddenAt = undefined;
    beatAt = now; // the wake-up is handled here, not again by a late heartbeat
    if (slept && live.isConnected()) for (const series of following()) loader.backfill(series);
  }

  const stops = [
    live.onPoints(onPoints),
    live.onTransport(onTransport),
    live.onEnded(onEnded),
    visibility.subscribe(onVisibility),
  ];

  function series(request: SeriesRequest): SeriesStore {
    const name = seriesName(request);
    const empty: SeriesSnapshot = {
      deviceId: request.deviceId,
      key: request.key,
      points: [],
      bucketMs: null,
      loading: true,
      error: null,
      refused: false,
      lastPointAt: null,
    };
    const holds = new Map<Hold, Series>();
    let paused = false;
    let cached: { series: Series; revision: number; snapshot: SeriesSnapshot } | undefined;
    const setPaused = (next: boolean) => {
      if (paused === next) return;
      paused = next;
      for (const [hold, held] of holds) {
        hold.paused = next;
        update(held);
        // Listeners were not told of changes while off screen.
        if (!next) changed(held);
      }
    };
    return {
      subscribe(listener) {
        // Each subscription holds the series with its own copy of the window, so releasing finds its own entry.
        const hold: Hold = { window: { ...request.window }, listener, paused };
        holds.set(hold, acquire(request, hold));
        return () => {
          const held = holds.get(hold);
          if (!held) return;
          holds.delete(hold);
          release(held, hold);
        };
      },
      getSnapshot() {
        const current = all.get(name);
        if (!current) return empty;
        if (cached?.series === current && cached.revision === current.published) {
          return cached.snapshot;
        }
        const snapshot: SeriesSnapshot = {
          ...empty,
          points: seriesPoints(current, windowRange(request.window, clock.now())),
          bucketMs: current.kind === 'buckets' ? current.buffer.bucketMs : null,
          loading: current.loading,
          error: current.error,
          refused: current.refused,
          lastPointAt:
            (current.kind === 'raw' ? current.buffer.last()?.time : current.buffer.lastTime()) ??
            null,
        };
        cached = { series: current, revision: current.published, snapshot };
        return snapshot;
      },
      pause: () => setPaused(true),
      resume: () => setPaused(false),
    };
  }

  return {
    series,
    connection,
    onDeviceStatus: (listener) => live.onStatus(listener),
    dispose() {
      for (const stop of stops) stop();
      clock.clearTimeout(heartbeat);
      cancelFrame?.();
      cancelFrame = undefined;
      for (const series of [...all.values()]) {
        if (series.timer !== undefined) clock.clearTimeout(series.timer);
        drop(series);
      }
    },
  };
}
