import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics at /metrics: process metrics and one histogram of HTTP requests. */
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

    fastify.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
