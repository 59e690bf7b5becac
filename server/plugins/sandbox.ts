import fp from 'fastify-plugin';
import { createSandbox, type Sandbox } from '../functions/sandbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: Sandbox;
  }
}

/**
 * The QuickJS worker pool that runs cloud functions; its workers start on first use. Organisations
 * take turns on it, and functions that keep timing out are paused (`fastify.sandbox.pauses`).
 */
export default fp(
  async (fastify) => {
    const sandbox = createSandbox();
    fastify.decorate('sandbox', sandbox);
    fastify.addHook('onClose', async () => {
      await sandbox.close();
    });
  },
  { name: 'sandbox' },
);
