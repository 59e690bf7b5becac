export interface PendingLimits {
  /** Connections that have not signed in yet, in all. */
  total: number;
  /** Connections that have not signed in yet, from one remote address. */
  perAddress: number;
}

/**
 * Counts the connections that have not signed in yet, in all and per remote
 * address, so that opening many and never signing in cannot hold the
 * broker's memory or sockets.
 */
export class PendingConnections {
  private total = 0;
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly limits: PendingLimits) {}

  /**
   * Counts a new connection from `address`, or refuses it (undefined) when a
   * limit is reached. The answer releases it once it signs in or closes;
   * releasing twice counts once.
   */
  admit(address: string): (() => void) | undefined {
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (this.total >= this.limits.total || fromAddress >= this.limits.perAddress) return undefined;
    this.total += 1;
    this.byAddress.set(address, fromAddress + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    };
  }

  get size(): number {
    return this.total;
  }
}
