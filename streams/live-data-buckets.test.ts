import { describe, expect, it } from 'vitest';
import type { SeriesRequest } from './live-data.ts';
import type { LiveDataOptions } from './live-data.ts';
import { liveDataHarness } from './test-support.ts';

// On a whole hour, so the fake history's hourly buckets start at NOW - k hours.
const NOW = Date.UTC(2024, 0, 15, 12);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const day: SeriesRequest = {
  deviceId: 1,
  key: 'temperature',
  window: { kind: 'sliding', durationMs: DAY },
  buckets: 25, // one day in 24 intervals: hourly buckets
};
const at = (minutes: number, value: number) => ({ time: NOW + minutes * MINUTE, value });

function loaded(options: LiveDataOptions = {}) {
  const harness = liveDataHarness(options, { now: NOW });
  harness.history.store(1, 'temperature', [at(-30 * 60, 9), at(-50, 1), at(-20, 3)]);
  const store = harness.data.series(day);
  store.subscribe(() => undefined);
  /** [bucket start in minutes from NOW, count, average, min, max] of every bucket. */
  const buckets = () =>
    store
      .getSnapshot()
      .points.map((p) => [
        ((p.bucket?.start ?? NaN) - NOW) / MINUTE,
        p.bucket?.count,
        p.value,
        p.bucket?.min,
        p.bucket?.max,
      ]);
  return { ...harness, store, buckets };
}

describe('an aggregated series', () => {
  it('loads its window as buckets, with their range', async () => {
    const { history, store, buckets, tick } = loaded();
    await tick();
    expect(history.requests).toHaveLength(0);
    expect(history.bucketRequests).toMatchObject([
      { deviceId: 1, key: 'temperature', from: NOW - DAY, to: NOW, buckets: 25 },
    ]);
    expect(store.getSnapshot()).toMatchObject({ loading: false, error: null, bucketMs: HOUR });
    // The old point (30 hours ago) is outside the window.
    expect(buckets()).toEqual([[-60, 2, 2, 1, 3]]);
    expect(store.getSnapshot().points[0]?.time).toBe(NOW - 35 * MINUTE);
  });

  it('asks a day that has just begun for the whole day, so its buckets are hours from its first minute', async () => {
    const midnight = Date.UTC(2024, 0, 16);
    const harness = liveDataHarness({}, { now: midnight + 5 * MINUTE });
    harness.history.store(1, 'visitors', [{ time: midnight + 2 * MINUTE, value: 4 }]);
    const today: SeriesRequest = {
      deviceId: 1,
      key: 'visitors',
      window: { kind: 'fixed', from: midnight, to: midnight + DAY - 1 },
      buckets: 25,
    };
    const store = harness.data.series(today);
    store.subscribe(() => undefined);
    await harness.tick();
    expect(harness.history.bucketRequests).toMatchObject([
      { from: midnight, to: midnight + DAY - 1 },
    ]);
    expect(store.getSnapshot().bucketMs).toBe(HOUR);
    // A visitor later in the first hour counts into the same bucket, not a minute of its own.
    harness.clock.advance(40 * MINUTE);
    harness.live.push(1, 'visitors', [{ time: midnight + 44 * MINUTE, value: 1 }]);
    await harness.tick();
    expect(store.getSnapshot().points.map((p) => p.bucket?.count)).toEqual([2]);
  });

  it('counts live points into the last bucket, opening the next one on the grid', async () => {
    const { live, clock, buckets, tick } = loaded();
    await tick();
    live.push(1, 'temperature', [at(-10, 5)]);
    clock.advance(2 * MINUTE);
    live.push(1, 'temperature', [at(1, 5), at(2, 7)]);
    await tick();
    expect(buckets()).toEqual([
      [-60, 3, 3, 1, 5],
      [0, 2, 6, 5, 7],
    ]);
  });

  it('counts points that come while the first answer is on its way exactly once', async () => {
    const { live, buckets, tick } = loaded();
    // Before history answers: -20 is in the answer already, 1 is not.
    live.push(1, 'temperature', [at(-20, 3), at(1, 5)]);
    await tick();
    expect(buckets()).toEqual([
      [-60, 2, 2, 1, 3],
      [0, 1, 5, 5, 5],
    ]);
  });

  it('shares the live subscription with a raw chart of the same key', async () => {
    const { live, data, buckets, store, tick } = loaded();
    const raw = data.series({ ...day, buckets: undefined });
    raw.subscribe(() => undefined);
    await tick();
    live.push(1, 'temperature', [at(1, 4)]);
    await tick();
    expect(new Set(live.calls)).toEqual(new Set(['subscribe 1 temperature']));
    expect(raw.getSnapshot().points.at(-1)).toEqual(at(1, 4));
    expect(buckets().at(-1)).toEqual([0, 1, 4, 4, 4]);
    expect(store.getSnapshot().bucketMs).toBe(HOUR);
    expect(raw.getSnapshot().bucketMs).toBeNull();
  });

  it('backfills after a reconnect from the start of its last bucket, counting nothing twice', async () => {
    const { live, clock, history, buckets, tick } = loaded();
    await tick();
    live.push(1, 'temperature', [at(1, 5)]);
    history.store(1, 'temperature', [at(1, 5)]);
    live.transport({ type: 'disconnected', retrying: true });
    clock.advance(30 * MINUTE);
    history.store(1, 'temperature', [at(10, 9), at(20, 1)]);
    live.transport({ type: 'connected' });
    await tick();
    expect(history.requests.at(-1)).toMatchObject({ from: NOW, to: NOW + 30 * MINUTE });
    expect(buckets()).toEqual([
      [-60, 2, 2, 1, 3],
      [0, 3, 5, 1, 9],
    ]);
  });

  it('reloads its buckets after a gap longer than the raw backfill', async () => {
    const { live, clock, history, buckets, tick } = loaded({ rawBackfillMs: 6 * HOUR });
    await tick();
    live.transport({ type: 'disconnected', retrying: true });
    clock.advance(7 * HOUR);
    history.store(1, 'temperature', [at(5 * 60 + 30, 8)]);
    live.transport({ type: 'connected' });
    await tick();
    expect(history.requests).toHaveLength(0);
    expect(history.bucketRequests.at(-1)).toMatchObject({ from: NOW + 7 * HOUR - DAY });
    expect(buckets()).toEqual([
      [-60, 2, 2, 1, 3],
      [5 * 60, 1, 8, 8, 8],
    ]);
  });

  it('says when its history fails, and keeps counting live points once it loads', async () => {
    const { live, history, store, buckets, tick } = loaded();
    history.failWith = new Error('Bad Gateway');
    await tick();
    expect(store.getSnapshot()).toMatchObject({ loading: false, error: 'Bad Gateway', points: [] });
    history.failWith = undefined;
    live.transport({ type: 'disconnected', retrying: true });
    live.transport({ type: 'connected' });
    await tick();
    expect(store.getSnapshot().error).toBeNull();
    expect(buckets()).toEqual([[-60, 2, 2, 1, 3]]);
  });
});
