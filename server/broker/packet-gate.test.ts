import { describe, expect, it } from 'vitest';
import { PacketGate } from './packet-gate.ts';
import { PendingConnections } from './pending-connections.ts';

/** A whole MQTT packet: type byte, remaining length (varint), body. */
function packet(typeByte: number, bodyLength: number): Buffer {
  const header = [typeByte];
  let rest = bodyLength;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    header.push(byte);
  } while (rest > 0);
  return Buffer.concat([Buffer.from(header), Buffer.alloc(bodyLength, 0xff)]);
}

const limits = { beforeSignIn: 100, bytesBeforeSignIn: 1000, afterSignIn: 20_000 };

/** Feeds the bytes in pieces of `size`; the first refusal, if any. */
function feed(gate: PacketGate, bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) {
    const refusal = gate.check(bytes.subarray(i, i + size));
    if (refusal) return refusal;
  }
  return undefined;
}

describe('PacketGate', () => {
  it('lets packets within the limit through however the bytes are split', () => {
    const stream = Buffer.concat([packet(0x10, 90), packet(0xc0, 0), packet(0x30, 100)]);
    for (const size of [1, 2, 3, 7, 64, stream.length]) {
      expect(feed(new PacketGate(limits), stream, size)).toBeUndefined();
    }
  });

  it('refuses a packet by its announced length, before its body arrives', () => {
    const gate = new PacketGate(limits);
    expect(gate.check(packet(0x10, 10))).toBeUndefined();
    // Only the header of a 250 MiB CONNECT, a byte at a time.
    const header = Buffer.from([0x10, 0x80, 0x80, 0x80, 0x7d]);
    expect(feed(gate, header, 1)?.message).toMatch(/262144000 bytes announced; at most 100/);
  });

  it('takes larger packets once signed in, and refuses beyond that limit', () => {
    const gate = new PacketGate(limits);
    expect(gate.check(packet(0x10, 50))).toBeUndefined();
    gate.signedIn();
    expect(feed(gate, packet(0x30, 20_000), 4096)).toBeUndefined();
    expect(gate.check(packet(0x30, 20_001).subarray(0, 4))?.message).toMatch(/at most 20000/);
  });

  it('refuses more than the allowance before sign-in, even in small packets', () => {
    const gate = new PacketGate(limits);
    const many = Buffer.concat(Array.from({ length: 20 }, () => packet(0x30, 60)));
    expect(feed(gate, many, 62)?.message).toMatch(/before signing in/);
  });

  it('refuses a remaining length longer than four bytes', () => {
    const gate = new PacketGate({ ...limits, beforeSignIn: Number.MAX_SAFE_INTEGER });
    expect(gate.check(Buffer.from([0x10, 0x80, 0x80, 0x80, 0x80, 0x01]))?.message).toMatch(
      /malformed/,
    );
  });
});

describe('PendingConnections', () => {
  it('counts per address and in all, and frees a place once released', () => {
    const pending = new PendingConnections({ total: 3, perAddress: 2 });
    const a1 = pending.admit('a');
    expect(a1).toBeDefined();
    expect(pending.admit('a')).toBeDefined();
    expect(pending.admit('a')).toBeUndefined();
    expect(pending.admit('b')).toBeDefined();
    expect(pending.admit('c')).toBeUndefined();
    a1?.();
    a1?.();
    expect(pending.size).toBe(2);
    expect(pending.admit('c')).toBeDefined();
    expect(pending.admit('a')).toBeUndefined();
  });
});
