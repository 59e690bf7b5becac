import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import {
  embeddedIpv4,
  formatIp,
  inRange,
  parseIp,
  parseRange,
  type IpAddress,
  type IpRange,
} from '../lib/ip-address.ts';

/** MQTT over TCP and TLS, and MQTT over WebSocket. */
export const FORWARD_SCHEMES = ['mqtt', 'mqtts', 'ws', 'wss'] as const;
export type ForwardScheme = (typeof FORWARD_SCHEMES)[number];

/** Addresses a forward does not reach unless the operator allows them, with what they are. */
const NON_PUBLIC: [string, string][] = [
  ['0.0.0.0/8', 'a "this network" address'],
  ['10.0.0.0/8', 'a private address'],
  ['100.64.0.0/10', 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0/8', 'a loopback address'],
  ['169.254.0.0/16', 'a link-local address'],
  ['172.16.0.0/12', 'a private address'],
  ['192.0.0.0/24', 'an IETF protocol address'],
  ['192.168.0.0/16', 'a private address'],
  ['198.18.0.0/15', 'a benchmarking address'],
  ['224.0.0.0/4', 'a multicast address'],
  ['240.0.0.0/4', 'a reserved address'],
  ['::/128', 'the unspecified address'],
  ['::1/128', 'a loopback address'],
  ['::/96', 'an IPv4-compatible address'],
  ['100::/64', 'a discard address'],
  ['fc00::/7', 'a unique local (private) address'],
  ['fe80::/10', 'a link-local address'],
  ['fec0::/10', 'a site-local address'],
  ['ff00::/8', 'a multicast address'],
];
const nonPublic = NON_PUBLIC.map(([cidr, kind]) => ({ range: parseRange(cidr) as IpRange, kind }));

/** Which non-public addresses forwards may reach after all (MQTT_FORWARD_ALLOW). */
export interface ForwardPolicy {
  allowed: IpRange[];
}

export function forwardPolicy(allow: readonly string[]): ForwardPolicy {
  return { allowed: allow.flatMap((text) => parseRange(text) ?? []) };
}

/** Why a forward may not connect to `ip`, or undefined when it may. */
export function addressRefusal(ip: IpAddress, policy: ForwardPolicy): string | undefined {
  const checked = embeddedIpv4(ip) ?? ip;
  if (policy.allowed.some((range) => inRange(checked, range) || inRange(ip, range))) {
    return undefined;
  }
  const match = nonPublic.find(({ range }) => inRange(checked, range));
  if (!match) return undefined;
  const shown = checked === ip ? formatIp(ip) : `${formatIp(ip)} (${formatIp(checked)})`;
  return `${shown} is ${match.kind}`;
}

/** Where a forward connects: parsed from the device's `host` setting. */
export interface ForwardTarget {
  scheme: ForwardScheme;
  /** Without brackets; a numeric IPv4 address in dotted form. */
  hostname: string;
  port: number;
  /** The path and query (WebSocket only). */
  path: string;
  /** The address set when `hostname` is one, or that a reserved name (localhost) stands for. */
  addresses: IpAddress[];
  /** The target as shown to people. */
  display: string;
}

export type TargetResult =
  { ok: true; target: ForwardTarget } | { ok: false; problem: string; display: string };

const DEFAULT_PORTS: Record<ForwardScheme, number> = { mqtt: 1883, mqtts: 8883, ws: 80, wss: 443 };
const LOOPBACK = [parseIp('127.0.0.1'), parseIp('::1')].filter((ip) => ip !== undefined);

/** A numeric host in the dotted form the resolver would make of it (`127.1` → `127.0.0.1`). */
function canonicalHost(hostname: string): string {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (bare !== hostname) return bare.toLowerCase();
  try {
    return new URL(`http://${hostname}`).hostname;
  } catch {
    return hostname.toLowerCase();
  }
}

/**
 * The forward target a device's `host` setting names, checked against the
 * rules that can be told from the address itself: an MQTT scheme (a bare
 * `host:port` is mqtt), no credentials in the address, and an IP address or
 * `localhost` only when it is public or allowed. A host name is resolved and
 * checked again when the forward connects (guardedLookup).
 */
export function forwardTarget(host: string, policy: ForwardPolicy): TargetResult {
  const text = host.trim();
  // "name:1883" is a host and port; "name:" followed by anything else is a scheme.
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d+(?:\/|$))/i.exec(text)?.[1]?.toLowerCase();
  const refuse = (problem: string, display = text) => ({ ok: false as const, problem, display });
  if (scheme !== undefined && !(FORWARD_SCHEMES as readonly string[]).includes(scheme)) {
    return refuse(`must be an mqtt://, mqtts://, ws:// or wss:// address (got ${scheme}:)`);
  }
  let url: URL;
  try {
    url = new URL(scheme === undefined ? `mqtt://${text}` : text);
  } catch {
    return refuse('is not a valid address (expected host:port or mqtt://host:port)');
  }
  if (!url.hostname) return refuse('names no host');
  if (url.username || url.password) {
    return refuse('must not hold a user or password: use the user and password fields');
  }
  const target = {
    scheme: url.protocol.slice(0, -1) as ForwardScheme,
    hostname: canonicalHost(url.hostname),
    port: 0,
    path: '',
    addresses: [] as IpAddress[],
    display: '',
  };
  target.port = url.port ? Number(url.port) : DEFAULT_PORTS[target.scheme];
  const websocket = target.scheme === 'ws' || target.scheme === 'wss';
  target.path = websocket ? `${url.pathname || '/'}${url.search}` : '';
  const shownHost = target.hostname.includes(':') ? `[${target.hostname}]` : target.hostname;
  target.display = `${target.scheme}://${shownHost}:${target.port}${target.path}`;
  const ip = parseIp(target.hostname);
  const name = target.hostname.replace(/\.$/, '');
  if (ip) target.addresses = [ip];
  else if (name === 'localhost' || name.endsWith('.localhost')) target.addresses = LOOPBACK;
  const refusals = target.addresses.map((address) => addressRefusal(address, policy));
  const refusal = refusals.find((r) => r !== undefined);
  if (refusal && refusals.every((r) => r !== undefined)) {
    return refuse(`must be a public address: ${refusal}${ALLOW_HINT}`, target.display);
  }
  return { ok: true, target };
}

const ALLOW_HINT = ' (the operator can allow it with MQTT_FORWARD_ALLOW)';

/** A forward's connection refused by the address rules; mqtt.js reports errors with a code. */
export class ForwardRefusedError extends Error {
  readonly code = 'ERR_FORWARD_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'ForwardRefusedError';
  }
}

type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls/http connections that resolves the name once and
 * hands the socket only addresses the policy allows, so the connection goes
 * to the address that was checked (a name that changes its answer between a
 * check and the connect, DNS rebinding, gains nothing).
 */
export function guardedLookup(policy: ForwardPolicy, resolve: Resolve = dns.lookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed: LookupAddress[] = [];
      let refusal: string | undefined;
      for (const entry of addresses) {
        const ip = parseIp(entry.address);
        const problem = ip ? addressRefusal(ip, policy) : `${entry.address} is not an IP address`;
        if (problem === undefined) allowed.push(entry);
        else refusal ??= problem;
      }
      const first = allowed[0];
      if (!first) {
        const why = refusal ?? 'it has no address';
        callback(new ForwardRefusedError(`${hostname} is refused: ${why}${ALLOW_HINT}`), []);
      } else if (options.all) callback(null, allowed);
      else callback(null, first.address, first.family);
    });
  };
}
