import net from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker } from '../../server/broker/embedded-broker.ts';
import type { BrokerAuth } from '../../server/broker/broker.ts';
import { denyAllClients } from '../helpers/deny-all-clients.ts';
import { startTestApp, usesServices, type TestApp } from '../helpers/test-app.ts';

function nextMessage(filter: string, t: TestApp): Promise<{ topic: string; payload: string }> {
  return new Promise((resolve) => {
    let unsubscribe: (() => Promise<void>) | undefined;
    void t.app.broker
      .subscribe(filter, (topic, payload) => {
        resolve({ topic, payload: payload.toString() });
        // Not awaited: the next packet (the UNSUBACK) is read only after this handler returns.
        void unsubscribe?.();
      })
      .then((u) => (unsubscribe = u));
  });
}

describe('MQTT broker', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it(`delivers what the platform publishes to the platform's own subscription (${usesServices && process.env.MQTT_URL ? 'external' : 'embedded'})`, async () => {
    const topic = `nordlys/test/${Math.random().toString(36).slice(2)}`;
    const received = nextMessage(topic, t);
    await new Promise((r) => setTimeout(r, 100));
    await t.app.broker.publish(topic, 'hello', { qos: 1 });
    await expect(received).resolves.toEqual({ topic, payload: 'hello' });
  });

  it.runIf(usesServices && process.env.MQTT_URL)(
    'receives a message that a real MQTT client publishes to the external broker',
    async () => {
      const topic = `nordlys/test/${Math.random().toString(36).slice(2)}`;
      const received = nextMessage(topic, t);
      await new Promise((r) => setTimeout(r, 100));
      const client = await mqtt.connectAsync(process.env.MQTT_URL ?? '');
      await client.publishAsync(topic, 'from a device', { qos: 1 });
      await client.endAsync();
      await expect(received).resolves.toEqual({ topic, payload: 'from a device' });
    },
  );
});

describe('embedded MQTT broker', () => {
  const allowDevice: BrokerAuth = {
    authenticate: async (username, password) =>
      username === 'device-1' && password?.toString() === 'secret'
        ? { id: 'device-1', kind: 'device' }
        : null,
    canPublish: (principal, topic) => topic === `devices/${principal.id}/data`,
    canSubscribe: () => false,
  };

  it('refuses clients that cannot authenticate', async () => {
    const broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', auth: denyAllClients });
    try {
      await expect(
        mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
          reconnectPeriod: 0,
          connectTimeout: 3000,
        }),
      ).rejects.toThrow(/Bad username or password|Not authorized/i);
    } finally {
      await broker.close();
    }
  });

  it('lets an authenticated client publish only where its rules allow', async () => {
    const broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', auth: allowDevice });
    const seen: string[] = [];
    await broker.subscribe('devices/#', (topic) => {
      seen.push(topic);
    });
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      username: 'device-1',
      password: 'secret',
      reconnectPeriod: 0,
    });
    try {
      await client.publishAsync('devices/device-1/data', '{"countIn":1}', { qos: 1 });
      // A forbidden publish makes Aedes drop the client: it must not be delivered.
      await client
        .publishAsync('devices/device-2/data', '{"countIn":1}', { qos: 0 })
        .catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).toEqual(['devices/device-1/data']);
    } finally {
      await client.endAsync(true);
      await broker.close();
    }
  });

  it('speaks MQTT over WebSocket on the API port', async () => {
    const t = await startTestApp({ env: { MQTT_URL: '' } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      await expect(
        mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
          reconnectPeriod: 0,
          connectTimeout: 3000,
        }),
      ).rejects.toThrow(/Bad username or password|Not authorized/i);
    } finally {
      await t.close();
    }
  });

  it('says how to fix it when the MQTT port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const start = startEmbeddedBroker({ port, host: '127.0.0.1', auth: denyAllClients });
      await expect(start).rejects.toThrow(
        new RegExp(`MQTT port ${port} is already in use.*MQTT_URL.*MQTT_PORT`, 's'),
      );
    } finally {
      blocker.close();
    }
  });
});
