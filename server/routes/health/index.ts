import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Health, Readiness } from '../../../contracts/health.ts';
import { version } from '../../lib/version.ts';
import { PING_TIMEOUT_MS } from '../../db/database.ts';

/** A check that has not answered in time counts as down. */
const within = (ms: number, check: Promise<boolean>): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
};

/**
 * Liveness and readiness are probes: they are never shed under load and
 * resolve no caller (see plugins/load-shedding.ts), so they answer at once
 * however long the queue of other requests is.
 */
const health: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/health',
    {
      config: { probe: true },
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the process answers',
        response: { 200: Health },
      },
    },
    async () => ({ status: 'ok' as const, version, uptimeSeconds: Math.round(process.uptime()) }),
  );

  fastify.get(
    '/ready',
    {
      config: { probe: true },
      schema: {
        tags: ['platform'],
        summary:
          'Readiness: the database and the MQTT broker (and Redis when configured) are reachable',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        fastify.database.ping(),
        fastify.redis ? within(PING_TIMEOUT_MS, fastify.redis.ping()) : Promise.resolve(undefined),
      ]);
      const broker = fastify.broker.isConnected();
      const state = (up: boolean) => (up ? ('up' as const) : ('down' as const));
      const ready = database && broker && redis !== false;
      const body = {
        status: ready ? ('ready' as const) : ('unready' as const),
        checks: {
          database: state(database),
          broker: state(broker),
          ...(redis === undefined ? {} : { redis: state(redis) }),
        },
        database: fastify.database.kind,
        broker: fastify.broker.kind,
      };
      return reply.status(ready ? 200 : 503).send(body);
    },
  );
};

export default health;
