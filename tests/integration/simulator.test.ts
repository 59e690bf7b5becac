import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerAuth } from '../../server/broker/broker.ts';
import { apiTokenRepository } from '../../server/repositories/api-token-repository.ts';
import { simulatorBrokerUrl } from '../../server/plugins/simulator.ts';
import { SIMULATOR_TOKEN_LABEL, simulatorCounters } from '../../server/simulator/credentials.ts';
import { startDemoSimulator } from '../../server/simulator/demo-simulator.ts';
import { startTestApp, usesServices, type TestApp } from '../helpers/test-app.ts';

interface Received {
  topic: string;
  payload: Record<string, unknown>;
}

describe('demo simulator', () => {
  let t: TestApp;
  const signIns: { username: string; accepted: boolean }[] = [];

  beforeAll(async () => {
    // The device rule ingest enforces: the user name is a device id and the
    // password a token of that device or of its registry.
    const deviceAuth: BrokerAuth = {
      async authenticate(username, password) {
        const user = await apiTokenRepository(t.app.db).useToken(password?.toString() ?? '');
        const device = await t.app.db
          .selectFrom('devices')
          .select(['id', 'registry_id'])
          .where('id', '=', Number(username))
          .executeTakeFirst();
        const accepted =
          !!user &&
          !!device &&
          ((user.type === 'registry' && user.reference === device.registry_id) ||
            (user.type === 'device' && user.reference === device.id));
        signIns.push({ username: username ?? '', accepted });
        return accepted && device
          ? { id: String(device.id), kind: 'device', registryId: device.registry_id }
          : null;
      },
      canPublish: (principal, topic) =>
        topic === `registries/${String(principal.registryId)}/devices/${principal.id}/data`,
      canSubscribe: () => false,
    };
    t = await startTestApp({
      env: { DEMO: '1', DEMO_PASSWORD: 'demo-secret-1', DEMO_HISTORY_DAYS: '0', SIMULATE: '1' },
      brokerAuth: deviceAuth,
    });
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('starts with the app and signs in with fresh registry tokens, replacing earlier ones', async () => {
    expect(t.app.simulator).not.toBeNull();
    const tokens = () =>
      t.app.db
        .selectFrom('api_tokens')
        .select(['id', 'type', 'reference'])
        .where('label', '=', SIMULATOR_TOKEN_LABEL)
        .execute();
    const first = await tokens();
    const registries = await t.app.db
      .selectFrom('registries')
      .select('id')
      .where('protocol', '!=', 'none')
      .execute();
    expect(first.map((row) => row.reference).sort()).toEqual(registries.map((r) => r.id).sort());
    expect(first.every((row) => row.type === 'registry')).toBe(true);

    // A restart makes new tokens and deletes the old ones.
    const counters = await simulatorCounters(t.app.db);
    const second = await tokens();
    expect(second).toHaveLength(first.length);
    expect(second.map((row) => row.id)).not.toEqual(expect.arrayContaining(first.map((r) => r.id)));
    expect(counters.length).toBeGreaterThanOrEqual(60);
    expect(new Set(counters.map((c) => c.protocol))).toEqual(new Set(['mqtt', 'http']));
  });

  it('publishes counts as the demo devices over MQTT', async () => {
    const counters = (await simulatorCounters(t.app.db)).filter((c) => c.protocol === 'mqtt');
    const ours = new Set(
      counters.map((c) => `registries/${c.registryId}/devices/${c.deviceId}/data`),
    );
    const received: Received[] = [];
    const unsubscribe = await t.app.broker.subscribe(
      'registries/+/devices/+/data',
      (topic, payload) => {
        if (ours.has(topic)) received.push({ topic, payload: JSON.parse(payload.toString()) });
      },
    );
    // The app's own simulator signs in too (with the tokens the first test replaced).
    const signInsBefore = signIns.length;
    const simulator = startDemoSimulator(counters.slice(0, 5), {
      mqttUrl: simulatorBrokerUrl(t.app),
      postHttp: () => Promise.resolve(404),
      log: { info: () => undefined, warn: () => undefined },
      intervalMs: { min: 50, max: 150 },
    });
    try {
      await expect
        .poll(() => simulator.stats().acked, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(10);
      await expect.poll(() => received.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(10);
    } finally {
      await simulator.stop();
      await unsubscribe();
    }
    expect(simulator.stats().failed).toBe(0);
    expect(new Set(received.map((r) => r.topic)).size).toBe(5);
    for (const { payload } of received) {
      expect(payload).toEqual({
        ts: expect.any(Number),
        countIn: expect.any(Number),
        countOut: expect.any(Number),
        battery: expect.any(Number),
        temperature: expect.any(Number),
      });
      expect(Math.abs(Number(payload.ts) - Date.now())).toBeLessThan(60_000);
    }
    if (!(usesServices && process.env.MQTT_URL)) {
      const names = new Set(counters.slice(0, 5).map((c) => String(c.deviceId)));
      const accepted = signIns
        .slice(signInsBefore)
        .filter((s) => s.accepted && names.has(s.username));
      expect(accepted.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('warns once, and sends nothing, when the broker refuses its token', async () => {
    const [counter] = (await simulatorCounters(t.app.db)).filter((c) => c.protocol === 'mqtt');
    if (!counter) throw new Error('no MQTT demo counter');
    const warnings: string[] = [];
    const simulator = startDemoSimulator([{ ...counter, token: 'nly_not-a-token' }], {
      mqttUrl: simulatorBrokerUrl(t.app),
      postHttp: () => Promise.resolve(404),
      log: { info: () => undefined, warn: (message) => warnings.push(message) },
      intervalMs: { min: 50, max: 100 },
    });
    try {
      if (usesServices && process.env.MQTT_URL) return; // Mosquitto here lets anyone in.
      await expect.poll(() => warnings.length, { timeout: 15_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(simulator.stats()).toMatchObject({ sent: 0, connected: 0 });
      expect(warnings[0]).toMatch(/refuses the demo counters/);
    } finally {
      await simulator.stop();
    }
  });
});
