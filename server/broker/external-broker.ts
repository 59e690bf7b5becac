import os from 'node:os';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { Broker, MessageHandler } from './broker.ts';
import { topicMatches } from './topic.ts';
import { redactUrl } from '../config.ts';

export interface ExternalBrokerOptions {
  url: string;
  /** How long start-up waits for the first connection before going on unready. */
  connectTimeoutMs?: number;
  onError?: (error: Error) => void;
}

/**
 * A connection to an external broker. Acknowledgements of QoS 1 messages wait
 * for the handlers, so the broker redelivers what was not processed when the
 * process dies.
 */
export async function connectExternalBroker(options: ExternalBrokerOptions): Promise<Broker> {
  const handlers = new Map<string, MessageHandler>();
  const client = mqtt.connect(options.url, {
    clientId: `nordlys-${os.hostname()}-${randomBytes(4).toString('hex')}`,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  const dispatch = async (topic: string, payload: Buffer) => {
    const matching = [...handlers].filter(([filter]) => topicMatches(filter, topic));
    await Promise.all(matching.map(([, handler]) => handler(topic, payload)));
  };
  // mqtt.js sends the PUBACK of a QoS 1 message when this callback is called,
  // and reads no further messages meanwhile: acknowledgement after the work,
  // and backpressure for free. A failed handler leaves the message unacknowledged.
  client.handleMessage = (packet, callback) => {
    dispatch(packet.topic, Buffer.from(packet.payload)).then(
      () => callback(),
      (error: unknown) => {
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
        callback(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  client.on('error', (error) => options.onError?.(error));

  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, options.connectTimeoutMs ?? 5000);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  return {
    kind: 'external',
    describe: () => `external broker at ${redactUrl(options.url)}`,
    isConnected: () => client.connected,
    async publish(topic, payload, publishOptions = {}) {
      await client.publishAsync(topic, payload, {
        qos: publishOptions.qos ?? 0,
        retain: publishOptions.retain ?? false,
      });
    },
    async subscribe(filter, handler) {
      handlers.set(filter, handler);
      await client.subscribeAsync(filter, { qos: 1 });
      return async () => {
        handlers.delete(filter);
        if (client.connected) await client.unsubscribeAsync(filter);
      };
    },
    async close() {
      await client.endAsync();
    },
  };
}
