import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { simulatorCounters } from '../simulator/credentials.ts';
import { startDemoSimulator, type DemoSimulator } from '../simulator/demo-simulator.ts';

declare module 'fastify' {
  interface FastifyInstance {
    simulator: DemoSimulator | null;
  }
}

/** Where the simulated counters reach the platform's broker, as any device would. */
export function simulatorBrokerUrl(fastify: FastifyInstance): string {
  const { config, broker } = fastify;
  if (config.mqttUrl) {
    // The counters sign in with their own tokens, not the platform's credentials.
    const url = new URL(config.mqttUrl);
    url.username = '';
    url.password = '';
    return url.toString();
  }
  const port = 'port' in broker && typeof broker.port === 'number' ? broker.port : config.mqttPort;
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const host = wildcard
    ? '127.0.0.1'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `mqtt://${host}:${port}`;
}

/**
 * With demo data and SIMULATE on, the demo people counters publish live
 * counts once the app is ready (so charts move on the first start), and stop
 * before the broker and database close.
 */
export default fp(
  async (fastify) => {
    fastify.decorate('simulator', null);
    if (!fastify.config.simulate || !fastify.demo) return;

    fastify.addHook('onReady', async () => {
      const counters = await simulatorCounters(fastify.db);
      if (counters.length === 0) {
        fastify.log.warn('Simulator: no demo counters (or no active super user) to simulate');
        return;
      }
      fastify.simulator = startDemoSimulator(counters, {
        mqttUrl: simulatorBrokerUrl(fastify),
        postHttp: async (url, token, body) => {
          const response = await fastify.inject({
            method: 'POST',
            url,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body,
          });
          return response.statusCode;
        },
        log: fastify.log,
      });
    });
    fastify.addHook('preClose', async () => {
      await fastify.simulator?.stop();
    });
  },
  { name: 'simulator', dependencies: ['config', 'database', 'broker', 'demo'] },
);
