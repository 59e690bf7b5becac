import { describe, expect, it } from 'vitest';
import {
  forwardLink,
  MAX_WAITING_FOR_CONNECT,
  retryDelay,
  type ConnectionEvents,
  type ForwardMessage,
} from './forward-link.ts';
import { ForwardRefusedError } from './forward-policy.ts';

/** A clock the test moves, and connections the test opens, fails and closes by hand. */
function harness() {
  let now = 1_000_000;
  const attempts: { events: ConnectionEvents; sent: ForwardMessage[]; closed: boolean }[] = [];
  const link = forwardLink({
    now: () => now,
    isRefusal: (error) => error instanceof ForwardRefusedError,
    open(events) {
      const attempt = { events, sent: [] as ForwardMessage[], closed: false };
      attempts.push(attempt);
      return {
        publish: (message) => attempt.sent.push(message),
        close: () => {
          attempt.closed = true;
        },
      };
    },
  });
  const last = () => {
    const attempt = attempts.at(-1);
    if (!attempt) throw new Error('no attempt was made');
    return attempt;
  };
  return {
    link,
    attempts,
    last,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
    fail(error = new Error('connect ECONNREFUSED 127.0.0.1:1883')) {
      last().events.error(error);
      last().events.closed();
    },
  };
}

const message = (n: number): ForwardMessage => ({ topic: 'out', message: `{"n":${n}}` });

describe('retryDelay', () => {
  it('is 5 s after the first failure, doubling to at most 5 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelay)).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000,
    ]);
  });
});

describe('forwardLink', () => {
  it('connects on first use and sends what waited, then sends at once', () => {
    const h = harness();
    expect(h.link.state().state).toBe('idle');
    h.link.send(message(1));
    h.link.send(message(2));
    expect(h.attempts).toHaveLength(1);
    expect(h.link.state().state).toBe('connecting');
    h.last().events.connected();
    expect(h.link.state()).toEqual({ state: 'connected', since: h.now() });
    h.link.send(message(3));
    expect(h.last().sent).toEqual([message(1), message(2), message(3)]);
  });

  it('holds at most 100 messages while connecting', () => {
    const h = harness();
    for (let n = 0; n < MAX_WAITING_FOR_CONNECT + 20; n++) h.link.send(message(n));
    h.last().events.connected();
    expect(h.last().sent).toHaveLength(MAX_WAITING_FOR_CONNECT);
  });

  it('backs off after failures, 5 s doubling to 5 min, and tries again only when used', () => {
    const h = harness();
    h.link.send(message(0));
    const pauses: number[] = [];
    for (let failure = 1; failure <= 8; failure++) {
      h.fail();
      const state = h.link.state();
      if (state.state !== 'failing') throw new Error(`expected failing, got ${state.state}`);
      expect(state.error).toBe('connect ECONNREFUSED 127.0.0.1:1883');
      expect(state.failures).toBe(failure);
      expect(h.last().closed).toBe(true);
      pauses.push(state.nextRetryAt - h.now());
      // Messages during the pause are dropped and start no attempt.
      const attempts = h.attempts.length;
      h.advance(state.nextRetryAt - h.now() - 1);
      h.link.send(message(failure));
      expect(h.attempts).toHaveLength(attempts);
      // The first message after it does.
      h.advance(1);
      h.link.send(message(failure));
      expect(h.attempts).toHaveLength(attempts + 1);
    }
    expect(pauses).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
    expect(h.attempts.flatMap((a) => a.sent)).toEqual([]);
  });

  it('starts again from 5 s after a connection succeeds', () => {
    const h = harness();
    h.link.send(message(0));
    h.fail();
    h.advance(5_000);
    h.link.send(message(1));
    h.fail();
    h.advance(10_000);
    h.link.send(message(2));
    h.last().events.connected();
    expect(h.last().sent).toEqual([message(2)]);
    // The broker goes away: the next attempt comes 5 s later, not 20 s.
    h.last().events.closed();
    const state = h.link.state();
    expect(state).toMatchObject({
      state: 'failing',
      failures: 1,
      error: 'The connection was closed',
    });
    expect('nextRetryAt' in state && state.nextRetryAt - h.now()).toBe(5_000);
  });

  it('says when the address rules refused the resolved address, and backs off the same way', () => {
    const h = harness();
    h.link.send(message(0));
    h.fail(new ForwardRefusedError('rebind.example is refused: 10.0.0.5 is a private address'));
    expect(h.link.state()).toMatchObject({
      state: 'refused',
      error: 'rebind.example is refused: 10.0.0.5 is a private address',
      failures: 1,
      nextRetryAt: h.now() + 5_000,
    });
  });

  it('ignores a closed attempt’s late events and makes none after close', () => {
    const h = harness();
    h.link.send(message(0));
    const first = h.last();
    h.fail();
    first.events.connected();
    expect(h.link.state().state).toBe('failing');
    h.link.close();
    h.advance(60_000);
    h.link.send(message(1));
    expect(h.attempts).toHaveLength(1);
  });
});
