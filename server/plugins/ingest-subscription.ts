import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { WriterClosedError } from '../ingest/batch-writer.ts';
import { closeRevokedConnections } from '../ingest/broker-revocation.ts';
import { DatabaseUnavailableError } from '../ingest/retry.ts';
import { DATA_TOPIC_FILTER, parseDataTopic } from '../ingest/topics.ts';

/**
 * Connects ingest to the broker once both exist: on onReady it subscribes to
 * the devices' data topics (through a shared subscription on an external
 * broker, so API nodes split the load) and closes devices' connections whose
 * access ended. A closing embedded broker stops handing messages on by itself
 * (its close), and an external broker's session keeps the subscription for
 * the next start.
 */
export default fp(
  async (fastify) => {
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

    const handle = (topic: string, payload: Buffer) => {
      const ids = parseDataTopic(topic);
      if (!ids) return;
      return fastify.ingest
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
    };

    let stopRevocations: (() => void) | undefined;
    fastify.addHook('onReady', async () => {
      const { broker, config } = fastify;
      stopRevocations = closeRevokedConnections({
        events: fastify.accessEvents,
        broker,
        auth: fastify.ingest.brokerAuth,
        log: fastify.log,
      });
      const filter =
        broker.kind === 'external'
          ? `$share/${config.mqttShareGroup}/${DATA_TOPIC_FILTER}`
          : DATA_TOPIC_FILTER;
      await broker.subscribe(filter, handle);
    });
    fastify.addHook('onClose', async () => {
      stopRevocations?.();
    });
  },
  {
    name: 'ingest-subscription',
    dependencies: ['config', 'metrics', 'access-events', 'ingest', 'broker'],
  },
);
