import { describe, expect, it } from 'vitest';
import type { SeriesRequest } from './live-data.ts';
import { liveDataHarness, pointsAt } from './test-support.ts';

const T0 = 1_700_000_000_000;
const HOUR = 3_600_000;
const temperature: SeriesRequest = {
  deviceId: 1,
  key: 'temperature',
  window: { kind: 'sliding', durationMs: HOUR },
};
const times = (points: readonly { time: number }[]) => points.map((p) => p.time - T0);

describe('a chart off screen', () => {
  it('is not told of changes, lets the live feed go after the linger time and backfills the gap when back', async () => {
    const { clock, frames, live, history, data, tick } = liveDataHarness(
      { lingerMs: 2000 },
      { now: T0 },
    );
    history.store(1, 'temperature', pointsAt(T0 - 1000));
    const store = data.series(temperature);
    let told = 0;
    store.subscribe(() => told++);
    await tick();
    told = 0;

    store.pause();
    live.push(1, 'temperature', pointsAt(T0 + 1000)); // still followed during the linger time
    frames.frame();
    expect(told).toBe(0);
    clock.advance(2000);
    expect(live.calls).toEqual(['subscribe 1 temperature', 'unsubscribe 1']);

    clock.advance(60_000);
    history.store(1, 'temperature', pointsAt(T0 + 1000, T0 + 10_000, T0 + 20_000));
    live.push(1, 'temperature', pointsAt(T0 + 15_000)); // not followed: never arrives
    store.resume();
    await tick();
    expect(live.calls.at(-1)).toBe('subscribe 1 temperature');
    expect(history.requests.at(-1)).toMatchObject({ from: T0 + 1000, to: T0 + 62_000 });
    expect(told).toBe(1);
    expect(times(store.getSnapshot().points)).toEqual([-1000, 1000, 10_000, 20_000]);
  });

  it('keeps the feed when it comes back within the linger time, and shows what came meanwhile', async () => {
    const { clock, frames, live, history, data, tick } = liveDataHarness(
      { lingerMs: 2000 },
      { now: T0 },
    );
    const store = data.series(temperature);
    let told = 0;
    store.subscribe(() => told++);
    await tick();
    store.pause();
    live.push(1, 'temperature', pointsAt(T0 + 500));
    frames.frame();
    clock.advance(1500);
    told = 0;
    store.resume();
    clock.advance(5000);
    await tick();
    expect(live.calls).toEqual(['subscribe 1 temperature']);
    expect(history.requests).toHaveLength(1);
    expect(told).toBe(1);
    expect(times(store.getSnapshot().points)).toEqual([500]);
  });

  it('loads its history once when it starts off screen, and follows the feed once shown', async () => {
    const { clock, live, history, data, tick } = liveDataHarness({}, { now: T0 });
    history.store(1, 'temperature', pointsAt(T0 - 1000));
    const store = data.series(temperature);
    store.pause();
    let told = 0;
    store.subscribe(() => told++);
    await tick();
    expect(history.requests).toHaveLength(1);
    expect(live.calls).toEqual([]);
    // Told once, so the chart shows what it holds rather than loading for ever.
    expect(told).toBe(1);
    expect(store.getSnapshot()).toMatchObject({ loading: false });
    expect(times(store.getSnapshot().points)).toEqual([-1000]);

    clock.advance(30_000);
    history.store(1, 'temperature', pointsAt(T0 + 20_000));
    store.resume();
    await tick();
    expect(live.calls).toEqual(['subscribe 1 temperature']);
    expect(history.requests.at(-1)).toMatchObject({ from: T0 - 1000, to: T0 + 30_000 });
    expect(times(store.getSnapshot().points)).toEqual([-1000, 20_000]);
  });

  it('narrows the feed to the keys still on screen', async () => {
    const { clock, live, data, tick } = liveDataHarness({ lingerMs: 1000 }, { now: T0 });
    const hidden = data.series(temperature);
    hidden.subscribe(() => undefined);
    data.series({ ...temperature, key: 'humidity' }).subscribe(() => undefined);
    await tick();
    hidden.pause();
    clock.advance(1000);
    expect(live.calls.at(-1)).toBe('subscribe 1 humidity');
    hidden.resume();
    expect(live.calls.at(-1)).toBe('subscribe 1 temperature,humidity');
  });

  it('is left out of the backfill after a reconnect, and backfills once shown', async () => {
    const { clock, live, history, data, tick } = liveDataHarness({ lingerMs: 0 }, { now: T0 });
    history.store(1, 'temperature', pointsAt(T0 - 1000));
    const store = data.series(temperature);
    store.subscribe(() => undefined);
    await tick();
    store.pause();
    live.transport({ type: 'disconnected', retrying: true });
    clock.advance(10_000);
    live.transport({ type: 'connected' });
    await tick();
    expect(history.requests).toHaveLength(1);

    history.store(1, 'temperature', pointsAt(T0 + 5000));
    store.resume();
    await tick();
    expect(history.requests).toHaveLength(2);
    expect(times(store.getSnapshot().points)).toEqual([-1000, 5000]);
  });

  it('ignores points another chart of the key brings while it is away, so its backfill has no hole', async () => {
    const { clock, live, history, data, tick } = liveDataHarness({ lingerMs: 0 }, { now: T0 });
    history.store(1, 'temperature', pointsAt(T0 - 1000));
    const away = data.series(temperature);
    away.subscribe(() => undefined);
    await tick();
    away.pause();
    // An aggregated chart of the same key (a series of its own) keeps the feed on the key.
    data.series({ ...temperature, buckets: 60 }).subscribe(() => undefined);
    await tick();
    clock.advance(10_000);
    history.store(1, 'temperature', pointsAt(T0 + 2000, T0 + 9000));
    live.push(1, 'temperature', pointsAt(T0 + 9000)); // T0 + 2000 was missed by everyone
    away.resume();
    await tick();
    expect(history.requests.at(-1)).toMatchObject({ from: T0 - 1000 });
    expect(times(away.getSnapshot().points)).toEqual([-1000, 2000, 9000]);
  });
});
