import type { StatusEvent } from '../contracts/live.ts';

/** One value of a series: `time` in epoch milliseconds, `value` a finite number. */
export interface Point {
  readonly time: number;
  readonly value: number;
}

/**
 * A point that stands for a bucket of values (aggregated history): `value`
 * is the bucket's average, placed halfway between its first and last value;
 * `bucket` says what it covers, so a chart can draw the lowest and highest
 * value as a band behind the line.
 */
export interface SeriesPoint extends Point {
  readonly bucket?: BucketSpan;
}

export interface BucketSpan {
  /** Bucket start and end (exclusive), epoch ms. */
  readonly start: number;
  readonly end: number;
  readonly min: number;
  readonly max: number;
  /** Values in the bucket. */
  readonly count: number;
}

/** A series is one data key of one device. */
export interface SeriesId {
  readonly deviceId: number;
  readonly key: string;
}

/**
 * The time range a chart shows: the last `durationMs` up to now (live), or a
 * fixed range in epoch milliseconds (from and to included).
 */
export type SeriesWindow =
  | { readonly kind: 'sliding'; readonly durationMs: number }
  | { readonly kind: 'fixed'; readonly from: number; readonly to: number };

/** Numeric points of one device that arrived on the live feed, times in epoch ms. Keys the client did not ask for are ignored. */
export interface LiveBatch {
  readonly deviceId: number;
  readonly points: readonly (Point & { readonly key: string })[];
}

/** A device's status colour changed (spec §4 Device status); its times in epoch ms. */
export type LiveDeviceStatus = Readonly<
  Omit<StatusEvent, 'lastDataAt' | 'lastConnectionAt'> & {
    lastDataAt: number | null;
    lastConnectionAt: number | null;
  }
>;

/**
 * What a transport reports about its connection. `retrying` says whether it
 * keeps trying on its own after a disconnect.
 */
export type TransportEvent =
  | { readonly type: 'connecting' }
  | { readonly type: 'connected' }
  | { readonly type: 'disconnected'; readonly retrying: boolean };

/** What the live feed answered to a subscription: `refused` when the caller may not see the device. */
export type SubscribeResult = 'subscribed' | 'refused';

/**
 * The live feed as the layer needs it. An adapter (socket-live-source.ts)
 * implements it over socket.io; tests drive a hand-made one.
 *
 * `subscribe(deviceId, keys)` sets the keys followed for that device,
 * replacing any earlier set (as the server does); `unsubscribe(deviceId)`
 * stops following the device. Both are only called while connected, and the
 * layer subscribes again to everything it holds after each `connected`
 * event, so a transport need not remember subscriptions across reconnects.
 * A rejected promise (no answer in time, a lost connection, the session
 * ended) changes nothing; the next connection subscribes again.
 */
export interface LiveSource {
  subscribe(deviceId: number, keys: readonly string[]): Promise<SubscribeResult>;
  unsubscribe(deviceId: number): void;
  onPoints(listener: (batch: LiveBatch) => void): () => void;
  onStatus(listener: (status: LiveDeviceStatus) => void): () => void;
  onTransport(listener: (event: TransportEvent) => void): () => void;
  /**
   * The server ended the subscriptions of these devices (the caller lost
   * access to them, or they were deleted): no more points will come.
   */
  onEnded(listener: (deviceIds: readonly number[]) => void): () => void;
  /** Whether it is connected right now (used when the layer starts). */
  isConnected(): boolean;
}

export interface HistoryRequest {
  readonly deviceId: number;
  readonly key: string;
  /** Epoch ms. Whether the ends are inclusive does not matter: duplicates are dropped on merge. */
  readonly from: number;
  readonly to: number;
  /** The most points the answer should hold; the server thins longer ranges. */
  readonly maxPoints: number;
  readonly signal?: AbortSignal;
}

export interface BucketRequest {
  readonly deviceId: number;
  readonly key: string;
  /** Epoch ms, both included. */
  readonly from: number;
  readonly to: number;
  /** At most this many buckets (the chart's width in pixels). */
  readonly buckets: number;
  readonly signal?: AbortSignal;
}

/** One bucket of aggregated history, times in epoch ms. */
export interface Bucket {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
  readonly min: number;
  readonly max: number;
  readonly sum: number;
  readonly count: number;
  /** Times of the first and last value in the bucket. */
  readonly firstTime: number;
  readonly lastTime: number;
}

export interface BucketHistory {
  /** The width the server chose (nominal: a day bucket may last 23 or 25 hours). */
  readonly bucketMs: number;
  /**
   * An instant on a bucket edge near the end of the range, so buckets made
   * later from live points line up with the server's. Edges fall every
   * `bucketMs` from it (for widths below a day).
   */
  readonly edge: number;
  /** Oldest first; buckets without values are left out. */
  readonly buckets: readonly Bucket[];
}

/**
 * Stored points of a series over REST, raw or in buckets. An adapter
 * (http-history-source.ts) implements it over fetch.
 */
export interface HistorySource {
  fetch(request: HistoryRequest): Promise<readonly Point[]>;
  fetchBuckets(request: BucketRequest): Promise<BucketHistory>;
}

/**
 * Connection state as the console shows it: `connecting` before the first
 * connection, `live` while connected, `reconnecting` after losing a
 * connection while the transport retries, `offline` when it does not retry.
 */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** A framework-neutral external store; fits React's useSyncExternalStore and XState callback actors. */
export interface Store<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}
