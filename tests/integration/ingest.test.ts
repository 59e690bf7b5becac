import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommittedBatch, StatusChange } from '../../server/ingest/events.ts';
import { dataTopic } from '../../server/ingest/topics.ts';
import {
  connectDevice,
  eventually,
  makeDevice,
  makeRegistry,
  makeToken,
  messagesOf,
  pointsOf,
  spreadIds,
} from '../helpers/ingest-world.ts';
import { startTestApp, usesServices, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, type World } from '../helpers/world.ts';
import { failDeviceLookups } from './ingest-outage.ts';

/**
 * MQTT ingest end to end: a real MQTT client publishes to the embedded broker
 * (or, in the real-services project, to the broker at MQTT_URL) and the rows
 * are read back from the database.
 */
describe('MQTT ingest', () => {
  let t: TestApp;
  let world: World;
  let registry: number;
  const db = () => t.database.db;
  const clients: MqttClient[] = [];
  let external = false;

  const device = (values: { communication?: boolean; registry?: number } = {}) =>
    makeDevice(db(), {
      org_uuid: world.orgs.alpha,
      registry_id: values.registry ?? registry,
      ...(values.communication === false ? { communication: false } : {}),
    });
  const token = (deviceId: number) =>
    makeToken(db(), 'device', deviceId, world.orgs.alpha, world.users.managerA);
  const connect = async (deviceId: number, password: string) => {
    const client = await connectDevice(t, deviceId, password);
    clients.push(client);
    return client;
  };
  /** A device with a token, connected. */
  const connected = async () => {
    const id = await device();
    const client = await connect(id, await token(id));
    return { id, client };
  };

  beforeAll(async () => {
    t = await startTestApp();
    await spreadIds(db());
    world = await seedWorld(db());
    registry = await makeRegistry(db(), world.orgs.alpha, 'mqtt');
    external = t.app.broker.kind === 'external';
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await t.close();
  });

  it('stores an accepted publish: its message and one point per numeric field at its ts', async () => {
    const { id, client } = await connected();
    const seen: CommittedBatch[] = [];
    const statuses: StatusChange[] = [];
    t.app.dataEvents.on('points', (batch) => batch.deviceId === id && seen.push(batch));
    t.app.dataEvents.on('status', (change) => change.deviceId === id && statuses.push(change));
    const payload = JSON.stringify({
      temperature: 21.5,
      humidity: 40,
      label: 'hall',
      ts: 1_700_000_000,
    });
    await client.publishAsync(dataTopic(registry, id), payload, { qos: 1 });
    if (!external) {
      // The embedded broker acknowledges only after the commit.
      expect(await pointsOf(db(), id)).toHaveLength(2);
    }
    const points = await eventually(async () => {
      const rows = await pointsOf(db(), id);
      return rows.length === 2 ? rows : undefined;
    });
    const at = new Date(1_700_000_000_000);
    expect(points).toEqual([
      { key: 'humidity', time: at, value: 40, text_value: null },
      { key: 'temperature', time: at, value: 21.5, text_value: null },
    ]);
    const messages = await messagesOf(db(), id);
    expect(messages).toMatchObject([
      { payload, topic: dataTopic(registry, id), registry_id: registry, payload_encoding: 'utf8' },
    ]);
    const row = await db()
      .selectFrom('devices')
      .select(['status', 'last_data_at', 'last_connection_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('green');
    expect(row.last_data_at).toBeInstanceOf(Date);
    expect(row.last_connection_at).toBeInstanceOf(Date);
    await eventually(async () => (seen.length > 0 && statuses.length > 0 ? true : undefined));
    expect(seen[0]?.points.map((p) => [p.key, p.time, p.value])).toEqual([
      ['temperature', at.toISOString(), 21.5],
      ['humidity', at.toISOString(), 40],
    ]);
    expect(statuses.at(-1)).toMatchObject({
      deviceId: id,
      status: 'green',
      orgUuid: world.orgs.alpha,
    });
  });

  it('holds a QoS 1 publish while the database is down and stores it once it is back', async () => {
    const { id, client } = await connected();
    // Its settings were cached at sign-in: announced as changed, the next publish looks them up.
    t.app.accessEvents.emit({ type: 'settings.changed', of: 'device', id });
    const outage = failDeviceLookups(t.app.db, id, 3);
    try {
      await client.publishAsync(dataTopic(registry, id), '{"level":7,"ts":1700000200}', {
        qos: 1,
      });
      const points = await eventually(async () => {
        const rows = await pointsOf(db(), id);
        return rows.length === 1 ? rows : undefined;
      });
      expect(outage.failed()).toBe(3);
      expect(points).toEqual([
        { key: 'level', time: new Date(1_700_000_200_000), value: 7, text_value: null },
      ]);
    } finally {
      outage.end();
    }
  });

  it('times points by `time` (ISO text) or, without one, by the receipt', async () => {
    const { id, client } = await connected();
    const before = Date.now();
    await client.publishAsync(dataTopic(registry, id), '{"a":1}', { qos: 1 });
    await client.publishAsync(dataTopic(registry, id), '{"b":2,"time":"2024-03-01T12:00:00Z"}', {
      qos: 1,
    });
    const points = await eventually(async () => {
      const rows = await pointsOf(db(), id);
      return rows.length === 2 ? rows : undefined;
    });
    const [a, b] = points;
    expect(a?.time.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(a?.time.getTime()).toBeLessThanOrEqual(Date.now());
    expect(b).toEqual({
      key: 'b',
      time: new Date('2024-03-01T12:00:00Z'),
      value: 2,
      text_value: null,
    });
  });

  it('stores the same point once, however often it is sent (device, key, time)', async () => {
    const { id, client } = await connected();
    const payload = '{"count":5,"ts":1700000100}';
    await client.publishAsync(dataTopic(registry, id), payload, { qos: 1 });
    await client.publishAsync(dataTopic(registry, id), payload, { qos: 1 });
    await eventually(async () => ((await messagesOf(db(), id)).length === 2 ? true : undefined));
    expect(await pointsOf(db(), id)).toEqual([
      { key: 'count', time: new Date(1_700_000_100_000), value: 5, text_value: null },
    ]);
  });

  it(
    "runs the device type's decoder, then the device's own, in the sandbox",
    { timeout: 60_000 },
    async () => {
      const typeDecoder = await db()
        .insertInto('cloud_functions')
        .values({
          name: 'hex counter',
          type: 'decoder',
          org_uuid: world.orgs.alpha,
          code: `function main(input, context) {
          return { count: parseInt(input, 16), device: context.device.id };
        }`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ownDecoder = await db()
        .insertInto('cloud_functions')
        .values({
          name: 'doubler',
          type: 'decoder',
          org_uuid: world.orgs.alpha,
          code: `function main(input) {
          return [{ key: 'count', value: input.count }, { key: 'double', value: input.count * 2 },
                  { key: 'note', value: 'ok' }, { key: 'from', value: input.device }];
        }`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const type = await db()
        .insertInto('device_types')
        .values({ name: 'Hex', org_uuid: world.orgs.alpha, decoder_function_id: typeDecoder.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = await makeDevice(db(), {
        org_uuid: world.orgs.alpha,
        registry_id: registry,
        device_type_id: type.id,
        synthetic_keys: JSON.stringify([{ key: 'triple', expression: 'count + double' }]),
      });
      await db()
        .insertInto('device_functions')
        .values({ device_id: id, position: 0, function_id: ownDecoder.id })
        .execute();
      const client = await connect(id, await token(id));
      await client.publishAsync(dataTopic(registry, id), '1f', { qos: 1 });
      const points = await eventually(async () => {
        const rows = await pointsOf(db(), id);
        return rows.length === 5 ? rows : undefined;
      });
      expect(points.map((p) => [p.key, p.value, p.text_value])).toEqual([
        ['count', 31, null],
        ['double', 62, null],
        ['from', id, null],
        ['note', null, 'ok'],
        ['triple', 93, null],
      ]);
    },
  );

  it('keeps a packet a decoder cannot read as a message without points', async () => {
    const broken = await db()
      .insertInto('cloud_functions')
      .values({
        name: 'broken',
        type: 'decoder',
        org_uuid: world.orgs.alpha,
        code: 'function main() { throw new Error("no"); }',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await device();
    await db()
      .insertInto('device_functions')
      .values({ device_id: id, position: 0, function_id: broken.id })
      .execute();
    const client = await connect(id, await token(id));
    await client.publishAsync(dataTopic(registry, id), '{"a":1}', { qos: 1 });
    await eventually(async () => ((await messagesOf(db(), id)).length === 1 ? true : undefined));
    expect(await pointsOf(db(), id)).toEqual([]);
  });

  it('stores nothing from a blocked device', async () => {
    const blocked = await device({ communication: false });
    const secret = await token(blocked);
    const witness = await connected();
    if (external) {
      // The external broker lets it in; ingest refuses its packets.
      const client = await connect(blocked, secret);
      await client.publishAsync(dataTopic(registry, blocked), '{"a":1}', { qos: 1 });
    } else {
      await expect(connectDevice(t, blocked, secret)).rejects.toThrow(
        /Bad username or password|Not authorized/i,
      );
    }
    await witness.client.publishAsync(dataTopic(registry, witness.id), '{"a":1}', { qos: 1 });
    await eventually(async () =>
      (await messagesOf(db(), witness.id)).length === 1 ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await messagesOf(db(), blocked)).toEqual([]);
    expect(await pointsOf(db(), blocked)).toEqual([]);
  });

  it('stores nothing sent to a topic whose device is not in that registry', async () => {
    const { id, client } = await connected();
    const other = await makeRegistry(db(), world.orgs.alpha, 'mqtt');
    if (!external) {
      // The embedded broker drops a client that publishes outside its own topic, unacknowledged.
      const closed = new Promise((resolve) => client.once('close', () => resolve(undefined)));
      client.publish(dataTopic(other, id), '{"a":1}', { qos: 1 }, () => undefined);
      await closed;
    } else {
      await client.publishAsync(dataTopic(other, id), '{"a":1}', { qos: 1 });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await messagesOf(db(), id)).toEqual([]);
  });

  describe.runIf(!(usesServices && process.env.MQTT_URL))('embedded broker sign-in', () => {
    it("refuses a publish to another device's topic and stores it nowhere", async () => {
      const { id, client } = await connected();
      const victim = await device();
      const closed = new Promise((resolve) => client.once('close', () => resolve(undefined)));
      client.publish(dataTopic(registry, victim), '{"a":1}', { qos: 1 }, () => undefined);
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await messagesOf(db(), victim)).toEqual([]);
      expect(await messagesOf(db(), id)).toEqual([]);
    });

    it('refuses a wrong token, another device’s token and a missing one', async () => {
      const id = await device();
      const other = await device();
      const otherToken = await token(other);
      for (const password of ['nly_wrong', otherToken, '']) {
        await expect(connectDevice(t, id, password)).rejects.toThrow(
          /Bad username or password|Not authorized/i,
        );
      }
      expect(await messagesOf(db(), id)).toEqual([]);
    });

    it('lets a registry token sign in any device of its registry', async () => {
      const id = await device();
      const secret = await makeToken(
        db(),
        'registry',
        registry,
        world.orgs.alpha,
        world.users.managerA,
      );
      const client = await connect(id, secret);
      await client.publishAsync(dataTopic(registry, id), '{"a":7}', { qos: 1 });
      expect(await pointsOf(db(), id)).toMatchObject([{ key: 'a', value: 7 }]);
      const elsewhere = await makeRegistry(db(), world.orgs.alpha, 'mqtt');
      const outsider = await device({ registry: elsewhere });
      await expect(connectDevice(t, outsider, secret)).rejects.toThrow(
        /Bad username or password|Not authorized/i,
      );
    });
  });

  it('deletes a device with its data points and messages', async () => {
    const { id, client } = await connected();
    await client.publishAsync(dataTopic(registry, id), '{"a":1,"ts":1700000200}', { qos: 1 });
    await eventually(async () => ((await pointsOf(db(), id)).length === 1 ? true : undefined));
    const { deviceRepository } = await import('../../server/repositories/device-repository.ts');
    expect(await deviceRepository(db()).delete(id)).toBeDefined();
    expect(await pointsOf(db(), id)).toEqual([]);
    expect(await messagesOf(db(), id)).toEqual([]);
  });
});
