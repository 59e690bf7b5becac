import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import ingest from './ingest.ts';
import messages from './messages.ts';

/** HTTP ingest and the message log (spec §7 Messages), under `/api`. */
const v1Routes: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(ingest);
  await fastify.register(messages);
};

export default v1Routes;
