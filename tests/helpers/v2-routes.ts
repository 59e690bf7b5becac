import type { FastifyInstance } from 'fastify';
import v2Routes from '../../server/routes/v2/index.ts';

/**
 * For startTestApp's beforeReady: registers the v2 routes under /api unless
 * the app already has them, so these tests pass before and after app.ts
 * registers the plugin itself.
 */
export function withV2Routes(app: FastifyInstance): void {
  if (app.hasRoute({ method: 'GET', url: '/api/v2/devices' })) return;
  void app.register(v2Routes, { prefix: '/api' });
}
