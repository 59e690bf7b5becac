import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { version } from '../../lib/version.ts';
import { RuntimeConfig } from '../../../contracts/config.ts';

/**
 * What the console needs to know before anyone signs in: version, beta flag,
 * service URLs, sign-in options, and the map tiles to draw.
 */
const runtimeConfig: FastifyPluginAsyncTypebox = async (fastify) => {
  const { config } = fastify;
  fastify.get(
    '/config',
    {
      schema: {
        tags: ['platform'],
        summary: 'Runtime configuration of the console',
        response: { 200: RuntimeConfig },
      },
    },
    async () => ({
      version,
      beta: config.beta,
      services: config.serviceUrls,
      thirdPartySignIn: config.oidc
        ? { issuer: config.oidc.issuer, clientId: config.oidc.clientId }
        : null,
      map: { tiles: fastify.mapTiles.config },
    }),
  );
};

export default runtimeConfig;
