import mqtt from 'mqtt';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken, demo } from './helpers.ts';

/** The demo's MQTT registry (other tests add registries of their own). */
const DEMO_MQTT_REGISTRY = 'København tællere';

export interface MqttDevice {
  id: number;
  name: string;
  registryId: number;
  /** A device API token: the device's MQTT password. */
  token: string;
}

export interface StoredMessage {
  id: number;
  deviceId: number;
  payload: string;
}

/**
 * Devices of the demo's MQTT registry made for one test, in the account
 * manager's organisation (Københavns Byliv, which the plain user sees too),
 * and deleted again with `removeAll`.
 */
export async function mqttDevices(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request, demo.manager)}` };
  const registries = (await (
    await request.get('/api/v2/registries?pageSize=100', { headers })
  ).json()) as { items: { id: number; name: string; protocol: string }[] };
  const registry = registries.items.find(
    (r) => r.protocol === 'mqtt' && r.name === DEMO_MQTT_REGISTRY,
  );
  if (!registry) throw new Error('the demo world has no MQTT registry');
  const made: number[] = [];

  return {
    headers,
    /** A new device in the registry, with a device token; `blocked` devices may not communicate. */
    async make(name: string, options: { blocked?: boolean } = {}): Promise<MqttDevice> {
      const created = await request.post('/api/v2/device', {
        headers,
        data: { name, registryId: registry.id, communication: !options.blocked },
      });
      expect(created.status()).toBe(201);
      const id = ((await created.json()) as { id: number }).id;
      made.push(id);
      const token = await request.post('/api/generateToken', {
        headers,
        data: { label: `${name} token`, type: 'device', reference: id },
      });
      expect(token.status()).toBe(201);
      return {
        id,
        name,
        registryId: registry.id,
        token: ((await token.json()) as { token: string }).token,
      };
    },
    /** The device's stored messages, newest first, through the messages API. */
    async messages(deviceId: number): Promise<StoredMessage[]> {
      const res = await request.get(`/api/v1/messages/?deviceId=${deviceId}&pageSize=100`, {
        headers,
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { items: StoredMessage[] }).items;
    },
    async removeAll() {
      for (const id of made.splice(0)) await request.delete(`/api/v2/device/${id}`, { headers });
    },
  };
}

/** Signs in to the embedded broker as the device (user name = its id, password = a token). */
export function connectAs(deviceId: number, password: string) {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT}`, {
    // The broker takes only client ids of the device's own (docs/ingest.md).
    clientId: `${deviceId}-e2e-${Math.random().toString(36).slice(2, 8)}`,
    username: String(deviceId),
    password,
    reconnectPeriod: 0,
  });
}

export const dataTopic = (device: Pick<MqttDevice, 'id' | 'registryId'>) =>
  `registries/${device.registryId}/devices/${device.id}/data`;

/** Publishes packets as the device with its token (QoS 1: acknowledged once stored). */
export async function publish(device: MqttDevice, ...payloads: object[]): Promise<void> {
  const client = await connectAs(device.id, device.token);
  try {
    for (const payload of payloads) {
      await client.publishAsync(dataTopic(device), JSON.stringify(payload), { qos: 1 });
    }
  } finally {
    await client.endAsync();
  }
}
