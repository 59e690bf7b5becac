import fp from 'fastify-plugin';
import { DataEvents } from '../ingest/events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    dataEvents: DataEvents;
  }
}

/** The in-process channel from ingest (after commit) to the live feed. */
export default fp(
  async (fastify) => {
    const events = new DataEvents();
    events.setMaxListeners(50);
    fastify.decorate('dataEvents', events);
    fastify.addHook('onClose', async () => {
      events.removeAllListeners();
    });
  },
  { name: 'data-events' },
);
