/** Uses of one token since the last write: how many, and the latest. */
export interface TokenCalls {
  tokenId: number;
  calls: number;
  lastCall: Date;
}

/**
 * Counts the uses of API tokens that happen outside an HTTP request (a device
 * signing in to the broker) in memory, so a sign-in waits for no write;
 * `flush` writes what was counted in one go. A write that fails keeps its
 * counts for the next flush, so no use is lost while the database is away.
 */
export function tokenCallTally(write: (uses: TokenCalls[]) => Promise<void>) {
  let pending = new Map<number, TokenCalls>();

  function add(use: TokenCalls): void {
    const seen = pending.get(use.tokenId);
    if (!seen) {
      pending.set(use.tokenId, { ...use });
      return;
    }
    seen.calls += use.calls;
    if (use.lastCall > seen.lastCall) seen.lastCall = use.lastCall;
  }

  return {
    /** One use of the token, now (or at `at`). */
    count(tokenId: number, at: Date = new Date()): void {
      add({ tokenId, calls: 1, lastCall: at });
    },

    /** Writes the uses counted so far; on failure they wait for the next flush. */
    async flush(): Promise<void> {
      if (pending.size === 0) return;
      const taken = [...pending.values()];
      pending = new Map();
      try {
        await write(taken);
      } catch (error) {
        for (const use of taken) add(use);
        throw error;
      }
    },
  };
}

export type TokenCallTally = ReturnType<typeof tokenCallTally>;
