import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireActor } from '../../plugins/auth.ts';
import { collectionRepository } from '../../repositories/collection-repository.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import { Page } from '../../../contracts/list.ts';
import {
  Collection,
  CollectionCreate,
  CollectionData,
  CollectionDataQuery,
  CollectionDeviceAssign,
  CollectionDevicePeriod,
  CollectionKeys,
  CollectionListQuery,
  CollectionUpdate,
} from '../../../contracts/collection.ts';
import { collectionService } from '../../services/collections.ts';
import { idInBody, idInPath, orgChecks, ownerOf, pageFrom, pageOf } from './shared.ts';
import { CollectionDataParams, EntityIdParams } from '../../schemas/params.ts';

/**
 * Data collections (spec §3 Data collection) and their assignments (§4):
 * to a project and an organisation through the update, a device through
 * its own calls, whose periods are kept.
 */
const collections: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = collectionService(fastify);
  const repo = collectionRepository(fastify.db);
  const orgs = orgChecks(fastify);
  const owner = ownerOf(repo.orgOf, idInPath);

  fastify.get(
    '/v2/collections',
    {
      preHandler: fastify.guard({ resource: 'collection', privilege: 'list' }),
      schema: {
        tags: ['collections'],
        summary: 'Data collections of the organisations you can see, a page at a time',
        security: [{ bearer: [] }],
        querystring: CollectionListQuery,
        response: { 200: Page(Collection), ...errors },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return pageFrom(await service.list(requireActor(request), request.query, page), page);
    },
  );

  fastify.get(
    '/v2/collection/:id',
    {
      preHandler: fastify.guard({ resource: 'collection', privilege: 'list', target: owner }),
      schema: {
        tags: ['collections'],
        summary: 'One data collection',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: Collection, ...errors },
      },
    },
    async (request) => service.get(request.params.id, requireActor(request)),
  );

  fastify.get(
    '/v2/collection/:id/devices',
    {
      preHandler: fastify.guard({ resource: 'collection', privilege: 'list', target: owner }),
      schema: {
        tags: ['collections'],
        summary: 'Every device that measured for the collection, and when (newest first)',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: Type.Array(CollectionDevicePeriod), ...errors },
      },
    },
    async (request) => service.periods(requireActor(request), request.params.id),
  );

  fastify.get(
    '/v2/collection/:id/keys',
    {
      preHandler: fastify.guard({ resource: 'collection', privilege: 'list', target: owner }),
      schema: {
        tags: ['collections'],
        summary: "The data keys the collection's devices reported while they measured for it",
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: CollectionKeys, ...errors },
      },
    },
    async (request) => service.keys(requireActor(request), request.params.id),
  );

  fastify.get(
    '/v2/collection/:id/data/:key',
    {
      preHandler: fastify.guard({ resource: 'collection', privilege: 'list', target: owner }),
      schema: {
        tags: ['collections'],
        summary:
          'A data key of the collection over a range: each device read over the period it measured for the collection',
        security: [{ bearer: [] }],
        params: CollectionDataParams,
        querystring: CollectionDataQuery,
        response: { 200: CollectionData, ...errors },
      },
    },
    async (request) =>
      service.data(requireActor(request), request.params.id, request.params.key, request.query),
  );

  fastify.post(
    '/v2/collection',
    {
      preHandler: fastify.guard({
        resource: 'collection',
        privilege: 'create',
        target: orgs.createIn,
      }),
      schema: {
        tags: ['collections'],
        summary:
          'Create a data collection (in your own organisation unless orgUuid says otherwise), optionally in a project',
        security: [{ bearer: [] }],
        body: CollectionCreate,
        response: { 201: Collection, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  fastify.put(
    '/v2/collection',
    {
      preHandler: fastify.guard({
        resource: 'collection',
        privilege: 'modify',
        target: ownerOf(repo.orgOf, idInBody),
      }),
      schema: {
        tags: ['collections'],
        summary:
          'Update a data collection (the body names it by id): a projectId assigns it to a project (null: none), an orgUuid moves it',
        security: [{ bearer: [] }],
        body: CollectionUpdate,
        response: { 200: Collection, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.body),
  );

  fastify.delete(
    '/v2/collection/:id',
    {
      preHandler: fastify.guard({ resource: 'collection', privilege: 'delete', target: owner }),
      schema: {
        tags: ['collections'],
        summary: 'Delete a data collection and its device history; the devices stay',
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

  fastify.put(
    '/v2/collection/:id/device',
    {
      preHandler: fastify.guard({ resource: 'collection', privilege: 'modify', target: owner }),
      schema: {
        tags: ['collections'],
        summary:
          'Assign a device to the collection from now (or from a past time); its current device stops then',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        body: CollectionDeviceAssign,
        response: { 200: Collection, ...errors },
      },
    },
    async (request) => service.assignDevice(requireActor(request), request.params.id, request.body),
  );

  fastify.delete(
    '/v2/collection/:id/device',
    {
      preHandler: fastify.guard({ resource: 'collection', privilege: 'modify', target: owner }),
      schema: {
        tags: ['collections'],
        summary: "Unassign the collection's device: it stops measuring for it now",
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: Collection, ...errors },
      },
    },
    async (request) => service.unassignDevice(requireActor(request), request.params.id),
  );
};

export default collections;
