import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Updateable } from 'kysely';
import { scopeList, type Actor } from '../../access/access.ts';
import type { RegistriesTable } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { favouriteRepository } from '../../repositories/favourite-repository.ts';
import { narrowScope, parseSort } from '../../repositories/list-query.ts';
import { registryRepository, registrySorts } from '../../repositories/registry-repository.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import { Page } from '../../../contracts/list.ts';
import {
  Registry,
  RegistryCreate,
  RegistryListQuery,
  RegistryUpdate,
} from '../../../contracts/registry.ts';
import { registryView } from '../../views/registry-view.ts';
import { idInBody, idInPath, notFound, orgChecks, ownerOf, pageAnswer, pageOf } from './shared.ts';
import { EntityIdParams } from '../../schemas/params.ts';

const registries: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = registryRepository(fastify.db);
  const favourites = favouriteRepository(fastify.db);
  const orgs = orgChecks(fastify);
  const load = async (id: number, actor: Actor) => {
    const row = await repo.get(id, scopeList(actor));
    if (!row) throw notFound();
    return row;
  };

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
      const actor = requireActor(request);
      const { query } = request;
      const page = pageOf(query);
      const rows = await repo.list(
        {
          orgs: narrowScope(scopeList(actor), query.orgUuid),
          search: query.search?.trim(),
          protocol: query.protocol,
        },
        scopeList(actor),
        parseSort(query.sort, registrySorts, 'name'),
        page,
      );
      return pageAnswer(rows, page, registryView);
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
      async (request) => registryView(await load(request.params.id, requireActor(request))),
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
    async (request, reply) => {
      const actor = requireActor(request);
      const body = request.body;
      const id = await repo.create({
        name: body.name.trim(),
        description: body.description ?? null,
        protocol: body.protocol ?? 'mqtt',
        region: body.region ?? 'europe',
        org_uuid: body.orgUuid ?? actor.orgUuid,
      });
      return reply.status(201).send(registryView(await load(id, actor)));
    },
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
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      const current = await load(body.id, actor);
      if (body.orgUuid !== undefined && body.orgUuid !== current.org_uuid) {
        const tree = await orgs.move(
          actor,
          'registry',
          'changeparent',
          current.org_uuid,
          body.orgUuid,
        );
        // A device may only use registries of its own organisation or those above it.
        if ((await repo.devicesOutside(current.id, tree)) > 0) {
          throw new HttpError(409, 'Devices outside the new organisation use this registry');
        }
      }
      const values: Updateable<RegistriesTable> = {
        ...(body.name !== undefined && { name: body.name.trim() }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.protocol !== undefined && { protocol: body.protocol }),
        ...(body.region !== undefined && { region: body.region }),
        ...(body.orgUuid !== undefined && { org_uuid: body.orgUuid }),
      };
      await repo.update(current.id, values);
      // Its devices' next packets follow the new protocol and name (docs/ingest.md).
      fastify.accessEvents.emit({ type: 'settings.changed', of: 'registry', id: current.id });
      return registryView(await load(current.id, actor));
    },
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
      const { outcome, tokenIds } = await repo.delete(request.params.id);
      if (outcome === 'in-use') {
        throw new HttpError(409, 'The registry still has devices; move or delete them first');
      }
      if (outcome === 'missing') throw notFound();
      for (const tokenId of tokenIds) fastify.accessEvents.emit({ type: 'token.revoked', tokenId });
      await favourites.forget({ types: ['registry'], id: request.params.id });
      return { ok: true };
    },
  );
};

export default registries;
