import os from 'node:os';
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Broker, MessageHandler } from './broker.ts';
import { topicFilter } from './topic.ts';
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

/** A QoS 1 message waiting for its PUBACK, linked to the one that came after it. */
interface PendingAck {
  messageId: number;
  /** The connection it came on: a PUBACK belongs to that connection only. */
  stream: unknown;
  handled: boolean;
  failed: boolean;
  next: PendingAck | null;
}

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
  const handlers = new Map<
    string,
    { matches: (topic: string) => boolean; handler: MessageHandler }
  >();
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
    // mqtt.js logs every packet through `debug`, which costs its arguments
    // even when switched off; DEBUG=mqttjs* brings its log back.
    ...(process.env.DEBUG ? {} : { log: () => undefined }),
  });
  /** The handlers' work for a message, or null when no handler takes its topic. */
  const runHandlers = (topic: string, payload: Buffer): Promise<unknown> | null => {
    let first: Promise<unknown> | null = null;
    let all: Promise<unknown>[] | null = null;
    for (const { matches, handler } of handlers.values()) {
      if (!matches(topic)) continue;
      let work: Promise<unknown>;
      try {
        work = Promise.resolve(handler(topic, payload));
      } catch (error) {
        work = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      if (!first) first = work;
      else (all ??= [first]).push(work);
    }
    return all ? Promise.all(all) : first;
  };
  // A persistent session's unacknowledged messages come again right after the
  // connect, before this process has subscribed its handlers again: they wait
  // for their handler (acknowledging them unhandled would lose them), for a
  // while at most, so a subscription nobody claims any more cannot stall the rest.
  const waiting = new Set<{ topic: string; wake: () => void }>();
  const waitForHandler = (topic: string) =>
    new Promise<void>((resolve) => {
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
  const dispatch = (topic: string, payload: Buffer): Promise<unknown> =>
    runHandlers(topic, payload) ??
    waitForHandler(topic).then(() => runHandlers(topic, payload) ?? undefined);
  const reportError = (error: unknown) =>
    options.onError?.(error instanceof Error ? error : new Error(String(error)));

  // QoS 1 messages whose PUBACK is due, in the order they arrived: a PUBACK
  // goes out once the message and every one before it were handled.
  let oldest: PendingAck | null = null;
  let newest: PendingAck | null = null;
  const sendDueAcks = () => {
    while (oldest?.handled) {
      const { messageId, stream, failed } = oldest;
      oldest = oldest.next;
      if (!oldest) newest = null;
      // After a reconnect the broker sends the message again on the new connection.
      if (!failed && client.stream === stream && client.connected) {
        sendPacket(client, { cmd: 'puback', messageId });
      }
    }
  };

  // mqtt.js reads the next packet only after this callback, and sends the
  // PUBACK from it. To keep reading while earlier messages are still being
  // written, the callback is called at once with a marker error (mqtt.js then
  // sends no PUBACK) and the PUBACK goes out here once the handlers are done.
  client.handleMessage = (packet, callback) => {
    const payload =
      typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    const handled = dispatch(packet.topic, payload);
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
    const pending: PendingAck = {
      messageId: packet.messageId,
      stream: client.stream,
      handled: false,
      failed: false,
      next: null,
    };
    if (newest) newest.next = pending;
    else oldest = pending;
    newest = pending;
    handled.then(
      () => {
        pending.handled = true;
        sendDueAcks();
      },
      (error: unknown) => {
        // Never acknowledged: the broker sends it again after a reconnect.
        pending.handled = true;
        pending.failed = true;
        reportError(error);
        sendDueAcks();
      },
    );
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
      const matches = topicFilter(filter);
      handlers.set(filter, { matches, handler });
      for (const entry of [...waiting]) if (matches(entry.topic)) entry.wake();
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
