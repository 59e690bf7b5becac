import { describe, expect, it } from 'vitest';
import type { CommittedBatch } from '../ingest/events.ts';
import { createCoalescer } from './coalescer.ts';

function harness(maxPoints = 5) {
  const sent: CommittedBatch[] = [];
  const timers: { run: () => void; cancelled: boolean }[] = [];
  const clock = { now: 1000 };
  const coalescer = createCoalescer({
    maxDelayMs: 15,
    maxPoints,
    now: () => clock.now,
    flush: (batch) => sent.push(batch),
    setTimer: (run) => {
      const timer = { run, cancelled: false };
      timers.push(timer);
      return { cancel: () => (timer.cancelled = true) };
    },
  });
  const fire = () => {
    clock.now += 15;
    timers.filter((t) => !t.cancelled).forEach((t) => t.run());
  };
  return { sent, timers, coalescer, fire, clock };
}

const batch = (deviceId: number, keys: string[]): CommittedBatch => ({
  deviceId,
  orgUuid: 'org',
  points: keys.map((key, i) => ({
    key,
    time: `2024-01-01T00:00:0${i}Z`,
    value: i,
    textValue: null,
  })),
});

describe('live coalescer', () => {
  it('sends a quiet device at once, then holds its points for the rest of the window', () => {
    const { sent, coalescer, fire, clock } = harness();
    coalescer.add(batch(1, ['a']));
    coalescer.add(batch(2, ['x']));
    expect(sent.map((b) => [b.deviceId, b.points.map((p) => p.key)])).toEqual([
      [1, ['a']],
      [2, ['x']],
    ]);
    clock.now += 5;
    coalescer.add(batch(1, ['b', 'c']));
    coalescer.add(batch(1, ['d']));
    expect(sent).toHaveLength(2);
    fire();
    expect(sent.map((b) => [b.deviceId, b.points.map((p) => p.key)])).toEqual([
      [1, ['a']],
      [2, ['x']],
      [1, ['b', 'c', 'd']],
    ]);
    // Quiet for a whole window again: no wait.
    clock.now += 15;
    coalescer.add(batch(2, ['y']));
    expect(sent.at(-1)?.points.map((p) => p.key)).toEqual(['y']);
  });

  it('sends a device at once when maxPoints wait, in slices of maxPoints', () => {
    const { sent, coalescer, fire } = harness(3);
    coalescer.add(batch(1, ['z']));
    coalescer.add(batch(1, ['a', 'b']));
    coalescer.add(batch(1, ['c', 'd', 'e', 'f', 'g']));
    expect(sent.map((b) => b.points.map((p) => p.key))).toEqual([
      ['z'],
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
      ['g'],
    ]);
    fire();
    expect(sent).toHaveLength(4);
  });

  it('ignores empty batches and sends what waits on flushAll', () => {
    const { sent, coalescer, timers } = harness();
    coalescer.add(batch(1, []));
    expect(timers).toHaveLength(0);
    coalescer.add(batch(1, ['a']));
    coalescer.add(batch(1, ['b']));
    expect(sent).toHaveLength(1);
    coalescer.flushAll();
    expect(sent.map((b) => b.points.map((p) => p.key))).toEqual([['a'], ['b']]);
    expect(timers[0]?.cancelled).toBe(true);
  });
});
