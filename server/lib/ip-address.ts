import net from 'node:net';

/** An IP address as a number: 32 bits for IPv4, 128 for IPv6. */
export interface IpAddress {
  family: 4 | 6;
  value: bigint;
}

/** An address range: the addresses whose first `prefix` bits equal `base`'s. */
export interface IpRange {
  family: 4 | 6;
  base: bigint;
  prefix: number;
}

const bits = (family: 4 | 6) => (family === 4 ? 32 : 128);

function ipv4Value(text: string): bigint {
  return text.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

/** `text` is valid IPv6 (net.isIPv6): `::` expanded, a trailing dotted quad taken as two groups. */
function ipv6Value(text: string): bigint {
  let address = text.split('%')[0] ?? '';
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (quad) {
    const v4 = ipv4Value(quad);
    address = `${address.slice(0, -quad.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return all.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** The address `text` names in standard notation (an IPv6 zone is ignored), or undefined. */
export function parseIp(text: string): IpAddress | undefined {
  const family = net.isIP(text);
  if (family === 4) return { family, value: ipv4Value(text) };
  if (family === 6) return { family, value: ipv6Value(text) };
  return undefined;
}

/** A range in CIDR notation (`10.0.0.0/8`, `fd00::/8`) or one address; undefined when invalid. */
export function parseRange(text: string): IpRange | undefined {
  const [address = '', prefixText, extra] = text.trim().split('/');
  const ip = parseIp(address);
  if (!ip || extra !== undefined) return undefined;
  const width = bits(ip.family);
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (prefix > width) return undefined;
  return { family: ip.family, base: ip.value, prefix };
}

export function inRange(ip: IpAddress, range: IpRange): boolean {
  if (ip.family !== range.family) return false;
  const shift = BigInt(bits(ip.family) - range.prefix);
  return ip.value >> shift === range.base >> shift;
}

const MAPPED = parseRange('::ffff:0:0/96');
const NAT64 = parseRange('64:ff9b::/96');

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (`::ffff:a.b.c.d`,
 * which a dual-stack socket connects to as IPv4) and NAT64 (`64:ff9b::/96`).
 */
export function embeddedIpv4(ip: IpAddress): IpAddress | undefined {
  if (ip.family !== 6) return undefined;
  if ((MAPPED && inRange(ip, MAPPED)) || (NAT64 && inRange(ip, NAT64))) {
    return { family: 4, value: ip.value & 0xffffffffn };
  }
  return undefined;
}

export function formatIp(ip: IpAddress): string {
  if (ip.family === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((ip.value >> shift) & 0xffn)).join('.');
  }
  const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) =>
    ((ip.value >> shift) & 0xffffn).toString(16),
  );
  return new URL(`http://[${groups.join(':')}]`).hostname.slice(1, -1);
}
