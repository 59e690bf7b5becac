import fs from 'node:fs';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import * as generated from '../streams/generated/wire-checks.ts';
import { CHECKED, GENERATED, generateWireChecks } from './wire-checks.ts';

const time = '2026-11-24T12:00:00.000Z';
const point = { key: 'temperature', time, value: 21.5, textValue: null };
const historyPoint = {
  time,
  end: time,
  value: 1,
  min: 1,
  max: 2,
  avg: 1.5,
  sum: 3,
  count: 2,
  firstTime: time,
  lastTime: time,
  textValue: null,
};
const message = {
  id: 1,
  deviceId: 2,
  deviceName: 'Pump',
  registryId: null,
  registryName: 'Plant',
  receivedAt: time,
  topic: 'devices/2',
  payload: '{}',
  encoding: 'utf8',
  truncated: true,
};

/** A valid payload of each checked schema (two where a union has two sides). */
const VALID: Record<string, unknown[]> = {
  PointsEvent: [
    { deviceId: 7, points: [point, { ...point, value: null, textValue: 'on' }] },
    { deviceId: 7, points: [] },
  ],
  StatusEvent: [
    { deviceId: 7, status: 'yellow', lastDataAt: time, lastConnectionAt: null },
    { deviceId: 7, status: 'none', lastDataAt: null, lastConnectionAt: time },
  ],
  SubscribeAck: [
    { ok: true, subscribed: [1, 2], refused: [3], org: false },
    { ok: false, error: 'Sign in to continue' },
  ],
  UnsubscribeAck: [
    { ok: true, unsubscribed: [1] },
    { ok: false, error: 'no' },
  ],
  MessagesEvent: [{ deviceId: 2, messages: [message, { ...message, encoding: 'base64' }] }],
  MessagesSubscribeAck: [{ ok: true, subscribed: [2], refused: [] }],
  SubscriptionsEndedEvent: [{ deviceIds: [1, 2], messageDeviceIds: [] }],
  History: [
    {
      deviceId: 2,
      key: 'temperature',
      timeZone: 'Europe/Copenhagen',
      from: time,
      to: time,
      granularity: 'hourly',
      bucketSeconds: 3600,
      stat: 'avg',
      truncated: false,
      points: [historyPoint, { ...historyPoint, value: null, textValue: 'x' }],
    },
  ],
};

const REPLACEMENTS: unknown[] = [
  undefined,
  null,
  0,
  1.5,
  -1,
  Number.NaN,
  Infinity,
  '',
  'text',
  '2026-13-45T99:00:00Z',
  time,
  true,
  false,
  [],
  {},
  [1],
  'yellow',
  'utf8',
];

/** The sample with one value somewhere in it replaced or removed, every way there is. */
function* variants(value: unknown): Generator<unknown> {
  for (const replacement of REPLACEMENTS) yield replacement;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      for (const inner of variants(value[i])) {
        const copy = [...value];
        copy[i] = inner;
        yield copy;
      }
    }
    yield [...value, ...value];
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const { [key]: removed, ...without } = record;
      yield without;
      for (const inner of variants(removed)) yield { ...record, [key]: inner };
    }
    yield { ...record, extra: 1 };
  }
}

const checks = generated as Record<string, (value: unknown) => boolean>;

describe('generated wire checks', () => {
  it('match the contracts they were generated from', async () => {
    // Fails after a contract changed: run `npx tsx scripts/wire-checks.ts` and commit the file.
    expect(fs.readFileSync(GENERATED, 'utf8')).toBe(await generateWireChecks());
  });

  for (const [name, schema] of Object.entries(CHECKED)) {
    it(`agree with Value.Check on ${name}, valid and broken`, () => {
      const check = checks[`check${name}`];
      expect(check).toBeTypeOf('function');
      const samples = VALID[name] ?? [];
      expect(samples.length).toBeGreaterThan(0);
      let accepted = 0;
      let rejected = 0;
      for (const sample of samples) {
        expect(Value.Check(schema, sample)).toBe(true);
        expect(check?.(sample)).toBe(true);
        for (const variant of variants(sample)) {
          const expected = Value.Check(schema, variant);
          expect(check?.(variant), JSON.stringify(variant)).toBe(expected);
          if (expected) accepted++;
          else rejected++;
        }
      }
      // Both sides were exercised: broken payloads, and changes the schema allows.
      expect(rejected).toBeGreaterThan(10);
      expect(accepted).toBeGreaterThan(0);
    });
  }
});
