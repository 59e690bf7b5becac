import { describe, expect, it } from 'vitest';
import { functionPauses } from './function-pauses.ts';

const decoder = { id: 7, name: 'Endless decoder' };
const CODE = 'function main() { while (true) {} }';
const FIXED = 'function main(x) { return x; }';
const TIMEOUT = 'The function ran longer than 1000 ms';

function clock(start = Date.UTC(2026, 0, 5, 12)) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('pausing functions that keep timing out', () => {
  it('pauses after three timeouts in a row, and says why and until when', () => {
    const time = clock();
    const pauses = functionPauses({ now: time.now });
    pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    expect(pauses.pausedUntil(decoder.id, CODE)).toBeUndefined();
    pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    const until = new Date(time.now() + 5 * 60_000);
    expect(pauses.pausedUntil(decoder.id, CODE)).toEqual(until);
    expect(pauses.list([null, 3, decoder.id])).toEqual([
      {
        functionId: decoder.id,
        functionName: 'Endless decoder',
        reason: TIMEOUT,
        timeouts: 3,
        since: new Date(time.now()),
        until,
      },
    ]);
  });

  it('counts only timeouts in a row', () => {
    const time = clock();
    const pauses = functionPauses({ now: time.now });
    pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    pauses.record(decoder, CODE, 'ok');
    pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    pauses.record(decoder, CODE, 'other', 'ReferenceError: x is not defined');
    pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    expect(pauses.pausedUntil(decoder.id, CODE)).toBeUndefined();
    expect(pauses.list([decoder.id])).toEqual([]);
  });

  it('ends the pause by itself, and pauses again after as many timeouts', () => {
    const time = clock();
    const pauses = functionPauses({ now: time.now, pauseMs: 60_000 });
    for (let i = 0; i < 3; i++) pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    // Runs refused during the pause do not count.
    pauses.record(decoder, CODE, 'paused');
    time.advance(59_999);
    expect(pauses.pausedUntil(decoder.id, CODE)).toBeDefined();
    time.advance(1);
    expect(pauses.pausedUntil(decoder.id, CODE)).toBeUndefined();
    expect(pauses.list([decoder.id])).toEqual([]);
    pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    expect(pauses.pausedUntil(decoder.id, CODE)).toBeUndefined();
    pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    expect(pauses.pausedUntil(decoder.id, CODE)).toEqual(new Date(time.now() + 60_000));
  });

  it('ends the pause when the code changes, and ignores late runs of the old code', () => {
    const time = clock();
    const pauses = functionPauses({ now: time.now });
    for (let i = 0; i < 3; i++) pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    pauses.codeChanged(decoder.id, FIXED);
    expect(pauses.list([decoder.id])).toEqual([]);
    expect(pauses.pausedUntil(decoder.id, FIXED)).toBeUndefined();
    // Device settings cached for a few seconds still carry the old code.
    for (let i = 0; i < 3; i++) pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    expect(pauses.list([decoder.id])).toEqual([]);
    pauses.record(decoder, FIXED, 'ok');
    // Saving the same code again keeps a pause.
    for (let i = 0; i < 3; i++) pauses.record(decoder, FIXED, 'timeout', TIMEOUT);
    pauses.codeChanged(decoder.id, FIXED);
    expect(pauses.pausedUntil(decoder.id, FIXED)).toBeDefined();
  });

  it('tells a pause of other code apart: a run of new code on another node goes ahead', () => {
    const time = clock();
    const pauses = functionPauses({ now: time.now });
    for (let i = 0; i < 3; i++) pauses.record(decoder, CODE, 'timeout', TIMEOUT);
    expect(pauses.pausedUntil(decoder.id, FIXED)).toBeUndefined();
    pauses.record(decoder, FIXED, 'ok');
    expect(pauses.list([decoder.id])).toEqual([]);
  });
});
