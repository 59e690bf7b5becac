import { BucketBuffer } from './bucket-buffer.ts';
import type { Clock, TimerId } from './environment.ts';
import { pointsInRange } from './merge.ts';
import { SeriesBuffer, unionRange, windowRange, type TimeRange } from './series-buffer.ts';
import type { HistorySource, Point, SeriesId, SeriesPoint, SeriesWindow } from './types.ts';

export interface SeriesRequest extends SeriesId {
  readonly window: SeriesWindow;
  /**
   * Aggregated history: at most this many buckets over the window (the
   * chart's width in pixels), each with its lowest and highest value. Absent:
   * the raw points.
   */
  readonly buckets?: number;
  /**
   * The device's organisation's IANA time zone: a cloud function's series
   * (src/api/functions/series.ts) is asked for in its wall-clock times. The
   * history itself is asked for in UTC and needs none.
   */
  readonly timeZone?: string;
}

/** One chart's hold on a series: its window, its listener and whether it is off screen. */
export interface Hold {
  readonly window: SeriesWindow;
  readonly listener: () => void;
  paused: boolean;
}

interface SeriesState {
  readonly id: SeriesId;
  /** The map key: device and key, plus buckets and window for an aggregated series. */
  readonly name: string;
  readonly holds: Set<Hold>;
  readonly abort: AbortController;
  /** History requests run one after another, so a backfill starts from what the load brought. */
  queue: Promise<void>;
  /** History was asked for: the series has been shown at least once. */
  started: boolean;
  /** The series follows the live feed (shown, or paused for less than the linger time). */
  attached: boolean;
  loading: boolean;
  error: string | null;
  refused: boolean;
  /** Bumped on any change a snapshot shows. */
  revision: number;
  /** The revision listeners were last told of: snapshots move on only at a frame. */
  published: number;
  /** The next frame tells charts off screen too: a load ended or access changed, not a live point. */
  tellAll: boolean;
  /** Linger timer: drops the series (no holds) or stops following the feed (all paused). */
  timer: TimerId | undefined;
  disposed: boolean;
}

/** Raw points, shared by every chart of the (device, key), bounded by the union of their windows. */
export interface RawSeries extends SeriesState {
  readonly kind: 'raw';
  readonly buffer: SeriesBuffer;
  /** History is held (or asked for) from this time on. */
  loadedFrom: number;
}

/** Aggregated history for one window and number of buckets, with live points folded in. */
export interface BucketSeries extends SeriesState {
  readonly kind: 'buckets';
  readonly buffer: BucketBuffer;
  readonly window: SeriesWindow;
  readonly buckets: number;
  /** Live points that came while a history request was under way, folded again after its answer. */
  arrived: Point[] | undefined;
}

export type Series = RawSeries | BucketSeries;

export const baseName = (id: SeriesId) => `${id.deviceId}\u0000${id.key}`;

export function seriesName(request: SeriesRequest): string {
  if (request.buckets === undefined) return baseName(request);
  const { window } = request;
  const span =
    window.kind === 'sliding' ? `last ${window.durationMs}` : `${window.from} ${window.to}`;
  return `${baseName(request)}\u0000${request.buckets}\u0000${span}`;
}

export function createSeries(request: SeriesRequest, now: number): Series {
  const state = {
    id: { deviceId: request.deviceId, key: request.key },
    name: seriesName(request),
    holds: new Set<Hold>(),
    abort: new AbortController(),
    queue: Promise.resolve(),
    started: false,
    attached: false,
    loading: true,
    error: null,
    refused: false,
    revision: 0,
    published: 0,
    tellAll: false,
    timer: undefined,
    disposed: false,
  };
  if (request.buckets === undefined) {
    const from = windowRange(request.window, now).from;
    return { ...state, kind: 'raw', buffer: new SeriesBuffer(), loadedFrom: from };
  }
  return {
    ...state,
    kind: 'buckets',
    buffer: new BucketBuffer(),
    window: { ...request.window },
    buckets: Math.max(2, Math.floor(request.buckets)),
    // Points that come before the first answer wait here for its grid.
    arrived: [],
  };
}

export const windowsOf = (series: Series) => [...series.holds].map((hold) => hold.window);

/** The range the series keeps points in at `now`. */
export function heldRange(series: Series, now: number): TimeRange {
  return series.kind === 'raw'
    ? unionRange(windowsOf(series), now)
    : windowRange(series.window, now);
}

/** The points of a series within one chart's range: immutable, sorted. */
export function seriesPoints(series: Series, range: TimeRange): readonly SeriesPoint[] {
  return pointsInRange(series.buffer.frozen(), range.from, range.to);
}

export interface LoaderDeps {
  history: HistorySource;
  clock: Clock;
  /** Called after every answer (or failure) a snapshot shows. */
  changed: (series: Series) => void;
  historyMaxPoints: number;
  rawBackfillMs: number;
}

/**
 * The history side of a series: the first load, loads of wider windows,
 * backfills after a gap, and live points as they arrive. Requests of a
 * series run one after another.
 */
export function seriesLoader(deps: LoaderDeps) {
  const { history, clock, changed } = deps;

  /** Queues a request; `fetch` resolves with the change to make once the answer is in. */
  function load(series: Series, initial: boolean, fetch: () => Promise<(() => void) | undefined>) {
    series.queue = series.queue.then(async () => {
      if (series.disposed) return;
      try {
        const apply = await fetch();
        if (series.disposed) return;
        apply?.();
        series.error = null;
      } catch (error) {
        if (series.disposed) return;
        series.error = error instanceof Error ? error.message : String(error);
      } finally {
        if (series.kind === 'buckets') series.arrived = undefined;
      }
      if (initial) {
        series.loading = false;
        // A chart off screen shows what it holds (or why not) rather than loading for ever.
        series.tellAll = true;
      }
      changed(series);
    });
  }

  function raw(series: Series, from: number, to: number) {
    return history.fetch({
      ...series.id,
      from,
      to,
      maxPoints: deps.historyMaxPoints,
      signal: series.abort.signal,
    });
  }

  function rawRange(series: RawSeries, from: number, to: number, initial: boolean) {
    load(series, initial, async () => {
      if (from >= to) return undefined;
      const points = await raw(series, from, to);
      return () => series.buffer.insert(points, heldRange(series, clock.now()));
    });
  }

  /**
   * Every bucket of the window, in place of what is held. The whole window is
   * asked for, also the part still to come: the bucket width follows the
   * window (a day of today in hours, from its first minute), not the part of
   * it that has passed.
   */
  function reload(series: BucketSeries, initial: boolean) {
    load(series, initial, async () => {
      const now = clock.now();
      const { window } = series;
      series.arrived ??= [];
      const answer = await history.fetchBuckets({
        ...series.id,
        from: windowRange(window, now).from,
        to: window.kind === 'sliding' ? now : window.to,
        buckets: series.buckets,
        signal: series.abort.signal,
      });
      return () => {
        series.buffer.replace(answer, heldRange(series, clock.now()));
        foldArrived(series);
      };
    });
  }

  function foldArrived(series: BucketSeries) {
    const arrived = series.arrived ?? [];
    series.arrived = undefined;
    series.buffer.fold(arrived, heldRange(series, clock.now()));
  }

  return {
    /** The first load, when the series is first shown. */
    start(series: Series) {
      const now = clock.now();
      if (series.kind === 'buckets') return reload(series, true);
      const range = heldRange(series, now);
      series.loadedFrom = range.from;
      rawRange(series, range.from, Math.min(range.to, now), true);
    },

    /** A raw series shown in a wider window than any before: load the part before what is held. */
    widen(series: Series, window: SeriesWindow) {
      if (series.kind !== 'raw' || !series.started) return;
      const from = windowRange(window, clock.now()).from;
      if (from >= series.loadedFrom) return;
      rawRange(series, from, series.loadedFrom, false);
      series.loadedFrom = from;
    },

    /** After a chart let go: a raw buffer keeps only what the remaining windows show. */
    narrow(series: Series) {
      if (series.kind !== 'raw' || series.holds.size === 0) return;
      const range = heldRange(series, clock.now());
      if (series.buffer.trim(range)) changed(series);
      series.loadedFrom = Math.max(series.loadedFrom, range.from);
    },

    /**
     * What may be missing since the last point held (a reconnect, a sleeping
     * tab, a chart back on screen). Raw: from the last point. Buckets: raw
     * points from the start of the last bucket, counted into it again; a gap
     * longer than `rawBackfillMs` (or nothing held) reloads the buckets.
     */
    backfill(series: Series) {
      series.queue = series.queue.then(() => {
        const now = clock.now();
        if (series.kind === 'raw') {
          const from = series.buffer.last()?.time ?? heldRange(series, now).from;
          rawRange(series, Math.max(from, series.loadedFrom), now, false);
          return;
        }
        const start = series.buffer.lastStart();
        if (start === undefined || now - start > deps.rawBackfillMs) {
          reload(series, false);
          return;
        }
        load(series, false, async () => {
          series.arrived ??= [];
          const points = await raw(series, start, now);
          return () => {
            series.buffer.refold(start, points, heldRange(series, clock.now()));
            foldArrived(series);
          };
        });
      });
    },

    /** Live points of this series; true when the snapshot changes. */
    receive(series: Series, points: readonly Point[]): boolean {
      const range = heldRange(series, clock.now());
      if (series.kind === 'raw') return series.buffer.insert(points, range) > 0;
      series.arrived?.push(...points);
      return series.buffer.fold(points, range) > 0;
    },
  };
}
