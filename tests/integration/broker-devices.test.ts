import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiToken } from '../../contracts/token.ts';
import { apiTokenRepository } from '../../server/repositories/api-token-repository.ts';
import { MAX_PACKET_BYTES } from '../../server/ingest/limits.ts';
import { dataTopic } from '../../server/ingest/topics.ts';
import {
  eventually,
  makeDevice,
  makeRegistry,
  messagesOf,
  mqttUrl,
  spreadIds,
} from '../helpers/ingest-world.ts';
import { startTestApp, usesServices, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll, type World } from '../helpers/world.ts';

/**
 * What devices may do on the embedded broker (the external broker enforces
 * its own rules, docs/ingest.md): their own client ids only, and their
 * connection ends as soon as what they signed in with stops working.
 */
describe('devices on the embedded broker', () => {
  let t: TestApp;
  let world: World;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];
  const registries = { alpha: 0, beta: 0 };
  const clients: MqttClient[] = [];
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp({ env: { MQTT_URL: '' } });
    await spreadIds(db());
    world = await seedWorld(db());
    ({ as } = await signInAll(t.app));
    registries.alpha = await makeRegistry(db(), world.orgs.alpha, 'mqtt');
    registries.beta = await makeRegistry(db(), world.orgs.beta, 'mqtt');
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await t.close();
  });

  /** A device of the organisation with a device token, made by that organisation's manager. */
  async function device(org: 'alpha' | 'beta') {
    const id = await makeDevice(db(), {
      org_uuid: world.orgs[org],
      registry_id: registries[org],
    });
    const { id: tokenId, secret } = await apiTokenRepository(db()).create({
      label: `device ${id}`,
      type: 'device',
      reference: id,
      orgUuid: world.orgs[org],
      createdBy: org === 'alpha' ? world.users.managerA : world.users.managerB,
    });
    return { id, tokenId, secret, topic: dataTopic(registries[org], id) };
  }

  async function connect(
    deviceId: number,
    secret: string,
    options: IClientOptions = {},
  ): Promise<MqttClient> {
    const client = await mqtt.connectAsync(mqttUrl(t), {
      clientId: `${deviceId}-test`,
      username: String(deviceId),
      password: secret,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      ...options,
    });
    clients.push(client);
    return client;
  }

  /** Resolves with the milliseconds until the client is closed, or rejects after `withinMs`. */
  function closedWithin(client: MqttClient, withinMs: number): Promise<number> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      if (!client.connected) {
        resolve(0);
        return;
      }
      const timer = setTimeout(
        () => reject(new Error(`still open after ${withinMs} ms`)),
        withinMs,
      );
      client.once('close', () => {
        clearTimeout(timer);
        resolve(Date.now() - started);
      });
    });
  }

  it("refuses another device's client id, so no device can knock another offline", async () => {
    const victim = await device('beta');
    const attacker = await device('alpha');
    const victimClient = await connect(victim.id, victim.secret, { clientId: String(victim.id) });

    await expect(
      connect(attacker.id, attacker.secret, { clientId: String(victim.id) }),
    ).rejects.toThrow(/Identifier rejected/i);
    await expect(
      connect(attacker.id, attacker.secret, { clientId: `${victim.id}-x` }),
    ).rejects.toThrow(/Identifier rejected/i);
    await expect(
      connect(attacker.id, attacker.secret, { clientId: `mqttjs_${attacker.id}` }),
    ).rejects.toThrow(/Identifier rejected/i);

    expect(victimClient.connected).toBe(true);
    await victimClient.publishAsync(victim.topic, '{"still":1}', { qos: 1 });
    expect(await messagesOf(db(), victim.id)).toHaveLength(1);
  });

  it('counts each MQTT sign-in as a call of the token, with its last call, as the API shows', async () => {
    const { id, tokenId, secret, topic } = await device('alpha');
    const signedIn = Date.now();
    for (let i = 0; i < 2; i++) {
      const client = await connect(id, secret);
      await client.publishAsync(topic, '{"a":1}', { qos: 1 });
      await client.endAsync();
    }
    const tokens = await eventually(async () => {
      const res = await as('managerA', 'GET', `/api/tokens/${world.orgs.alpha}`);
      expect(res.statusCode, res.body).toBe(200);
      const token = res.json<ApiToken[]>().find((row) => row.id === tokenId);
      return token && token.calls >= 2 ? token : undefined;
    }, 5_000);
    expect(tokens.calls).toBe(2);
    const lastCall = Date.parse(tokens.lastCall ?? '');
    expect(lastCall).toBeGreaterThanOrEqual(signedIn - 1_000);
    expect(lastCall).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it('lets a device use its own id, an id under it, or none', async () => {
    const own = await device('alpha');
    for (const clientId of [String(own.id), `${own.id}-gateway`, `${own.id}/2`, '']) {
      const client = await connect(own.id, own.secret, { clientId, clean: true });
      await client.publishAsync(own.topic, '{"a":1}', { qos: 1 });
      await client.endAsync();
    }
    expect(await messagesOf(db(), own.id)).toHaveLength(4);
  });

  it('closes the connection a token opened within a second of its deletion, and refuses the token after', async () => {
    const { id, tokenId, secret } = await device('alpha');
    const client = await connect(id, secret);
    const closed = closedWithin(client, 1000); // the bound: "closed within a second"
    const res = await as('managerA', 'POST', `/api/deletetoken/${tokenId}`);
    expect(res.statusCode).toBe(200);
    const ms = await closed;
    process.stdout.write(
      `a deleted token's MQTT connection closed ${ms} ms after the deletion was asked for\n`,
    );
    // Credential checks are cached for 10 s; a deletion forgets them.
    await expect(connect(id, secret)).rejects.toThrow(/Bad username or password/i);
  });

  it('closes the connections of a blocked device and of a deleted one', async () => {
    const blocked = await device('alpha');
    const blockedClient = await connect(blocked.id, blocked.secret);
    const blockedClosed = closedWithin(blockedClient, 5000);
    const block = await as('managerA', 'PUT', '/api/v2/device', {
      id: blocked.id,
      communication: false,
    });
    expect(block.statusCode).toBe(200);
    await blockedClosed;
    await expect(connect(blocked.id, blocked.secret)).rejects.toThrow(/Bad username/i);

    const deleted = await device('alpha');
    const deletedClient = await connect(deleted.id, deleted.secret);
    const deletedClosed = closedWithin(deletedClient, 5000);
    const removal = await as('managerA', 'DELETE', `/api/v2/device/${deleted.id}`);
    expect(removal.statusCode).toBe(200);
    await deletedClosed;
  });

  it("closes connections on tokens of a user who lost access, and keeps the others'", async () => {
    const kept = await device('alpha');
    const keptClient = await connect(kept.id, kept.secret);
    const { id, secret } = await device('beta');
    const client = await connect(id, secret);
    const closed = closedWithin(client, 5000);

    // The maker of the beta token is deactivated; a user.revoked for an active user changes nothing.
    await db()
      .updateTable('users')
      .set({ active: false })
      .where('uuid', '=', world.users.managerB)
      .execute();
    t.app.accessEvents.emit({ type: 'user.revoked', userUuid: world.users.managerA });
    t.app.accessEvents.emit({ type: 'user.revoked', userUuid: world.users.managerB });
    await closed;
    await keptClient.publishAsync(kept.topic, '{"a":1}', { qos: 1 });
    expect(keptClient.connected).toBe(true);
    await db()
      .updateTable('users')
      .set({ active: true })
      .where('uuid', '=', world.users.managerB)
      .execute();
  });

  it(`refuses a publish over ${MAX_PACKET_BYTES / 1024} KiB on MQTT, like HTTP, and stores nothing of it`, async () => {
    const { id, secret, topic } = await device('alpha');
    const client = await connect(id, secret);
    const atLimit = Buffer.alloc(MAX_PACKET_BYTES, 0x61);
    await client.publishAsync(topic, atLimit, { qos: 1 });
    const closed = closedWithin(client, 5000);
    void client
      .publishAsync(topic, Buffer.alloc(MAX_PACKET_BYTES + 1, 0x61), { qos: 1 })
      .catch(() => undefined);
    await closed;
    const stored = await messagesOf(db(), id);
    expect(stored.map((m) => m.payload.length)).toEqual([MAX_PACKET_BYTES]);
  });

  it('refuses an oversized packet in the pipeline too, whatever delivered it', async () => {
    const { id } = await device('alpha');
    const outcome = await t.app.ingest.ingest({
      registryId: registries.alpha,
      deviceId: id,
      payload: Buffer.alloc(MAX_PACKET_BYTES + 1, 0x61),
      transport: 'mqtt',
      topic: dataTopic(registries.alpha, id),
    });
    expect(outcome).toEqual({ ok: false, refusal: 'too-large' });
    expect(await messagesOf(db(), id)).toEqual([]);
  });
});

describe.runIf(usesServices && process.env.MQTT_URL)(
  'oversized packets from an external broker',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp();
      await spreadIds(t.database.db);
    });

    afterAll(async () => {
      await t.close();
    });

    it('are acknowledged, counted and not stored', async () => {
      const db = t.database.db;
      const world = await seedWorld(db);
      const registry = await makeRegistry(db, world.orgs.alpha, 'mqtt');
      const id = await makeDevice(db, { org_uuid: world.orgs.alpha, registry_id: registry });
      const publisher = await mqtt.connectAsync(process.env.MQTT_URL ?? '', { reconnectPeriod: 0 });
      try {
        await publisher.publishAsync(dataTopic(registry, id), Buffer.alloc(MAX_PACKET_BYTES + 1), {
          qos: 1,
        });
        await publisher.publishAsync(dataTopic(registry, id), '{"after":1}', { qos: 1 });
      } finally {
        await publisher.endAsync();
      }
      // The small packet after it is stored: the big one held nothing up.
      const stored = await eventually(async () => {
        const rows = await messagesOf(db, id);
        return rows.length > 0 ? rows : undefined;
      });
      expect(stored.map((m) => m.payload)).toEqual(['{"after":1}']);
      const counted = await t.app.metrics.getSingleMetricAsString('nordlys_ingest_oversized_total');
      expect(counted).toMatch(/nordlys_ingest_oversized_total 1/);
    });
  },
);

describe.runIf(usesServices && process.env.REDIS_URL)('revocation across nodes', () => {
  const prefix = `nordlys-broker-nodes-${process.pid}-${Date.now()}`;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // Two nodes, each with its own embedded broker, on one Redis channel.
    a = await startTestApp({ env: { MQTT_URL: '', REDIS_PREFIX: prefix } });
    b = await startTestApp({ env: { MQTT_URL: '', REDIS_PREFIX: prefix } });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("a token revoked on one node closes the connection it opened on another's broker", async () => {
    const db = a.database.db;
    await spreadIds(db);
    const world = await seedWorld(db);
    const registry = await makeRegistry(db, world.orgs.alpha, 'mqtt');
    const id = await makeDevice(db, { org_uuid: world.orgs.alpha, registry_id: registry });
    const token = await apiTokenRepository(db).create({
      label: 'node a',
      type: 'device',
      reference: id,
      orgUuid: world.orgs.alpha,
      createdBy: world.users.managerA,
    });
    const client = await mqtt.connectAsync(mqttUrl(a), {
      clientId: `${id}-node-a`,
      username: String(id),
      password: token.secret,
      reconnectPeriod: 0,
    });
    try {
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      b.app.accessEvents.emit({ type: 'token.revoked', tokenId: token.id });
      await closed;
    } finally {
      await client.endAsync(true);
    }
  });
});
