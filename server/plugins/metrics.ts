import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { HttpError } from '../lib/http-error.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at /metrics: process metrics and one histogram of HTTP
 * requests. They tell an outsider how busy the platform is and what it runs,
 * so /metrics asks for METRICS_TOKEN as a bearer token, and is not served at
 * all without one.
 */
export default fp(
  async (fastify) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'nordlys_' });
    const requests = new Histogram({
      name: 'nordlys_http_request_duration_seconds',
      help: 'HTTP requests by method, route and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });

    fastify.decorate('metrics', registry);
    fastify.addHook('onResponse', async (request, reply) => {
      requests.observe(
        {
          method: request.method,
          // The route pattern, not the URL, so ids do not explode the label set.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    const token = fastify.config.metricsToken;
    if (token === undefined) return;
    // Compared as digests: equal lengths, and no timing hint about the token.
    const expected = digest(token);
    fastify.get(
      '/metrics',
      {
        schema: { hide: true },
        onRequest: async (request, reply) => {
          const given = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
          if (!timingSafeEqual(digest(given ?? ''), expected)) {
            reply.header('www-authenticate', 'Bearer realm="metrics"');
            throw new HttpError(401, 'Send the metrics token (METRICS_TOKEN) as a bearer token');
          }
        },
      },
      async (_request, reply) => {
        reply.header('content-type', registry.contentType);
        return registry.metrics();
      },
    );
  },
  { name: 'metrics', dependencies: ['config'] },
);
