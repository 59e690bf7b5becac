import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Sandbox } from '../functions/sandbox.ts';
import type { DeviceIngestConfig, StoredPacket } from '../repositories/ingest-repository.ts';
import type { AfterCommit } from './pipeline.ts';

/** Outbound work waiting at once; beyond it new work is skipped, not queued. */
const MAX_OUTBOUND_JOBS = 200;
/** A forward connection unused this long is closed. */
const IDLE_MS = 60_000;
/** Forwards held while a new connection is being made; beyond it they are dropped. */
const MAX_WAITING_FOR_CONNECT = 100;

interface ForwardMessage {
  topic: string;
  message: string;
}

interface ForwardClient {
  client: MqttClient;
  lastUse: number;
  /** Forwards waiting for the first connection; null once it is made or has failed. */
  waiting: ForwardMessage[] | null;
}

interface ForwardSettings {
  url: string;
  topic: string;
  username?: string;
  password?: string;
  deviceIdField: string;
}

function forwardSettings(device: DeviceIngestConfig): ForwardSettings | undefined {
  const f = device.mqttForward;
  if (!f || typeof f.host !== 'string' || typeof f.topic !== 'string') return undefined;
  if (!f.host.trim() || !f.topic.trim()) return undefined;
  const url = /^[a-z]+:\/\//i.test(f.host) ? f.host : `mqtt://${f.host}`;
  return {
    url,
    topic: f.topic,
    ...(typeof f.user === 'string' && f.user ? { username: f.user } : {}),
    ...(typeof f.password === 'string' && f.password ? { password: f.password } : {}),
    deviceIdField:
      typeof f.deviceIdField === 'string' && f.deviceIdField ? f.deviceIdField : 'deviceId',
  };
}

/** The forwarded message: the device id and the packet's values by key. */
export function forwardMessage(
  device: DeviceIngestConfig,
  packet: StoredPacket,
  idField: string,
): string {
  const values: Record<string, number | string | null> = {};
  for (const point of packet.points) values[point.key] = point.textValue ?? point.value;
  return JSON.stringify({
    ...values,
    [idField]: device.id,
    time: packet.receivedAt.toISOString(),
  });
}

/**
 * What runs after a commit: the MQTT forward to the device's configured
 * broker (QoS 0, best effort, never buffered while that broker is away) and
 * the device's outbound functions in the sandbox. Neither holds up ingest.
 */
export function outboundWork(sandbox: Sandbox, log: FastifyBaseLogger) {
  const clients = new Map<string, ForwardClient>();
  let running = 0;

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of clients) {
      if (now - entry.lastUse > IDLE_MS) {
        clients.delete(key);
        entry.client.end(true);
      }
    }
  }, IDLE_MS);
  sweep.unref();

  function send(client: MqttClient, { topic, message }: ForwardMessage): void {
    client.publish(topic, message, { qos: 0 }, (error) => {
      if (error) log.debug({ err: error }, 'MQTT forward failed');
    });
  }

  function clientFor(settings: ForwardSettings): ForwardClient {
    const key = `${settings.url}\u0000${settings.username ?? ''}\u0000${settings.password ?? ''}`;
    let entry = clients.get(key);
    if (!entry) {
      const client = mqtt.connect(settings.url, {
        ...(settings.username ? { username: settings.username } : {}),
        ...(settings.password ? { password: settings.password } : {}),
        reconnectPeriod: 5000,
        connectTimeout: 5000,
        queueQoSZero: false,
      });
      client.on('error', (error) =>
        log.debug({ err: error, url: settings.url }, 'MQTT forward: connection problem'),
      );
      const created: ForwardClient = { client, lastUse: Date.now(), waiting: [] };
      // The packet that opens the connection goes once it is made; after a
      // failed or lost connection, nothing is kept.
      client.once('connect', () => {
        const waiting = created.waiting ?? [];
        created.waiting = null;
        for (const message of waiting) send(client, message);
      });
      client.once('close', () => {
        created.waiting = null;
      });
      entry = created;
      clients.set(key, entry);
    }
    entry.lastUse = Date.now();
    return entry;
  }

  const afterCommit: AfterCommit = (device, packet) => {
    const settings = forwardSettings(device);
    if (settings && packet.points.length > 0) {
      const entry = clientFor(settings);
      const message = {
        topic: settings.topic,
        message: forwardMessage(device, packet, settings.deviceIdField),
      };
      if (entry.client.connected) send(entry.client, message);
      else if (entry.waiting && entry.waiting.length < MAX_WAITING_FOR_CONNECT) {
        entry.waiting.push(message);
      }
    }
    for (const fn of device.functions) {
      if (fn.type !== 'outbound' || running >= MAX_OUTBOUND_JOBS) continue;
      running++;
      sandbox
        .run({
          code: fn.code,
          input: packet.points.map((p) => ({
            key: p.key,
            time: new Date(p.time).toISOString(),
            value: p.textValue ?? p.value,
          })),
          context: { device: { id: device.id, name: device.name, registryId: device.registryId } },
        })
        .then(
          (result) => {
            if (!result.ok) {
              log.warn({ functionId: fn.id, error: result.error }, 'outbound function failed');
            }
          },
          (error: unknown) => log.warn({ err: error }, 'outbound function failed'),
        )
        .finally(() => running--);
    }
  };

  return {
    afterCommit,
    close() {
      clearInterval(sweep);
      for (const { client } of clients.values()) client.end(true);
      clients.clear();
    },
  };
}
