import fp from 'fastify-plugin';
import { createClient } from 'redis';
import { redactUrl } from '../config.ts';

export interface Redis {
  client: ReturnType<typeof createClient>;
  ping(): Promise<boolean>;
}

/** Connects to Redis when REDIS_URL is set (fan-out across API nodes); otherwise decorates null. */
export default fp(
  async (fastify) => {
    const url = fastify.config.redisUrl;
    if (!url) {
      fastify.decorate('redis', null);
      return;
    }
    const client = createClient({
      url,
      socket: {
        reconnectStrategy: (retries) => Math.min(retries * 200, 5000),
        connectTimeout: 5000,
      },
    });
    let lastError = '';
    client.on('error', (error: Error) => {
      if (error.message !== lastError) fastify.log.warn({ err: error }, 'Redis connection problem');
      lastError = error.message;
    });
    client.on('ready', () => {
      lastError = '';
    });
    // Start-up does not wait for ever: without Redis the node runs unready and keeps trying.
    const connected = await Promise.race([
      client.connect().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000).unref()),
    ]);
    if (!connected) fastify.log.error(`Redis at ${redactUrl(url)} is not reachable yet; retrying`);
    fastify.decorate('redis', {
      client,
      async ping() {
        if (!client.isReady) return false;
        try {
          return (await client.ping()) === 'PONG';
        } catch {
          return false;
        }
      },
    });
    fastify.addHook('onClose', async () => {
      client.destroy();
    });
  },
  { name: 'redis', dependencies: ['config'] },
);
