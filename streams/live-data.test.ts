import { describe, expect, it } from 'vitest';
import { createLiveData, type LiveDataOptions, type SeriesRequest } from './live-data.ts';
import {
  ManualClock,
  ManualFrames,
  ManualHistory,
  ManualLiveSource,
  ManualVisibility,
  pointsAt,
  settle,
} from './test-support.ts';

const T0 = 1_700_000_000_000;
const HOUR = 3_600_000;
const temperature: SeriesRequest = {
  deviceId: 1,
  key: 'temperature',
  window: { kind: 'sliding', durationMs: HOUR },
};

function setup(options: LiveDataOptions = {}, { connected = true } = {}) {
  const clock = new ManualClock(T0);
  const frames = new ManualFrames();
  const visibility = new ManualVisibility();
  const live = new ManualLiveSource();
  const history = new ManualHistory();
  if (connected) live.transport({ type: 'connected' });
  const data = createLiveData({ live, history, clock, frames, visibility }, options);
  /** Lets history answer, then paints one frame. */
  const tick = async () => {
    await settle();
    frames.frame();
  };
  return { clock, frames, visibility, live, history, data, tick };
}

const times = (points: readonly { time: number }[]) => points.map((p) => p.time - T0);

describe('createLiveData', () => {
  it('loads the window from history, then appends live points', async () => {
    const { live, history, data, tick } = setup();
    history.store(1, 'temperature', pointsAt(T0 - 2 * HOUR, T0 - 3000, T0 - 2000, T0 - 1000));
    const store = data.series(temperature);
    expect(store.getSnapshot().loading).toBe(true);
    store.subscribe(() => undefined);
    await tick();
    expect(history.requests).toMatchObject([
      { deviceId: 1, key: 'temperature', from: T0 - HOUR, to: T0 },
    ]);
    expect(store.getSnapshot()).toMatchObject({ loading: false, error: null, refused: false });
    expect(times(store.getSnapshot().points)).toEqual([-3000, -2000, -1000]);

    live.push(1, 'temperature', pointsAt(T0 + 1000));
    await tick();
    expect(times(store.getSnapshot().points)).toEqual([-3000, -2000, -1000, 1000]);
  });

  it('drops live points at instants already held, keeping the first value', async () => {
    const { live, history, data, tick } = setup();
    history.store(1, 'temperature', [{ time: T0 - 1000, value: 7 }]);
    const store = data.series(temperature);
    store.subscribe(() => undefined);
    await tick();
    live.push(1, 'temperature', [
      { time: T0 - 1000, value: 99 },
      { time: T0 + 1000, value: 8 },
      { time: T0 + 1000, value: 9 },
    ]);
    await tick();
    expect(store.getSnapshot().points).toEqual([
      { time: T0 - 1000, value: 7 },
      { time: T0 + 1000, value: 8 },
    ]);
  });

  it('sorts live points that arrive out of order', async () => {
    const { live, data, tick } = setup();
    const store = data.series(temperature);
    store.subscribe(() => undefined);
    await tick();
    live.push(1, 'temperature', pointsAt(T0 + 3000));
    live.push(1, 'temperature', pointsAt(T0 + 1000, T0 + 4000));
    live.push(1, 'temperature', pointsAt(T0 + 2000));
    await tick();
    expect(times(store.getSnapshot().points)).toEqual([1000, 2000, 3000, 4000]);
  });

  it('keeps a sliding window to its duration as time passes', async () => {
    const { clock, live, data, tick } = setup();
    const store = data.series({ ...temperature, window: { kind: 'sliding', durationMs: 10_000 } });
    store.subscribe(() => undefined);
    await tick();
    for (let s = 1; s <= 30; s++) {
      clock.advance(1000);
      live.push(1, 'temperature', pointsAt(clock.now()));
    }
    await tick();
    expect(times(store.getSnapshot().points)).toEqual(
      [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30].map((s) => s * 1000),
    );
  });

  it('drops live points after the end of a fixed window', async () => {
    const { live, data, tick } = setup();
    const store = data.series({
      ...temperature,
      window: { kind: 'fixed', from: T0 - HOUR, to: T0 + 5000 },
    });
    store.subscribe(() => undefined);
    await tick();
    live.push(1, 'temperature', pointsAt(T0 + 1000, T0 + 9000));
    await tick();
    expect(times(store.getSnapshot().points)).toEqual([1000]);
  });

  it('gives each chart its own window of a shared series', async () => {
    const { history, data, tick } = setup();
    history.store(1, 'temperature', pointsAt(T0 - 2 * HOUR, T0 - 30 * 60_000, T0 - 1000));
    const hour = data.series(temperature);
    const twoHours = data.series({
      ...temperature,
      window: { kind: 'sliding', durationMs: 2 * HOUR },
    });
    hour.subscribe(() => undefined);
    twoHours.subscribe(() => undefined);
    await tick();
    // The wider window asks only for the part before what the first one loaded.
    expect(history.requests.map((r) => [r.from - T0, r.to - T0])).toEqual([
      [-HOUR, 0],
      [-2 * HOUR, -HOUR],
    ]);
    expect(hour.getSnapshot().points).toHaveLength(2);
    expect(twoHours.getSnapshot().points).toHaveLength(3);
  });

  it('backfills from the last point held after a reconnect, without duplicates', async () => {
    const { clock, live, history, data, tick } = setup();
    const store = data.series(temperature);
    store.subscribe(() => undefined);
    await tick();
    live.push(1, 'temperature', pointsAt(T0 + 1000, T0 + 2000));
    history.store(1, 'temperature', pointsAt(T0 + 1000, T0 + 2000));

    live.transport({ type: 'disconnected', retrying: true });
    expect(data.connection.getSnapshot()).toBe('reconnecting');
    clock.advance(60_000);
    history.store(1, 'temperature', pointsAt(T0 + 10_000, T0 + 20_000));
    live.push(1, 'temperature', pointsAt(T0 + 15_000)); // lost: nobody is listening
    live.transport({ type: 'connected' });
    await tick();

    expect(live.calls).toEqual(['subscribe 1 temperature', 'subscribe 1 temperature']);
    expect(history.requests.at(-1)).toMatchObject({ from: T0 + 2000, to: T0 + 60_000 });
    expect(times(store.getSnapshot().points)).toEqual([1000, 2000, 10_000, 20_000]);
    expect(data.connection.getSnapshot()).toBe('live');
  });

  it('backfills after a reconnect only once the server follows the device again', async () => {
    const { clock, live, history, data, tick } = setup();
    const store = data.series(temperature);
    store.subscribe(() => undefined);
    await tick();
    live.transport({ type: 'disconnected', retrying: true });
    clock.advance(60_000);
    live.holdAnswers = true;
    live.transport({ type: 'connected' });
    await tick();
    const before = history.requests.length;
    // Ingested while the subscription was on its way: neither the feed nor an early read has it.
    history.store(1, 'temperature', pointsAt(T0 + 59_000));
    live.push(1, 'temperature', pointsAt(T0 + 59_000));
    await tick();
    expect(history.requests).toHaveLength(before);
    live.answer();
    await tick();
    expect(history.requests).toHaveLength(before + 1);
    expect(times(store.getSnapshot().points)).toEqual([59_000]);
  });

  it('backfills a series created before the first connection once it connects', async () => {
    const { clock, live, history, data, tick } = setup({}, { connected: false });
    history.store(1, 'temperature', pointsAt(T0 - 1000));
    const store = data.series(temperature);
    store.subscribe(() => undefined);
    await tick();
    expect(live.calls).toEqual([]);
    clock.advance(5000);
    history.store(1, 'temperature', pointsAt(T0 + 3000));
    live.transport({ type: 'connected' });
    await tick();
    expect(live.calls).toEqual(['subscribe 1 temperature']);
    expect(history.requests.at(-1)).toMatchObject({ from: T0 - 1000, to: T0 + 5000 });
    expect(times(store.getSnapshot().points)).toEqual([-1000, 3000]);
  });

  it('backfills after the tab slept, not after a short look away', async () => {
    const { clock, visibility, history, data, tick } = setup({ sleepGapMs: 30_000 });
    history.store(1, 'temperature', pointsAt(T0 - 1000));
    const store = data.series(temperature);
    store.subscribe(() => undefined);
    await tick();

    visibility.set(true);
    clock.advance(5_000);
    visibility.set(false);
    await tick();
    expect(history.requests).toHaveLength(1);

    visibility.set(true);
    clock.advance(10 * 60_000);
    history.store(1, 'temperature', pointsAt(T0 + 60_000, T0 + 120_000));
    visibility.set(false);
    await tick();
    expect(history.requests).toHaveLength(2);
    expect(history.requests[1]).toMatchObject({ from: T0 - 1000, to: clock.now() });
    expect(times(store.getSnapshot().points)).toEqual([-1000, 60_000, 120_000]);
  });

  it('holds one live subscription per series however many charts show it', async () => {
    const { clock, live, history, data, tick } = setup({ lingerMs: 2000 });
    const first = data.series(temperature).subscribe(() => undefined);
    const second = data.series(temperature).subscribe(() => undefined);
    const humidity = data.series({ ...temperature, key: 'humidity' }).subscribe(() => undefined);
    await tick();
    expect(live.calls).toEqual(['subscribe 1 temperature', 'subscribe 1 temperature,humidity']);
    expect(history.requests).toHaveLength(2);

    first();
    first();
    clock.advance(10_000);
    expect(live.calls).toHaveLength(2);
    second();
    clock.advance(1000);
    expect(live.calls).toHaveLength(2);
    clock.advance(1000);
    expect(live.calls.at(-1)).toBe('subscribe 1 humidity');
    humidity();
    clock.advance(2000);
    expect(live.calls.at(-1)).toBe('unsubscribe 1');
    expect(live.following.size).toBe(0);
  });

  it('keeps a series that comes back within the linger time', async () => {
    const { clock, live, history, data, tick } = setup({ lingerMs: 2000 });
    const store = data.series(temperature);
    store.subscribe(() => undefined)();
    clock.advance(1000);
    store.subscribe(() => undefined);
    clock.advance(5000);
    await tick();
    expect(live.calls).toEqual(['subscribe 1 temperature']);
    expect(history.requests).toHaveLength(1);
  });

  it('tells each listener at most once per frame', async () => {
    const { live, frames, data, tick } = setup();
    const store = data.series(temperature);
    let calls = 0;
    store.subscribe(() => calls++);
    await tick();
    calls = 0;
    for (let i = 1; i <= 50; i++) live.push(1, 'temperature', pointsAt(T0 + i * 1000));
    expect(calls).toBe(0);
    expect(frames.pending).toBe(1);
    const before = store.getSnapshot();
    frames.frame();
    expect(calls).toBe(1);
    const after = store.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.points).toHaveLength(50);
    expect(store.getSnapshot()).toBe(after);
    frames.frame();
    expect(calls).toBe(1);
  });

  it('tells the series changed in one frame one after the other, as its `between` paces them', async () => {
    const clock = new ManualClock(T0);
    const frames = new ManualFrames();
    const live = new ManualLiveSource();
    live.transport({ type: 'connected' });
    const paced: (() => void)[] = [];
    const data = createLiveData({
      live,
      history: new ManualHistory(),
      clock,
      frames,
      visibility: new ManualVisibility(),
      between: (next) => paced.push(next),
    });
    const told: string[] = [];
    for (const key of ['a', 'b', 'c'])
      data.series({ ...temperature, key }).subscribe(() => told.push(key));
    await settle();
    frames.frame();
    paced.splice(0).forEach((next) => next());
    while (paced.length > 0) paced.splice(0).forEach((next) => next());
    told.length = 0;
    for (const key of ['a', 'b', 'c']) live.push(1, key, pointsAt(T0 + 1000));
    frames.frame();
    // The first in the frame; each next one when its turn comes.
    expect(told).toEqual(['a']);
    paced.shift()?.();
    expect(told).toEqual(['a', 'b']);
    paced.shift()?.();
    expect(told).toEqual(['a', 'b', 'c']);
    expect(paced).toHaveLength(0);
  });

  it('ignores points of series nobody holds', async () => {
    const { live, frames, data, tick } = setup();
    data.series(temperature).subscribe(() => undefined);
    await tick();
    live.following.set(1, ['temperature', 'pressure']);
    live.push(1, 'pressure', pointsAt(T0 + 1000));
    expect(frames.pending).toBe(0);
  });

  it('reports connection state changes to its listeners', () => {
    const { live, data } = setup({}, { connected: false });
    const seen: string[] = [data.connection.getSnapshot()];
    data.connection.subscribe(() => seen.push(data.connection.getSnapshot()));
    live.transport({ type: 'connecting' });
    live.transport({ type: 'connected' });
    live.transport({ type: 'disconnected', retrying: true });
    live.transport({ type: 'connecting' });
    live.transport({ type: 'connected' });
    live.transport({ type: 'disconnected', retrying: false });
    expect(seen).toEqual(['connecting', 'live', 'reconnecting', 'live', 'offline']);
  });

  it('says when the live feed refuses a device and when history fails', async () => {
    const { live, history, data, tick } = setup();
    live.refuse.add(1);
    history.failWith = new Error('Not Found');
    const store = data.series(temperature);
    store.subscribe(() => undefined);
    await tick();
    expect(store.getSnapshot()).toMatchObject({
      refused: true,
      loading: false,
      error: 'Not Found',
    });
  });

  it('passes device status changes on', () => {
    const { live, data } = setup();
    const seen: number[] = [];
    data.onDeviceStatus((s) => seen.push(s.deviceId));
    live.status({ deviceId: 4, status: 'red', lastDataAt: null, lastConnectionAt: null });
    expect(seen).toEqual([4]);
  });

  it('ends everything on dispose', async () => {
    const { live, frames, data, tick } = setup();
    data.series(temperature).subscribe(() => undefined);
    await tick();
    data.dispose();
    expect(live.calls.at(-1)).toBe('unsubscribe 1');
    live.push(1, 'temperature', pointsAt(T0 + 1000));
    expect(frames.pending).toBe(0);
  });
});

describe('createLiveData: ended subscriptions, freshness and sleeping machines', () => {
  it('stops a series whose subscription the server ended and says so; a later connection asks again', async () => {
    const { live, history, data, tick } = setup();
    history.store(1, 'temperature', pointsAt(T0 - 1000));
    const store = data.series(temperature);
    const other = data.series({ ...temperature, deviceId: 2 });
    let told = 0;
    store.subscribe(() => told++);
    other.subscribe(() => undefined);
    await tick();
    expect(store.getSnapshot().refused).toBe(false);
    told = 0;

    live.end([1]);
    await tick();
    expect(told).toBe(1);
    expect(store.getSnapshot().refused).toBe(true);
    expect(other.getSnapshot().refused).toBe(false);
    live.push(1, 'temperature', pointsAt(T0 + 1000)); // the server sends nothing more
    await tick();
    expect(times(store.getSnapshot().points)).toEqual([-1000]);

    // Access came back (a move undone): the next connection subscribes again and says so.
    live.transport({ type: 'disconnected', retrying: true });
    live.transport({ type: 'connected' });
    await tick();
    expect(store.getSnapshot().refused).toBe(false);
    live.push(1, 'temperature', pointsAt(T0 + 2000));
    await tick();
    expect(times(store.getSnapshot().points)).toEqual([-1000, 2000]);
  });

  it('stays refused after a reconnect when the device is still out of reach', async () => {
    const { live, data, tick } = setup();
    const store = data.series(temperature);
    store.subscribe(() => undefined);
    await tick();
    live.end([1]);
    live.refuse.add(1);
    live.transport({ type: 'disconnected', retrying: true });
    live.transport({ type: 'connected' });
    await tick();
    expect(store.getSnapshot().refused).toBe(true);
  });

  it('gives the time of the newest value held, raw and in buckets', async () => {
    const { live, history, data, tick } = setup();
    history.store(1, 'temperature', pointsAt(T0 - 5 * HOUR, T0 - 3000, T0 - 1000));
    const raw = data.series(temperature);
    const buckets = data.series({ ...temperature, buckets: 60 });
    const empty = data.series({ ...temperature, key: 'humidity' });
    raw.subscribe(() => undefined);
    buckets.subscribe(() => undefined);
    empty.subscribe(() => undefined);
    expect(raw.getSnapshot().lastPointAt).toBeNull();
    await tick();
    expect(raw.getSnapshot().lastPointAt).toBe(T0 - 1000);
    expect(buckets.getSnapshot().lastPointAt).toBe(T0 - 1000);
    expect(empty.getSnapshot().lastPointAt).toBeNull();

    live.push(1, 'temperature', pointsAt(T0 + 4000));
    await tick();
    expect(raw.getSnapshot().lastPointAt).toBe(T0 + 4000);
    expect(buckets.getSnapshot().lastPointAt).toBe(T0 + 4000);
  });

  it('backfills when its timers stopped for the sleep gap with the tab in front, once', async () => {
    const { clock, history, data, tick } = setup({ sleepGapMs: 30_000 });
    history.store(1, 'temperature', pointsAt(T0 - 1000));
    const store = data.series(temperature);
    store.subscribe(() => undefined);
    await tick();
    clock.advance(5 * 60_000); // awake: heartbeats on time, nothing asked
    await tick();
    expect(history.requests).toHaveLength(1);

    history.store(1, 'temperature', pointsAt(T0 + 6 * 60_000, T0 + 7 * 60_000));
    clock.sleep(10 * 60_000);
    await tick();
    expect(history.requests).toHaveLength(2);
    expect(history.requests[1]).toMatchObject({ from: T0 - 1000, to: clock.now() });
    expect(times(store.getSnapshot().points)).toEqual([-1000, 6 * 60_000, 7 * 60_000]);
    clock.advance(60_000);
    await tick();
    expect(history.requests).toHaveLength(2);
  });
});
