import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { NoticeSeverity } from './notifications.machine.ts';
import { notificationsMachine } from './notifications.machine.ts';

function start(machine = notificationsMachine) {
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock });
  actor.start();
  const push = (message: string, severity: NoticeSeverity = 'info') =>
    actor.send({ type: 'notify.push', message, severity });
  const shown = () => actor.getSnapshot().context.current?.message ?? null;
  // One big SimulatedClock jump starts a timer set mid-jump at the end of the jump, so a chain of
  // delays (display, then gap) would drift; stepping a millisecond at a time keeps real timing.
  const advanceTo = (ms: number) => {
    while (clock.now() < ms) clock.increment(1);
  };
  return { actor, clock, push, shown, advanceTo };
}

describe('notificationsMachine', () => {
  it('starts idle with nothing to show', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ current: null, queue: [], nextId: 1 });
  });

  it('shows a notice for 3000 ms, then a 500 ms gap, then goes idle', () => {
    const { actor, clock, push } = start();
    push('Saved', 'success');
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.current).toEqual({
      id: 1,
      message: 'Saved',
      severity: 'success',
    });

    clock.increment(2999);
    expect(actor.getSnapshot().value).toBe('showing');

    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('gap');
    expect(actor.getSnapshot().context.current).toBeNull();

    clock.increment(499);
    expect(actor.getSnapshot().value).toBe('gap');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('numbers notices from the counter in context', () => {
    const { actor, push, advanceTo } = start();
    push('one');
    advanceTo(3500);
    expect(actor.getSnapshot().value).toBe('idle');
    push('two');
    expect(actor.getSnapshot().context.current?.id).toBe(2);
    expect(actor.getSnapshot().context.nextId).toBe(3);
  });

  it('a push while showing closes the current one at once and shows the new one 500 ms later', () => {
    const { actor, clock, push, shown } = start();
    push('first');
    clock.increment(1000);

    push('second', 'error');
    expect(actor.getSnapshot().value).toBe('gap');
    expect(shown()).toBeNull();
    expect(actor.getSnapshot().context.queue.map((n) => n.message)).toEqual(['second']);

    clock.increment(499);
    expect(shown()).toBeNull();
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.current).toEqual({
      id: 2,
      message: 'second',
      severity: 'error',
    });

    // The new notice gets its full 3000 ms, not what was left of the first one's.
    clock.increment(2999);
    expect(shown()).toBe('second');
    clock.increment(1);
    expect(shown()).toBeNull();
    clock.increment(500);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('several pushes in a row: the interrupting one first, then the rest in order', () => {
    const { push, shown, actor, advanceTo } = start();
    push('a');
    push('b'); // pre-empts a
    push('c'); // during the gap: waits behind b
    push('d');
    expect(shown()).toBeNull();
    expect(actor.getSnapshot().context.queue.map((n) => n.message)).toEqual(['b', 'c', 'd']);

    const timeline: (string | null)[] = [];
    // Each change and the millisecond before it: b 500-3500, c 4000-7000, d 7500-10500.
    for (const at of [499, 500, 3499, 3500, 3999, 4000, 6999, 7000, 7499, 7500, 10499, 10500]) {
      advanceTo(at);
      timeline.push(shown());
    }
    expect(timeline).toEqual([null, 'b', 'b', null, null, 'c', 'c', null, null, 'd', 'd', null]);
    expect(actor.getSnapshot().value).toBe('gap');
    advanceTo(11000);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('the newest push jumps ahead of notices already waiting', () => {
    const { push, shown, actor, advanceTo } = start();
    push('a');
    push('b');
    push('c'); // queue: b, c
    advanceTo(500);
    expect(shown()).toBe('b');

    push('urgent', 'warning'); // queue: urgent, c
    expect(shown()).toBeNull();
    expect(actor.getSnapshot().context.queue.map((n) => n.message)).toEqual(['urgent', 'c']);

    advanceTo(1000);
    expect(shown()).toBe('urgent');
    advanceTo(4000);
    expect(shown()).toBeNull();
    advanceTo(4500);
    expect(shown()).toBe('c');
    advanceTo(8000);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('closing early starts the gap at once', () => {
    const { actor, clock, push, shown } = start();
    push('first');
    push('second');
    clock.increment(500);
    expect(shown()).toBe('second');

    clock.increment(200);
    actor.send({ type: 'notify.close' });
    expect(actor.getSnapshot().value).toBe('gap');
    expect(shown()).toBeNull();

    clock.increment(500);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('closing early shows the next waiting notice after the gap', () => {
    const { actor, clock, push, shown } = start();
    push('a');
    push('b');
    push('c');
    clock.increment(500);
    actor.send({ type: 'notify.close' });
    clock.increment(500);
    expect(shown()).toBe('c');
  });

  it('a close for a notice no longer on screen is ignored', () => {
    const { actor, clock, push, shown } = start();
    push('a'); // id 1
    push('b'); // id 2
    clock.increment(500);
    expect(actor.getSnapshot().context.current?.id).toBe(2);

    actor.send({ type: 'notify.close', id: 1 });
    expect(shown()).toBe('b');

    actor.send({ type: 'notify.close', id: 2 });
    expect(shown()).toBeNull();
  });

  it('a close while idle or in the gap changes nothing', () => {
    const { actor, clock, push } = start();
    actor.send({ type: 'notify.close' });
    expect(actor.getSnapshot().value).toBe('idle');

    push('a');
    clock.increment(3000);
    actor.send({ type: 'notify.close' });
    expect(actor.getSnapshot().value).toBe('gap');
    clock.increment(499);
    expect(actor.getSnapshot().value).toBe('gap');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('takes shorter delays through provide', () => {
    const fast = notificationsMachine.provide({ delays: { displayMs: 10, gapMs: 5 } });
    const { actor, clock, push } = start(fast);
    push('quick');
    clock.increment(10);
    expect(actor.getSnapshot().value).toBe('gap');
    clock.increment(5);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
