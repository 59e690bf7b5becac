import os from 'node:os';
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Broker, MessageHandler } from './broker.ts';
import { topicMatches } from './topic.ts';
import { redactUrl } from '../config.ts';

export interface ExternalBrokerOptions {
  url: string;
  /**
   * A stable client id keeps the session (subscriptions and messages not yet
   * acknowledged) across a crash, so the broker sends those again; without
   * one every start is a new, clean session.
   */
  clientId?: string;
  /** How long the broker keeps the session of a stable client id while it is away. */
  sessionExpirySeconds?: number;
  /** QoS 1 messages the broker may have in flight to this node at once. */
  receiveMaximum?: number;
  /** How long start-up waits for the first connection before going on unready. */
  connectTimeoutMs?: number;
  onError?: (error: Error) => void;
}

/** How long a message may wait for a handler after a reconnect before it is let go. */
const UNCLAIMED_WAIT_MS = 60_000;

/** Marks a message whose PUBACK is sent later, once its handlers are done. */
class DeferredAck extends Error {}
/** One marker for every message: an Error captures a stack trace when made. */
const deferredAck = new DeferredAck('PUBACK deferred until the message is handled');

/**
 * A connection to an external broker (MQTT 5). Messages are handled
 * concurrently, up to `receiveMaximum` at a time (the broker holds back more),
 * and each QoS 1 message is acknowledged only after its handlers finished, in
 * the order they arrived; a message whose handler fails is never
 * acknowledged, so the broker redelivers it to the session (after a
 * reconnect, holding a receive-maximum slot until then). Ingest's handler
 * therefore waits out a database outage (server/ingest/retry.ts) instead of
 * failing.
 */
export async function connectExternalBroker(options: ExternalBrokerOptions): Promise<Broker> {
  const handlers = new Map<string, MessageHandler>();
  const persistent = options.clientId !== undefined;
  const client = mqtt.connect(options.url, {
    clientId: options.clientId ?? `nordlys-${os.hostname()}-${randomBytes(4).toString('hex')}`,
    protocolVersion: 5,
    clean: !persistent,
    properties: {
      receiveMaximum: options.receiveMaximum ?? 10_000,
      ...(persistent ? { sessionExpiryInterval: options.sessionExpirySeconds ?? 3600 } : {}),
    },
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  // A persistent session's unacknowledged messages come again right after the
  // connect, before this process has subscribed its handlers again: they wait
  // for their handler (acknowledging them unhandled would lose them), for a
  // while at most, so a subscription nobody claims any more cannot stall the rest.
  const waiting = new Set<{ topic: string; wake: () => void }>();
  const dispatch = async (topic: string, payload: Buffer) => {
    const matchingHandlers = () => [...handlers].filter(([filter]) => topicMatches(filter, topic));
    let matching = matchingHandlers();
    if (matching.length === 0) {
      await new Promise<void>((resolve) => {
        const entry = {
          topic,
          wake: () => {
            clearTimeout(timer);
            waiting.delete(entry);
            resolve();
          },
        };
        const timer = setTimeout(entry.wake, UNCLAIMED_WAIT_MS);
        waiting.add(entry);
      });
      matching = matchingHandlers();
    }
    await Promise.all(matching.map(([, handler]) => handler(topic, payload)));
  };
  const reportError = (error: unknown) =>
    options.onError?.(error instanceof Error ? error : new Error(String(error)));

  // mqtt.js reads the next packet only after this callback, and sends the
  // PUBACK from it. To keep reading while earlier messages are still being
  // written, the callback is called at once with a marker error (mqtt.js then
  // sends no PUBACK) and the PUBACK goes out here once the handlers are done.
  let previousAck: Promise<unknown> = Promise.resolve();
  client.handleMessage = (packet, callback) => {
    const handled = dispatch(packet.topic, Buffer.from(packet.payload));
    if (packet.qos === 0 || packet.messageId === undefined) {
      handled.then(
        () => callback(),
        (error: unknown) => {
          reportError(error);
          callback();
        },
      );
      return;
    }
    const messageId = packet.messageId;
    const stream = client.stream;
    const acknowledged = Promise.all([handled, previousAck]).then(() => {
      // After a reconnect the broker sends the message again on the new connection.
      if (client.stream === stream && client.connected) {
        sendPacket(client, { cmd: 'puback', messageId });
      }
    });
    previousAck = acknowledged.catch(() => undefined);
    acknowledged.catch(reportError);
    callback(deferredAck);
  };
  client.on('error', (error) => {
    if (!(error instanceof DeferredAck)) options.onError?.(error);
  });

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
      for (const entry of [...waiting]) if (topicMatches(filter, entry.topic)) entry.wake();
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

/** mqtt.js's own packet writer (private in its types), so a deferred PUBACK keeps its order and keep-alive. */
function sendPacket(client: MqttClient, packet: { cmd: 'puback'; messageId: number }): void {
  const send = (client as unknown as { _sendPacket?: (packet: unknown) => void })._sendPacket;
  if (typeof send !== 'function') throw new Error('mqtt.js cannot send a PUBACK here');
  send.call(client, packet);
}
