import { describe, expect, it } from 'vitest';
import { parseIdList, parseLoadArgs, UsageError } from './load-args.ts';

const base = ['--devices', '3', '--rate', '50', '--url', 'mqtt://127.0.0.1:1883'];

describe('simulate command line', () => {
  it('reads a token run with defaults: QoS 1, no end, device ids from 1', () => {
    expect(parseLoadArgs([...base, '--registry', '7', '--token', 'nly_abc'])).toEqual({
      devices: 3,
      rate: 50,
      mqttUrl: 'mqtt://127.0.0.1:1883',
      target: { kind: 'token', registryId: 7, token: 'nly_abc', deviceIds: [1, 2, 3] },
      durationS: undefined,
      qos: 1,
      logFile: undefined,
    });
  });

  it('reads an API run with duration, QoS 0 and a log file', () => {
    expect(
      parseLoadArgs([
        ...base,
        '--api',
        'http://localhost:8080/',
        '--user',
        'a@b.dk',
        '--password',
        'pw',
        '--duration',
        '60',
        '--qos',
        '0',
        '--log',
        'acked.csv',
      ]),
    ).toMatchObject({
      target: { kind: 'api', apiUrl: 'http://localhost:8080', user: 'a@b.dk', password: 'pw' },
      durationS: 60,
      qos: 0,
      logFile: 'acked.csv',
    });
  });

  it('takes device ids as ranges, and only as many as --devices', () => {
    expect(parseIdList('4-6,10', 10)).toEqual([4, 5, 6, 10]);
    const options = parseLoadArgs([
      ...base,
      '--registry',
      '1',
      '--token',
      't',
      '--device-ids',
      '10-20',
    ]);
    expect(options !== 'help' && options.target).toMatchObject({ deviceIds: [10, 11, 12] });
  });

  it('asks for help', () => {
    expect(parseLoadArgs(['--help'])).toBe('help');
  });

  it.each([
    [['--rate', '5', '--url', 'mqtt://h', '--registry', '1', '--token', 't'], /--devices/],
    [
      ['--devices', '0', '--rate', '5', '--url', 'mqtt://h', '--registry', '1', '--token', 't'],
      /--devices/,
    ],
    [
      ['--devices', '2', '--rate', '-1', '--url', 'mqtt://h', '--registry', '1', '--token', 't'],
      /--rate/,
    ],
    [
      ['--devices', '2', '--rate', '5', '--url', 'http://h', '--registry', '1', '--token', 't'],
      /--url must start with mqtt:/,
    ],
    [[...base], /either --registry and --token, or --api/],
    [[...base, '--registry', '1'], /--registry and --token go together/],
    [[...base, '--registry', '1', '--token', 't', '--api', 'http://x'], /either/],
    [[...base, '--api', 'http://x', '--user', 'u'], /--api needs --user and --password/],
    [[...base, '--registry', '1', '--token', 't', '--qos', '2'], /--qos must be 0 or 1/],
    [[...base, '--registry', '1', '--token', 't', '--device-ids', '1-2'], /fewer than --devices 3/],
    [[...base, '--registry', '1', '--token', 't', '--colour', 'red'], /colour/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseLoadArgs(argv)).toThrow(UsageError);
    expect(() => parseLoadArgs(argv)).toThrow(message);
  });
});
