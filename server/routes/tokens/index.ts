import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireActor } from '../../plugins/auth.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import { ApiTokenCreate, ApiTokenList, CreatedApiToken } from '../../../contracts/token.ts';
import { tokenService } from '../../services/tokens.ts';
import { EntityIdParams, IdParams } from '../../schemas/params.ts';

const tokens: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = tokenService(fastify);

  fastify.get(
    '/tokens/:id',
    {
      schema: {
        tags: ['tokens'],
        summary: 'API tokens of an organisation (id: the organisation uuid)',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: ApiTokenList, ...errors },
      },
    },
    async (request) => service.list(requireActor(request), request.params.id),
  );

  fastify.post(
    '/generateToken',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Create an API token; the secret is in this answer only',
        description:
          'A general token acts for you with your privileges. A device, devicetype or registry token (reference: that entity’s id) only sends and reads that entity’s data.',
        security: [{ bearer: [] }],
        body: ApiTokenCreate,
        response: { 201: CreatedApiToken, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  fastify.post(
    '/deletetoken/:id',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Delete an API token: it stops working at once',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await service.remove(requireActor(request), request.params.id);
      return { ok: true };
    },
  );
};

export default tokens;
