import type { Duplex } from 'node:stream';

/**
 * Why a connection was cut: a packet announced more bytes than its
 * connection may send, the fixed header was malformed, or a client that has
 * not signed in sent more than its allowance.
 */
export class PacketRefusedError extends Error {
  override name = 'PacketRefusedError';
}

export interface PacketGateLimits {
  /** The largest packet body (MQTT "remaining length") before sign-in. */
  beforeSignIn: number;
  /** Bytes a client may send in all before it is signed in. */
  bytesBeforeSignIn: number;
  /** The largest packet body once signed in. */
  afterSignIn: number;
}

/**
 * Follows the packet boundaries of one MQTT connection as its bytes arrive and
 * refuses a packet as soon as its fixed header announces more than the
 * connection may send, before the parser (which buffers a whole packet) sees
 * any of it. A body is skipped by counting, so a chunk costs a few
 * comparisons per packet and no copy.
 */
export class PacketGate {
  private limit: number;
  private allowance: number;
  /** Bytes of the current packet's body still to come. */
  private body = 0;
  /** Reading a fixed header: after its first byte, the remaining length so far. */
  private inHeader = false;
  private length = 0;
  private shift = 0;

  constructor(private readonly limits: PacketGateLimits) {
    this.limit = limits.beforeSignIn;
    this.allowance = limits.bytesBeforeSignIn;
  }

  /** The client signed in: larger packets, no overall allowance. */
  signedIn(): void {
    this.limit = this.limits.afterSignIn;
    this.allowance = Infinity;
  }

  /** Why the chunk must not reach the parser, or undefined when it may. */
  check(chunk: Buffer): PacketRefusedError | undefined {
    this.allowance -= chunk.length;
    if (this.allowance < 0) {
      return new PacketRefusedError(
        `more than ${this.limits.bytesBeforeSignIn} bytes sent before signing in`,
      );
    }
    let i = 0;
    while (i < chunk.length) {
      if (this.body > 0) {
        const skipped = Math.min(this.body, chunk.length - i);
        this.body -= skipped;
        i += skipped;
        continue;
      }
      const byte = chunk[i++] as number;
      if (!this.inHeader) {
        // The packet type and flags; the remaining length follows.
        this.inHeader = true;
        this.length = 0;
        this.shift = 0;
        continue;
      }
      this.length += (byte & 0x7f) * 2 ** this.shift;
      if (this.length > this.limit) {
        return new PacketRefusedError(
          `a packet of at least ${this.length} bytes announced; at most ${this.limit} allowed`,
        );
      }
      if (byte & 0x80) {
        this.shift += 7;
        if (this.shift > 21) return new PacketRefusedError('malformed remaining length');
        continue;
      }
      this.inHeader = false;
      this.body = this.length;
    }
    return undefined;
  }
}

/**
 * Puts the gate between a connection and Aedes. Aedes takes a connection's
 * bytes only through `read()` (on 'readable'), so the gate checks what each
 * read returns, before Aedes' parser sees it; a refused chunk destroys the
 * connection instead. No stream is added in between, so writes and the
 * ingest hot path are untouched.
 */
export function gateReads(stream: Duplex, gate: PacketGate): void {
  const read = stream.read.bind(stream);
  stream.read = (size?: number): unknown => {
    const chunk: unknown = read(size);
    if (!Buffer.isBuffer(chunk)) return chunk;
    const refusal = gate.check(chunk);
    if (!refusal) return chunk;
    stream.destroy(refusal);
    return null;
  };
}
