import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessEvent } from '../../server/plugins/access-events.ts';
import { makeDevice, makeRegistry, makeToken, pointsOf } from '../helpers/ingest-world.ts';
import { startTestApp, usesServices, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll } from '../helpers/world.ts';

interface Sender {
  registry: number;
  id: number;
  token: string;
}

/** A decoder that names its one point `key`, with the packet's number as its value. */
const naming = (key: string) => `function main(input) { return { ${key}: Number(input) }; }`;

/** Decoders, device types and devices of an http registry in Alpha, seeded in plain SQL. */
async function ingestWorld(app: TestApp) {
  const db = app.database.db;
  const world = await seedWorld(db);
  const org = world.orgs.alpha;
  const registry = await makeRegistry(db, org, 'http');
  return {
    world,
    registry,
    async decoder(code: string): Promise<number> {
      const row = await db
        .insertInto('cloud_functions')
        .values({ name: `decoder ${randomUUID()}`, type: 'decoder', org_uuid: org, code })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async deviceType(decoder: number): Promise<number> {
      const row = await db
        .insertInto('device_types')
        .values({ name: `type ${randomUUID()}`, org_uuid: org, decoder_function_id: decoder })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** A device of the http registry (or `registryId`) running these decoders, with its token. */
    async device(
      values: { decoders?: number[]; deviceTypeId?: number; registryId?: number } = {},
    ): Promise<Sender> {
      const id = await makeDevice(db, {
        org_uuid: org,
        registry_id: values.registryId ?? registry,
        device_type_id: values.deviceTypeId ?? null,
      });
      for (const [position, functionId] of (values.decoders ?? []).entries()) {
        await db
          .insertInto('device_functions')
          .values({ device_id: id, position, function_id: functionId })
          .execute();
      }
      const token = await makeToken(db, 'device', id, org, world.users.managerA);
      return { registry: values.registryId ?? registry, id, token };
    },
  };
}

/** POSTs a packet to HTTP ingest; the answer comes once it is stored (or refused). */
const send = (app: FastifyInstance, device: Sender, payload: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/ingest/${device.registry}/${device.id}`,
    headers: { authorization: `Bearer ${device.token}`, 'content-type': 'text/plain' },
    payload,
  });

/** Sends a packet that must be stored. */
const stored = async (app: FastifyInstance, device: Sender, value: number) => {
  const res = await send(app, device, String(value));
  expect(res.statusCode, res.body).toBe(200);
};

/** The keys stored for a device, in the order of their points' values. */
const keysByValue = async (app: TestApp, deviceId: number) =>
  (await pointsOf(app.database.db, deviceId))
    .sort((x, y) => (x.value ?? 0) - (y.value ?? 0) || x.key.localeCompare(y.key))
    .map((p) => p.key);

/** Resolves when this app hears an access event that matches (from its own node or another). */
const hears = (app: FastifyInstance, match: (event: AccessEvent) => boolean) =>
  new Promise<void>((resolve) => {
    const stop = app.accessEvents.on((event) => {
      if (!match(event)) return;
      stop();
      resolve();
    });
  });

/**
 * Ingest keeps device settings for a few seconds (server/ingest/device-directory.ts).
 * A change through the API is announced on the access-events bus, so the very
 * next packet is handled with the new settings rather than the cached ones.
 * Each case first sends a packet, which puts the device's settings in the cache.
 */
describe('ingest takes a settings change with the next packet', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof ingestWorld>>;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];
  const put = async (url: string, payload: object) => {
    const res = await as('super', 'PUT', url, payload);
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp();
    w = await ingestWorld(t);
    ({ as } = await signInAll(t.app));
  });

  afterAll(async () => {
    await t.close();
  });

  it('a device given another decoder', async () => {
    const [before, after] = [await w.decoder(naming('before')), await w.decoder(naming('after'))];
    const device = await w.device({ decoders: [before] });
    await stored(t.app, device, 1);
    await put('/api/v2/device', { id: device.id, decoderFunctionIds: [after] });
    await stored(t.app, device, 2);
    expect(await keysByValue(t, device.id)).toEqual(['before', 'after']);
  });

  it('a device given synthetic keys', async () => {
    const device = await w.device({ decoders: [await w.decoder(naming('level'))] });
    await stored(t.app, device, 1);
    await put('/api/v2/device', {
      id: device.id,
      syntheticKeys: [{ key: 'tenfold', expression: 'level * 10' }],
    });
    await stored(t.app, device, 2);
    expect(await keysByValue(t, device.id)).toEqual(['level', 'level', 'tenfold']);
  });

  it("a decoder's code, for every device that runs it", async () => {
    const decoder = await w.decoder(naming('old'));
    const devices = [
      await w.device({ decoders: [decoder] }),
      await w.device({ decoders: [decoder] }),
    ];
    for (const device of devices) await stored(t.app, device, 1);
    await put('/api/v2/cloudfunction', { id: decoder, code: naming('new') });
    for (const device of devices) {
      await stored(t.app, device, 2);
      expect(await keysByValue(t, device.id)).toEqual(['old', 'new']);
    }
  });

  it("a device type's decoder", async () => {
    const [before, after] = [
      await w.decoder(naming('typeOld')),
      await w.decoder(naming('typeNew')),
    ];
    const type = await w.deviceType(before);
    const device = await w.device({ deviceTypeId: type });
    await stored(t.app, device, 1);
    await put('/api/v2/devicetype', { id: type, decoderFunctionId: after });
    await stored(t.app, device, 2);
    expect(await keysByValue(t, device.id)).toEqual(['typeOld', 'typeNew']);
  });

  it('a registry that stops taking data over HTTP', async () => {
    const registry = await makeRegistry(t.database.db, w.world.orgs.alpha, 'http');
    const device = await w.device({ registryId: registry });
    await stored(t.app, device, 1);
    await put('/api/v2/registry', { id: registry, protocol: 'mqtt' });
    const refused = await send(t.app, device, '2');
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      403,
      'This registry does not take data over HTTP',
    ]);
  });
});

/**
 * Two API nodes on one database and one Redis: a change made on node A is
 * heard on node B (through Redis), and B's next packet uses it.
 */
describe.runIf(usesServices && process.env.REDIS_URL)(
  'ingest takes a settings change made on another node',
  () => {
    let a: TestApp;
    let b: TestApp;
    let w: Awaited<ReturnType<typeof ingestWorld>>;
    let as: Awaited<ReturnType<typeof signInAll>>['as'];

    beforeAll(async () => {
      const env = { REDIS_PREFIX: `nordlys-test-${randomUUID()}` };
      a = await startTestApp({ env });
      b = await startTestApp({ env, database: a.database });
      w = await ingestWorld(a);
      ({ as } = await signInAll(a.app));
    });

    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it("a decoder's code changed on node A decodes node B's next packet", async () => {
      const decoder = await w.decoder(naming('old'));
      const device = await w.device({ decoders: [decoder] });
      await stored(b.app, device, 1);
      const heardOnB = hears(
        b.app,
        (event) =>
          event.type === 'settings.changed' && event.of === 'function' && event.id === decoder,
      );
      const res = await as('super', 'PUT', '/api/v2/cloudfunction', {
        id: decoder,
        code: naming('new'),
      });
      expect(res.statusCode, res.body).toBe(200);
      // B's device directory listens before this test does: once the test hears it, B forgot.
      await heardOnB;
      await stored(b.app, device, 2);
      expect(await keysByValue(a, device.id)).toEqual(['old', 'new']);
    });
  },
);
