import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import brokerPlugin from './broker.ts';
import ingestSubscriptionPlugin from './ingest-subscription.ts';

/** Registers plugins of these names that provide nothing: stand-ins to satisfy the others. */
const standIns = (app: FastifyInstance, ...names: string[]) => {
  for (const name of names) void app.register(fp(async () => undefined, { name }));
};

async function start(register: (app: FastifyInstance) => void): Promise<void> {
  const app = Fastify();
  register(app);
  try {
    await app.ready();
  } finally {
    await app.close().catch(() => undefined);
  }
}

/**
 * The broker signs devices in through ingest, and ingest subscribes once the
 * broker exists: each plugin says so, so an app that registers them in
 * another order fails at start instead of at the first message.
 */
describe('ingest and broker plugin dependencies', () => {
  it('the broker needs ingest', async () => {
    const started = start((app) => {
      standIns(app, 'config', 'metrics');
      void app.register(brokerPlugin);
    });
    await expect(started).rejects.toThrow(/dependency 'ingest'/);
  });

  it('the ingest subscription needs ingest and the broker', async () => {
    const startWith = (present: string) =>
      start((app) => {
        standIns(app, 'config', 'metrics', 'access-events', present);
        void app.register(ingestSubscriptionPlugin);
      }).catch((error: unknown) => error);
    expect(String(await startWith('broker'))).toMatch(/dependency 'ingest'/);
    expect(String(await startWith('ingest'))).toMatch(/dependency 'broker'/);
  });
});
