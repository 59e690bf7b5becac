import { describe, expect, it } from 'vitest';
import { createTicker, nextMultiple, type TickTimers } from './clock-ticks.ts';

/** Timers run by hand on a clock of their own. */
function fakeTimers(start: number) {
  let now = start;
  const errors: unknown[] = [];
  let next = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  const timers: TickTimers = {
    set: (run, ms) => {
      pending.set(next, { at: now + ms, run });
      return next++;
    },
    clear: (handle) => {
      pending.delete(handle);
    },
    now: () => now,
    report: (error) => errors.push(error),
  };
  /** Moves the clock to `to`, running each timer due on the way as its own task. */
  const advanceTo = (to: number) => {
    for (;;) {
      const due = [...pending].filter(([, t]) => t.at <= to).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      tasks++;
      due[1].run();
    }
    now = to;
  };
  let tasks = 0;
  return { timers, advanceTo, pending, errors, tasks: () => tasks };
}

describe('clock ticks', () => {
  it('ticks on whole multiples of each period, all those due at once in one task', () => {
    const fake = fakeTimers(1_000_000_250);
    const subscribe = createTicker(fake.timers);
    const calls: string[] = [];
    subscribe(1000, (now) => calls.push(`a ${now}`));
    subscribe(1000, (now) => calls.push(`b ${now}`));
    subscribe(2000, (now) => calls.push(`c ${now}`));
    // One timer for all of them.
    expect(fake.pending.size).toBe(1);

    fake.advanceTo(1_000_003_100);
    expect(calls).toEqual([
      'a 1000001000',
      'b 1000001000',
      'a 1000002000',
      'b 1000002000',
      'c 1000002000',
      'a 1000003000',
      'b 1000003000',
    ]);
    // Three beats, three tasks: the 2 s clock shares the 1 s clocks' task at :02.
    expect(fake.tasks()).toBe(3);
  });

  it('keeps a clock that joins later on the same beats', () => {
    const fake = fakeTimers(5_000);
    const subscribe = createTicker(fake.timers);
    const calls: string[] = [];
    subscribe(1000, (now) => calls.push(`early ${now}`));
    fake.advanceTo(5_400);
    subscribe(1000, (now) => calls.push(`late ${now}`));
    fake.advanceTo(7_000);
    expect(calls).toEqual(['early 6000', 'late 6000', 'early 7000', 'late 7000']);
    expect(fake.tasks()).toBe(2);
  });

  it('stops a clock that unsubscribes, and leaves no timer once none is left', () => {
    const fake = fakeTimers(0);
    const subscribe = createTicker(fake.timers);
    const calls: number[] = [];
    const stopA = subscribe(500, (now) => calls.push(now));
    const stopB = subscribe(30_000, () => calls.push(-1));
    fake.advanceTo(1_000);
    stopA();
    fake.advanceTo(20_000);
    expect(calls).toEqual([500, 1000]);
    stopB();
    expect(fake.pending.size).toBe(0);
  });

  it('goes on ticking the others when one callback throws', () => {
    const fake = fakeTimers(0);
    const subscribe = createTicker(fake.timers);
    const calls: number[] = [];
    subscribe(1000, () => {
      throw new Error('broken clock');
    });
    subscribe(1000, (now) => calls.push(now));
    fake.advanceTo(2000);
    expect(calls).toEqual([1000, 2000]);
    expect(fake.errors.map((error) => (error as Error).message)).toEqual([
      'broken clock',
      'broken clock',
    ]);
  });

  it('finds the next whole multiple after a time', () => {
    expect(nextMultiple(0, 1000)).toBe(1000);
    expect(nextMultiple(999, 1000)).toBe(1000);
    expect(nextMultiple(1000, 1000)).toBe(2000);
    expect(nextMultiple(1_700_000_000_123, 200)).toBe(1_700_000_000_200);
  });
});
