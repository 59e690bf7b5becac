import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { version } from '../lib/version.ts';
import { ErrorBody } from '../../contracts/common.ts';

/** OpenAPI 3.1 from the route schemas, at /api/openapi.json, and a human page at /api/docs. */
export default fp(
  async (fastify) => {
    fastify.addSchema(ErrorBody);
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Nordlys API',
          version,
          description:
            'The Nordlys platform: identity and access, organisations, registries, device types, devices, ' +
            'cloud functions, device data and API tokens. Send a session or API token as `Authorization: Bearer …`.',
        },
        servers: [{ url: fastify.config.publicUrl }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
    });
    await fastify.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    fastify.get('/api/openapi.json', { schema: { hide: true } }, async () => fastify.swagger());
  },
  { name: 'openapi', dependencies: ['config'] },
);
