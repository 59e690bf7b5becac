import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import type { Broker, BrokerAuth } from '../broker/broker.ts';
import { startEmbeddedBroker } from '../broker/embedded-broker.ts';
import { connectExternalBroker } from '../broker/external-broker.ts';

export interface BrokerPluginOptions {
  /** Who may use the embedded broker (default: the devices, by ingest's sign-in). */
  auth?: BrokerAuth;
}

/**
 * The embedded Aedes broker, or a connection to MQTT_URL. Closed before the
 * database. The embedded broker signs devices in through ingest
 * (`fastify.ingest.brokerAuth`); `ingest-subscription` subscribes ingest to it.
 */
export default fp<BrokerPluginOptions>(
  async (fastify, options) => {
    const { config } = fastify;
    let broker: Broker;
    if (config.mqttUrl) {
      broker = await connectExternalBroker({
        url: config.mqttUrl,
        clientId: config.mqttClientId,
        sessionExpirySeconds: config.mqttSessionExpirySeconds,
        onError: (error) => fastify.log.warn({ err: error }, 'MQTT broker connection problem'),
      });
      if (!broker.isConnected())
        fastify.log.error(`${broker.describe()} is not reachable yet; retrying`);
    } else {
      const refusals = new Counter({
        name: 'nordlys_mqtt_refused_total',
        help: 'MQTT connections the embedded broker cut short, by reason',
        labelNames: ['reason'],
        registers: [fastify.metrics],
      });
      broker = await startEmbeddedBroker({
        port: config.mqttPort,
        host: config.host,
        auth: options.auth ?? fastify.ingest.brokerAuth,
        limits: {
          maxPending: config.mqttPendingLimit,
          maxPendingPerAddress: config.mqttPendingPerAddress,
        },
        onRefused: (reason, detail) => {
          refusals.inc({ reason });
          fastify.log.debug({ reason }, `MQTT: ${detail}`);
        },
      });
      const upgrade = broker.handleUpgrade?.bind(broker);
      if (upgrade) {
        fastify.server.on('upgrade', (request, socket, head) => {
          upgrade(request, socket, head);
        });
      }
    }
    fastify.log.info(`MQTT: ${broker.describe()}`);
    fastify.decorate('broker', broker);
    fastify.addHook('preClose', async () => {
      await broker.close();
    });
  },
  { name: 'broker', dependencies: ['config', 'metrics', 'ingest'] },
);
