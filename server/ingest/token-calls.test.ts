import { describe, expect, it } from 'vitest';
import { tokenCallTally, type TokenCalls } from './token-calls.ts';

describe('tokenCallTally', () => {
  it('writes the uses of each token once per flush, with the latest time', async () => {
    const writes: TokenCalls[][] = [];
    const tally = tokenCallTally(async (uses) => {
      writes.push(uses);
    });
    tally.count(7, new Date(2_000));
    tally.count(7, new Date(1_000));
    tally.count(9, new Date(3_000));
    await tally.flush();
    await tally.flush();

    expect(writes).toEqual([
      [
        { tokenId: 7, calls: 2, lastCall: new Date(2_000) },
        { tokenId: 9, calls: 1, lastCall: new Date(3_000) },
      ],
    ]);
  });

  it('keeps the uses of a failed write for the next flush', async () => {
    let fail = true;
    const written: TokenCalls[] = [];
    const tally = tokenCallTally(async (uses) => {
      if (fail) throw new Error('database away');
      written.push(...uses);
    });
    tally.count(7, new Date(1_000));
    await expect(tally.flush()).rejects.toThrow('database away');

    tally.count(7, new Date(4_000));
    fail = false;
    await tally.flush();
    expect(written).toEqual([{ tokenId: 7, calls: 2, lastCall: new Date(4_000) }]);
  });
});
