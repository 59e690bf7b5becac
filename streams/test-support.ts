/**
 * Hand-driven sources, clock, frames and visibility for the tests of
 * streams/ (imported by *.test.ts only, never by the product).
 */
import type { Clock, FrameScheduler, TimerId, Visibility } from './environment.ts';
import { createLiveData, type LiveDataOptions } from './live-data.ts';
import type {
  Bucket,
  BucketHistory,
  BucketRequest,
  HistoryRequest,
  HistorySource,
  LiveBatch,
  LiveDeviceStatus,
  LiveSource,
  Point,
  SubscribeResult,
  TransportEvent,
} from './types.ts';

export class ManualClock implements Clock {
  private timers = new Map<TimerId, { at: number; callback: () => void }>();
  private nextId = 1;

  constructor(private time = 0) {}

  now = () => this.time;

  setTimeout = (callback: () => void, ms: number): TimerId => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  };

  clearTimeout = (id: TimerId) => {
    this.timers.delete(id);
  };

  /**
   * Moves time on without running anything meanwhile (a machine asleep),
   * then fires the timers that fell due, late, in order.
   */
  sleep(ms: number): void {
    this.time += ms;
    const due = [...this.timers]
      .filter(([, t]) => t.at <= this.time)
      .sort((a, b) => a[1].at - b[1].at);
    for (const [id, timer] of due) {
      this.timers.delete(id);
      timer.callback();
    }
  }

  /** Moves time on, firing the timers that fall due in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at);
      const next = due[0];
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].callback();
    }
    this.time = end;
  }
}

export class ManualFrames implements FrameScheduler {
  private callbacks = new Map<number, () => void>();
  private nextId = 1;

  request(callback: () => void): () => void {
    const id = this.nextId++;
    this.callbacks.set(id, callback);
    return () => this.callbacks.delete(id);
  }

  get pending(): number {
    return this.callbacks.size;
  }

  /** Runs the callbacks requested before this frame. */
  frame(): void {
    const due = [...this.callbacks.values()];
    this.callbacks.clear();
    for (const callback of due) callback();
  }
}

export class ManualVisibility implements Visibility {
  private hidden = false;
  private listeners = new Set<() => void>();

  isHidden = () => this.hidden;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(hidden: boolean): void {
    this.hidden = hidden;
    for (const listener of [...this.listeners]) listener();
  }
}

export class ManualLiveSource implements LiveSource {
  connected = false;
  /** The keys followed per device, as the server would hold them. */
  readonly following = new Map<number, readonly string[]>();
  readonly calls: string[] = [];
  readonly refuse = new Set<number>();
  private pointListeners = new Set<(batch: LiveBatch) => void>();
  private statusListeners = new Set<(status: LiveDeviceStatus) => void>();
  private transportListeners = new Set<(event: TransportEvent) => void>();
  private endedListeners = new Set<(deviceIds: readonly number[]) => void>();

  /** Subscriptions wait for `answer()`, as over a slow server, rather than being answered at once. */
  holdAnswers = false;
  private held: (() => void)[] = [];

  subscribe(deviceId: number, keys: readonly string[]): Promise<SubscribeResult> {
    this.calls.push(`subscribe ${deviceId} ${keys.join(',')}`);
    const settle = (): SubscribeResult => {
      if (this.refuse.has(deviceId)) return 'refused';
      this.following.set(deviceId, [...keys]);
      return 'subscribed';
    };
    if (!this.holdAnswers) return Promise.resolve(settle());
    return new Promise((resolve) => this.held.push(() => resolve(settle())));
  }

  /** Answers the subscriptions held so far: the server follows those devices from now on. */
  answer(): void {
    const held = this.held;
    this.held = [];
    for (const release of held) release();
  }

  unsubscribe(deviceId: number): void {
    this.calls.push(`unsubscribe ${deviceId}`);
    this.following.delete(deviceId);
  }

  onPoints(listener: (batch: LiveBatch) => void) {
    this.pointListeners.add(listener);
    return () => this.pointListeners.delete(listener);
  }

  onStatus(listener: (status: LiveDeviceStatus) => void) {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onTransport(listener: (event: TransportEvent) => void) {
    this.transportListeners.add(listener);
    return () => this.transportListeners.delete(listener);
  }

  onEnded(listener: (deviceIds: readonly number[]) => void) {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  isConnected = () => this.connected;

  /** The server ends the subscriptions of devices (`subscriptions.ended`), as after a move. */
  end(deviceIds: readonly number[]): void {
    for (const deviceId of deviceIds) this.following.delete(deviceId);
    for (const listener of [...this.endedListeners]) listener(deviceIds);
  }

  transport(event: TransportEvent): void {
    this.connected = event.type === 'connected';
    if (!this.connected) this.following.clear();
    for (const listener of [...this.transportListeners]) listener(event);
  }

  /** Sends points the way the server does: only keys the device is followed for. */
  push(deviceId: number, key: string, points: readonly Point[]): void {
    if (!this.following.get(deviceId)?.includes(key)) return;
    const batch: LiveBatch = { deviceId, points: points.map((p) => ({ ...p, key })) };
    for (const listener of [...this.pointListeners]) listener(batch);
  }

  status(status: LiveDeviceStatus): void {
    for (const listener of [...this.statusListeners]) listener(status);
  }
}

const MINUTE = 60_000;
/** Bucket widths as the history route chooses them (docs/live.md), then whole days. */
const LADDER = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720].map((m) => m * MINUTE);
const DAY = 1440 * MINUTE;

/**
 * History from points stored per (device, key), answering inclusive ranges:
 * raw, or in buckets of the narrowest width of the route's ladder that gives
 * at most the buckets asked for, on edges counted from the epoch (UTC).
 */
export class ManualHistory implements HistorySource {
  readonly requests: HistoryRequest[] = [];
  readonly bucketRequests: BucketRequest[] = [];
  private stored = new Map<string, Point[]>();
  failWith: Error | undefined;

  store(deviceId: number, key: string, points: readonly Point[]): void {
    const id = `${deviceId}/${key}`;
    this.stored.set(id, [...(this.stored.get(id) ?? []), ...points]);
  }

  async fetch(request: HistoryRequest): Promise<readonly Point[]> {
    this.requests.push(request);
    if (this.failWith) throw this.failWith;
    const points = this.stored.get(`${request.deviceId}/${request.key}`) ?? [];
    return points
      .filter((p) => p.time >= request.from && p.time <= request.to)
      .sort((a, b) => a.time - b.time);
  }

  async fetchBuckets(request: BucketRequest): Promise<BucketHistory> {
    this.bucketRequests.push(request);
    if (this.failWith) throw this.failWith;
    const wanted = (request.to - request.from) / Math.max(1, request.buckets - 1);
    const width = LADDER.find((w) => w >= wanted) ?? Math.ceil(wanted / DAY) * DAY;
    const points = (this.stored.get(`${request.deviceId}/${request.key}`) ?? [])
      .filter((p) => p.time >= request.from && p.time <= request.to)
      .sort((a, b) => a.time - b.time);
    const buckets: Bucket[] = [];
    for (const p of points) {
      const start = Math.floor(p.time / width) * width;
      const last = buckets[buckets.length - 1];
      if (last?.start === start) {
        buckets[buckets.length - 1] = {
          ...last,
          min: Math.min(last.min, p.value),
          max: Math.max(last.max, p.value),
          sum: last.sum + p.value,
          count: last.count + 1,
          lastTime: p.time,
        };
      } else {
        buckets.push({
          start,
          end: start + width,
          min: p.value,
          max: p.value,
          sum: p.value,
          count: 1,
          firstTime: p.time,
          lastTime: p.time,
        });
      }
    }
    return { bucketMs: width, edge: Math.floor(request.to / width) * width, buckets };
  }
}

/** Lets every pending promise callback run. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Points at the given times with value = time / 1000. */
export const pointsAt = (...times: number[]): Point[] =>
  times.map((time) => ({ time, value: time / 1000 }));

/**
 * A LiveData on hand-driven sources, connected unless told otherwise.
 * `tick` lets history answer, then paints one frame.
 */
export function liveDataHarness(
  options: LiveDataOptions = {},
  { connected = true, now = 1_700_000_000_000 } = {},
) {
  const clock = new ManualClock(now);
  const frames = new ManualFrames();
  const visibility = new ManualVisibility();
  const live = new ManualLiveSource();
  const history = new ManualHistory();
  if (connected) live.transport({ type: 'connected' });
  const data = createLiveData({ live, history, clock, frames, visibility }, options);
  const tick = async () => {
    await settle();
    frames.frame();
  };
  return { clock, frames, visibility, live, history, data, tick };
}
