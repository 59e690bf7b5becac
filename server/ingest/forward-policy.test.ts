import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  forwardPolicy,
  forwardTarget,
  ForwardRefusedError,
  guardedLookup,
} from './forward-policy.ts';

const strict = forwardPolicy([]);

const problemOf = (host: string, policy = strict) => {
  const result = forwardTarget(host, policy);
  return result.ok ? undefined : result.problem;
};

describe('forward targets', () => {
  it.each([
    ['127.0.0.1:1883', /127\.0\.0\.1 is a loopback address/],
    ['mqtt://127.0.0.1', /loopback/],
    ['localhost:1883', /127\.0\.0\.1 is a loopback address/],
    ['mqtt://broker.localhost', /loopback/],
    ['[::1]:1883', /::1 is a loopback address/],
    ['ws://169.254.169.254/latest', /169\.254\.169\.254 is a link-local address/],
    ['10.1.2.3:1883', /10\.1\.2\.3 is a private address/],
    ['192.168.0.10', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.254', /private/],
    ['[fc00::1]:1883', /unique local/],
    ['[fd12:3456::1]', /unique local/],
    ['[fe80::1]:1883', /fe80::1 is a link-local address/],
    ['[::ffff:127.0.0.1]:1883', /::ffff:7f00:1 \(127\.0\.0\.1\) is a loopback address/],
    ['[::ffff:10.0.0.1]', /private/],
    ['[64:ff9b::a9fe:a9fe]', /link-local/],
    ['0.0.0.0:1883', /"this network"/],
    ['[::]:1883', /the unspecified address/],
    // Spellings the resolver would take for 127.0.0.1.
    ['127.1:1883', /127\.0\.0\.1 is a loopback/],
    ['mqtt://2130706433', /127\.0\.0\.1 is a loopback/],
    ['mqtt://0x7f.0.0.1', /127\.0\.0\.1 is a loopback/],
    ['mqtt://127%2e0.0.1', /127\.0\.0\.1 is a loopback/],
    ['224.0.0.1', /multicast/],
    ['100.64.0.1', /carrier-grade/],
  ])('refuses %s by its address', (host, problem) => {
    expect(problemOf(host)).toMatch(/^must be a public address: /);
    expect(problemOf(host)).toMatch(problem);
    expect(problemOf(host)).toMatch(/MQTT_FORWARD_ALLOW/);
  });

  it.each([
    [
      'http://broker.example.com',
      /mqtt:\/\/, mqtts:\/\/, ws:\/\/ or wss:\/\/ address \(got http:\)/,
    ],
    ['https://broker.example.com', /got https:/],
    ['file:///etc/passwd', /got file:/],
    ['file:/etc/passwd', /got file:/],
    ['gopher://broker.example.com:70', /got gopher:/],
    ['tcp://broker.example.com:1883', /got tcp:/],
    ['mqtt://user:secret@broker.example.com', /must not hold a user or password/],
    ['mqtt://', /not a valid address|names no host/],
  ])('refuses %s', (host, problem) => {
    expect(problemOf(host)).toMatch(problem);
  });

  it('takes MQTT over TCP, TLS and WebSocket to public addresses and names', () => {
    const target = (host: string) => {
      const result = forwardTarget(host, strict);
      if (!result.ok) throw new Error(result.problem);
      return result.target.display;
    };
    expect(target('broker.example.com')).toBe('mqtt://broker.example.com:1883');
    expect(target('broker.example.com:1884')).toBe('mqtt://broker.example.com:1884');
    expect(target('MQTTS://Broker.Example.com')).toBe('mqtts://broker.example.com:8883');
    expect(target('ws://broker.example.com/mqtt?x=1')).toBe('ws://broker.example.com:80/mqtt?x=1');
    expect(target('wss://8.8.8.8')).toBe('wss://8.8.8.8:443/');
    expect(target('[2001:4860:4860::8888]:1883')).toBe('mqtt://[2001:4860:4860::8888]:1883');
    // A name is checked again after it is resolved, when the forward connects.
    expect(target('broker.internal:1883')).toBe('mqtt://broker.internal:1883');
  });

  it('takes non-public addresses the operator allows', () => {
    const allowing = forwardPolicy(['127.0.0.0/8', '10.0.0.0/8', 'fd00::/8']);
    expect(problemOf('127.0.0.1:1883', allowing)).toBeUndefined();
    expect(problemOf('[::ffff:127.0.0.1]:1883', allowing)).toBeUndefined();
    expect(problemOf('localhost:1883', allowing)).toBeUndefined();
    expect(problemOf('10.9.8.7', allowing)).toBeUndefined();
    expect(problemOf('[fd00::5]', allowing)).toBeUndefined();
    expect(problemOf('192.168.1.1', allowing)).toMatch(/private/);
    expect(problemOf('[fc00::5]', allowing)).toMatch(/unique local/);
  });
});

describe('guardedLookup', () => {
  /** A resolver answering from a table, as a DNS server controlled by someone else might. */
  const resolver =
    (answers: Record<string, string[]>) =>
    (
      hostname: string,
      _options: unknown,
      callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
    ) =>
      callback(
        null,
        (answers[hostname] ?? []).map((address) => ({
          address,
          family: address.includes(':') ? 6 : 4,
        })),
      );

  const lookup = (hostname: string, policy = strict, all = true) =>
    new Promise<unknown>((resolve, reject) => {
      const guarded = guardedLookup(
        policy,
        resolver({
          'rebind.example': ['10.0.0.5'],
          'mapped.example': ['::ffff:192.168.1.1'],
          'mixed.example': ['127.0.0.1', '93.184.215.14'],
          'public.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
        }),
      );
      guarded(hostname, { all }, (error, address, family) =>
        error ? reject(error) : resolve(all ? address : { address, family }),
      );
    });

  it('refuses a name that resolves only to non-public addresses', async () => {
    await expect(lookup('rebind.example')).rejects.toThrow(ForwardRefusedError);
    await expect(lookup('rebind.example')).rejects.toThrow(
      /rebind\.example is refused: 10\.0\.0\.5 is a private address/,
    );
    await expect(lookup('mapped.example')).rejects.toThrow(/192\.168\.1\.1\) is a private/);
    await expect(lookup('nothing.example')).rejects.toThrow(/has no address/);
  });

  it('hands the connection only the checked addresses', async () => {
    expect(await lookup('mixed.example')).toEqual([{ address: '93.184.215.14', family: 4 }]);
    expect(await lookup('mixed.example', strict, false)).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    expect(await lookup('public.example')).toHaveLength(2);
    expect(await lookup('rebind.example', forwardPolicy(['10.0.0.0/8']))).toEqual([
      { address: '10.0.0.5', family: 4 },
    ]);
  });
});
