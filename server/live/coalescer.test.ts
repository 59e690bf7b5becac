import { describe, expect, it } from 'vitest';
import type { CommittedBatch } from '../ingest/events.ts';
import { createCoalescer } from './coalescer.ts';

function harness(maxPoints = 5) {
  const sent: CommittedBatch[] = [];
  const timers: { run: () => void; cancelled: boolean }[] = [];
  const coalescer = createCoalescer({
    maxDelayMs: 15,
    maxPoints,
    flush: (batch) => sent.push(batch),
    setTimer: (run) => {
      const timer = { run, cancelled: false };
      timers.push(timer);
      return { cancel: () => (timer.cancelled = true) };
    },
  });
  const fire = () => timers.filter((t) => !t.cancelled).forEach((t) => t.run());
  return { sent, timers, coalescer, fire };
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
  it('holds points until the timer and sends one batch per device in commit order', () => {
    const { sent, coalescer, fire } = harness();
    coalescer.add(batch(1, ['a']));
    coalescer.add(batch(2, ['x']));
    coalescer.add(batch(1, ['b', 'c']));
    expect(sent).toEqual([]);
    fire();
    expect(sent.map((b) => [b.deviceId, b.points.map((p) => p.key)])).toEqual([
      [1, ['a', 'b', 'c']],
      [2, ['x']],
    ]);
  });

  it('sends a device at once when maxPoints wait, in slices of maxPoints', () => {
    const { sent, coalescer, fire } = harness(3);
    coalescer.add(batch(1, ['a', 'b']));
    coalescer.add(batch(1, ['c', 'd', 'e', 'f', 'g']));
    expect(sent.map((b) => b.points.map((p) => p.key))).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
      ['g'],
    ]);
    fire();
    expect(sent).toHaveLength(3);
  });

  it('ignores empty batches and sends what waits on flushAll', () => {
    const { sent, coalescer, timers } = harness();
    coalescer.add(batch(1, []));
    expect(timers).toHaveLength(0);
    coalescer.add(batch(1, ['a']));
    coalescer.flushAll();
    expect(sent).toHaveLength(1);
    expect(timers[0]?.cancelled).toBe(true);
  });
});
