import { STATUS_CODES } from 'node:http';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Health and readiness probes: never shed, and no caller is resolved for them. */
    probe?: boolean;
  }
}

/** Seconds a shed client is told to wait before it tries again. */
export const SHED_RETRY_AFTER_SECONDS = 5;
/** At most one warning in this long while requests are being shed. */
const WARN_EVERY_MS = 10_000;

/**
 * Load shedding: when the server is saturated, an API request is answered
 * 503 with Retry-After at once instead of queueing for tens of seconds.
 * Saturated means MAX_IN_FLIGHT API requests are in progress, or a
 * query has waited longer than MAX_DB_WAIT_MS for a database
 * connection. Probes are never shed; the console's files, the live feed's
 * sockets and MQTT are not HTTP API requests and are not touched. HTTP ingest
 * is shed like any API request and answers 503 as during an outage.
 */
export default fp(
  async (fastify) => {
    const { maxInFlight, maxDbWaitMs } = fastify.config;
    const queue = fastify.database.queue;
    const counted = new WeakSet<FastifyRequest>();
    let inFlight = 0;
    let lastWarning = 0;

    new Gauge({
      name: 'nordlys_http_requests_in_flight',
      help: 'API requests in progress (load shedding counts these)',
      registers: [fastify.metrics],
      collect() {
        this.set(inFlight);
      },
    });
    const shed = new Counter({
      name: 'nordlys_http_shed_total',
      help: 'API requests answered 503 because the server was saturated, by reason',
      labelNames: ['reason'] as const,
      registers: [fastify.metrics],
    });

    const saturation = (): string | null => {
      if (inFlight >= maxInFlight) return 'in-flight';
      if (queue.longestWaitMs() > maxDbWaitMs) return 'database-queue';
      return null;
    };

    fastify.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/') || request.routeOptions.config.probe) return;
      const reason = saturation();
      if (reason === null) {
        inFlight += 1;
        counted.add(request);
        return;
      }
      shed.inc({ reason });
      const now = Date.now();
      if (now - lastWarning > WARN_EVERY_MS) {
        lastWarning = now;
        fastify.log.warn({ reason, inFlight }, 'server saturated: API requests answered 503');
      }
      // Answered here, not thrown: a burst must not cost a log line per request.
      return reply
        .status(503)
        .header('retry-after', String(SHED_RETRY_AFTER_SECONDS))
        .send({
          statusCode: 503,
          error: STATUS_CODES[503] ?? 'Service Unavailable',
          message: 'The server is busy; try again shortly',
        });
    });

    const finished = async (request: FastifyRequest) => {
      if (counted.delete(request)) inFlight -= 1;
    };
    fastify.addHook('onResponse', finished);
    fastify.addHook('onRequestAbort', finished);
  },
  { name: 'load-shedding', dependencies: ['config', 'metrics', 'database'] },
);
