import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { deviceBrokerAuth, type DeviceBrokerAuth } from '../ingest/broker-auth.ts';
import { deviceDirectory, type DeviceDirectory } from '../ingest/device-directory.ts';
import { outboundWork, type ForwardStatus } from '../ingest/forward.ts';
import { forwardPolicy } from '../ingest/forward-policy.ts';
import { createIngestPipeline, type IngestPipeline } from '../ingest/pipeline.ts';
import { tokenCallTally } from '../ingest/token-calls.ts';
import { apiTokenRepository } from '../repositories/api-token-repository.ts';
import { ingestRepository } from '../repositories/ingest-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: IngestPipeline & {
      directory: DeviceDirectory;
      /** Device sign-in for the embedded broker. */
      brokerAuth: DeviceBrokerAuth;
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
 * `fastify.ingest` with the pipeline, its device directory (which forgets
 * what the access-events bus says changed) and the embedded broker's device
 * sign-in. The `broker` plugin takes that sign-in; `ingest-subscription`
 * hands the broker's messages to the pipeline.
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
    // A sign-in with a token is a use of it, counted like an API call (written with the connections).
    const tokens = apiTokenRepository(fastify.db);
    const tokenCalls = tokenCallTally((uses) => tokens.countCalls(uses));
    const sweepStatuses = async () => pipeline.announceStatus(await repo.ageStatuses());
    const timers = [
      setInterval(() => {
        flushConnections().catch((error: unknown) =>
          fastify.log.warn({ err: error }, 'ingest: recording device connections failed'),
        );
        tokenCalls
          .flush()
          .catch((error: unknown) =>
            fastify.log.warn({ err: error }, 'ingest: counting the calls of device tokens failed'),
          );
      }, CONNECTION_FLUSH_MS),
      setInterval(() => {
        sweepStatuses().catch((error: unknown) =>
          fastify.log.warn({ err: error }, 'ingest: the device status sweep failed'),
        );
      }, STATUS_SWEEP_MS),
    ];
    for (const timer of timers) timer.unref();

    const brokerAuth = deviceBrokerAuth(directory, (principal) => {
      connected.add(principal.deviceId);
      tokenCalls.count(principal.tokenId);
    });
    const { forwardStatus } = outbound;
    fastify.decorate(
      'ingest',
      Object.assign(pipeline, { directory, brokerAuth, sweepStatuses, forwardStatus }),
    );

    // Every node hears every change (access-events.ts), so no node keeps stale settings.
    const stopHearing = fastify.accessEvents.on((event) => directory.heard(event));
    fastify.addHook('onClose', async () => {
      stopHearing();
      for (const timer of timers) clearInterval(timer);
      outbound.close();
      await pipeline.close();
      await flushConnections().catch(() => undefined);
      await tokenCalls
        .flush()
        .catch((error: unknown) =>
          fastify.log.warn(
            { err: error },
            'ingest: the last calls of device tokens were not counted',
          ),
        );
    });
  },
  {
    name: 'ingest',
    dependencies: ['config', 'database', 'sandbox', 'data-events', 'access-events', 'metrics'],
  },
);
