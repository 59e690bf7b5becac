import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireActor } from '../../plugins/auth.ts';
import { registryRepository } from '../../repositories/registry-repository.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import { Page } from '../../../contracts/list.ts';
import {
  Registry,
  RegistryCreate,
  RegistryListQuery,
  RegistryUpdate,
} from '../../../contracts/registry.ts';
import { registryService } from '../../services/registries.ts';
import { idInBody, idInPath, orgChecks, ownerOf, pageFrom, pageOf } from './shared.ts';
import { EntityIdParams } from '../../schemas/params.ts';

const registries: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = registryService(fastify);
  const repo = registryRepository(fastify.db);
  const orgs = orgChecks(fastify);

  fastify.get(
    '/v2/registries',
    {
      preHandler: fastify.guard({ resource: 'registry', privilege: 'list' }),
      schema: {
        tags: ['registries'],
        summary: 'Registries of the organisations you can see, a page at a time',
        security: [{ bearer: [] }],
        querystring: RegistryListQuery,
        response: { 200: Page(Registry), ...errors },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      const found = await service.list(requireActor(request), request.query, page);
      return pageFrom(found, page);
    },
  );

  // The console's calls name one registry both ways (spec §7); both answer alike.
  for (const [url, summary] of [
    ['/v2/registry/:id', 'One registry'],
    ['/v2/registries/:id', 'One registry (the same as /v2/registry/{id})'],
  ] as const) {
    fastify.get(
      url,
      {
        preHandler: fastify.guard({
          resource: 'registry',
          privilege: 'list',
          target: ownerOf(repo.orgOf, idInPath),
        }),
        schema: {
          tags: ['registries'],
          summary,
          security: [{ bearer: [] }],
          params: EntityIdParams,
          response: { 200: Registry, ...errors },
        },
      },
      async (request) => service.get(request.params.id, requireActor(request)),
    );
  }

  fastify.post(
    '/v2/registry',
    {
      preHandler: fastify.guard({
        resource: 'registry',
        privilege: 'create',
        target: orgs.createIn,
      }),
      schema: {
        tags: ['registries'],
        summary: 'Create a registry (in your own organisation unless orgUuid says otherwise)',
        security: [{ bearer: [] }],
        body: RegistryCreate,
        response: { 201: Registry, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  fastify.put(
    '/v2/registry',
    {
      preHandler: fastify.guard({
        resource: 'registry',
        privilege: 'modify',
        target: ownerOf(repo.orgOf, idInBody),
      }),
      schema: {
        tags: ['registries'],
        summary: 'Update a registry (the body names it by id); a new orgUuid moves it',
        security: [{ bearer: [] }],
        body: RegistryUpdate,
        response: { 200: Registry, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.body),
  );

  fastify.delete(
    '/v2/registry/:id',
    {
      preHandler: fastify.guard({
        resource: 'registry',
        privilege: 'delete',
        target: ownerOf(repo.orgOf, idInPath),
      }),
      schema: {
        tags: ['registries'],
        summary: 'Delete a registry no device uses (its API tokens go with it)',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return { ok: true };
    },
  );
};

export default registries;
