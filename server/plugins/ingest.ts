import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import type { BrokerAuth } from '../broker/broker.ts';
import { deviceBrokerAuth } from '../ingest/broker-auth.ts';
import { closeRevokedConnections } from '../ingest/broker-revocation.ts';
import { deviceDirectory, type DeviceDirectory } from '../ingest/device-directory.ts';
import { outboundWork, type ForwardStatus } from '../ingest/forward.ts';
import { forwardPolicy } from '../ingest/forward-policy.ts';
import { WriterClosedError } from '../ingest/batch-writer.ts';
import { createIngestPipeline, type IngestPipeline } from '../ingest/pipeline.ts';
import { DatabaseUnavailableError } from '../ingest/retry.ts';
import { DATA_TOPIC_FILTER, parseDataTopic } from '../ingest/topics.ts';
import { ingestRepository } from '../repositories/ingest-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: IngestPipeline & {
      directory: DeviceDirectory;
      /** Device sign-in for the embedded broker. */
      brokerAuth: BrokerAuth;
      /** Turns silent devices yellow, then red, and announces each change (runs every minute). */
      sweepStatuses(): Promise<void>;
      /** A device's MQTT forward as this node sees it, from its stored settings. */
      forwardStatus(stored: Record<string, unknown> | null): ForwardStatus;
    };
  }
}

const CONNECTION_FLUSH_MS = 1000;
const STATUS_SWEEP_MS = 60_000;

/**
 * The ingest pipeline (server/ingest/) for this process: decorates
 * `fastify.ingest`, gives the embedded broker its device sign-in, and once the
 * broker is up subscribes to the devices' data topics (through a shared
 * subscription on an external broker, so API nodes split the load).
 */
export default fp(
  async (fastify) => {
    const repo = ingestRepository(fastify.db);
    const directory = deviceDirectory(repo);
    const outbound = outboundWork(
      fastify.sandbox,
      fastify.log,
      forwardPolicy(fastify.config.mqttForwardAllow),
    );
    const pipeline = createIngestPipeline({
      db: fastify.db,
      sandbox: fastify.sandbox,
      events: fastify.dataEvents,
      directory,
      log: fastify.log,
      afterCommit: outbound.afterCommit,
    });

    // What this node committed (with several nodes on a shared subscription, its share).
    const committedMessages = new Counter({
      name: 'nordlys_ingest_messages_total',
      help: 'Messages this node logged (committed) from devices',
      registers: [fastify.metrics],
    });
    const committedPoints = new Counter({
      name: 'nordlys_ingest_points_total',
      help: 'Data points this node committed',
      registers: [fastify.metrics],
    });
    const failedPackets = new Counter({
      name: 'nordlys_ingest_failed_total',
      help: 'Packets dropped because handling them failed for a reason other than the database',
      registers: [fastify.metrics],
    });
    const oversizedPackets = new Counter({
      name: 'nordlys_ingest_oversized_total',
      help: 'Packets dropped unstored because they were larger than the packet limit',
      registers: [fastify.metrics],
    });
    fastify.dataEvents.on('messages', (messages) => committedMessages.inc(messages.length));
    fastify.dataEvents.on('points', (batch) => committedPoints.inc(batch.points.length));

    // Devices that signed in to the embedded broker count as connected (yellow).
    const connected = new Set<number>();
    const flushConnections = async () => {
      if (connected.size === 0) return;
      const ids = [...connected];
      connected.clear();
      pipeline.announceStatus(await repo.touchConnection(ids, new Date()));
    };
    const sweepStatuses = async () => pipeline.announceStatus(await repo.ageStatuses());
    const timers = [
      setInterval(() => {
        flushConnections().catch((error: unknown) =>
          fastify.log.warn({ err: error }, 'ingest: recording device connections failed'),
        );
      }, CONNECTION_FLUSH_MS),
      setInterval(() => {
        sweepStatuses().catch((error: unknown) =>
          fastify.log.warn({ err: error }, 'ingest: the device status sweep failed'),
        );
      }, STATUS_SWEEP_MS),
    ];
    for (const timer of timers) timer.unref();

    const brokerAuth = deviceBrokerAuth(directory, (id) => connected.add(id));
    const { forwardStatus } = outbound;
    fastify.decorate(
      'ingest',
      Object.assign(pipeline, { directory, brokerAuth, sweepStatuses, forwardStatus }),
    );

    let unsubscribe: (() => Promise<void>) | undefined;
    let stopRevocations: (() => void) | undefined;
    fastify.addHook('onReady', async () => {
      const { broker, config } = fastify;
      stopRevocations = closeRevokedConnections({
        events: fastify.accessEvents,
        broker,
        auth: brokerAuth,
        directory,
        log: fastify.log,
      });
      const filter =
        broker.kind === 'external'
          ? `$share/${config.mqttShareGroup}/${DATA_TOPIC_FILTER}`
          : DATA_TOPIC_FILTER;
      unsubscribe = await broker.subscribe(filter, (topic, payload) => {
        const ids = parseDataTopic(topic);
        if (!ids) return;
        return pipeline
          .ingest({
            registryId: ids.registryId,
            deviceId: ids.deviceId,
            payload,
            topic,
            transport: 'mqtt',
          })
          .then(
            (outcome) => {
              if (outcome.ok) return;
              if (outcome.refusal === 'too-large') {
                // Acknowledged and dropped: sent again, it would be refused again.
                oversizedPackets.inc();
                fastify.log.warn(
                  { topic, bytes: payload.length },
                  'ingest: a packet over the size limit was dropped',
                );
                return;
              }
              fastify.log.debug({ topic, refusal: outcome.refusal }, 'ingest: packet refused');
            },
            (error: unknown) => {
              // Unacknowledged, so the broker sends it again: ingest is shutting
              // down, or gave up waiting for the database.
              if (error instanceof DatabaseUnavailableError || error instanceof WriterClosedError) {
                throw error;
              }
              // Any other failure would repeat on every delivery: it is logged and
              // acknowledged rather than holding one of the broker's in-flight slots.
              failedPackets.inc();
              fastify.log.error({ err: error, topic }, 'ingest: a packet failed and was dropped');
            },
          );
      });
    });
    fastify.addHook('preClose', async () => {
      // Stop taking messages before the broker closes; unacknowledged ones are redelivered.
      if (unsubscribe && fastify.broker.kind === 'embedded') await unsubscribe();
    });
    fastify.addHook('onClose', async () => {
      stopRevocations?.();
      for (const timer of timers) clearInterval(timer);
      outbound.close();
      await pipeline.close();
      await flushConnections().catch(() => undefined);
    });
  },
  {
    name: 'ingest',
    dependencies: ['database', 'sandbox', 'data-events', 'access-events', 'metrics'],
  },
);
