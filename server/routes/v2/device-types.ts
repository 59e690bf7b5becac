import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireActor } from '../../plugins/auth.ts';
import { deviceTypeRepository } from '../../repositories/device-type-repository.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import {
  DeviceType,
  DeviceTypeCreate,
  DeviceTypeListQuery,
  DeviceTypeUpdate,
} from '../../../contracts/device-type.ts';
import { Page } from '../../../contracts/list.ts';
import { deviceTypeService } from '../../services/device-types.ts';
import { idInBody, idInPath, orgChecks, ownerOf, pageFrom, pageOf } from './shared.ts';
import { EntityIdParams } from '../../schemas/params.ts';

const deviceTypes: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = deviceTypeService(fastify);
  const repo = deviceTypeRepository(fastify.db);
  const orgs = orgChecks(fastify);

  fastify.get(
    '/v2/devicetypes',
    {
      preHandler: fastify.guard({ resource: 'deviceType', privilege: 'list' }),
      schema: {
        tags: ['device types'],
        summary: 'Device types of the organisations you can see, a page at a time',
        security: [{ bearer: [] }],
        querystring: DeviceTypeListQuery,
        response: { 200: Page(DeviceType), ...errors },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return pageFrom(await service.list(requireActor(request), request.query, page), page);
    },
  );

  fastify.get(
    '/v2/devicetype/:id',
    {
      preHandler: fastify.guard({
        resource: 'deviceType',
        privilege: 'list',
        target: ownerOf(repo.orgOf, idInPath),
      }),
      schema: {
        tags: ['device types'],
        summary: 'One device type',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: DeviceType, ...errors },
      },
    },
    async (request) => service.get(request.params.id, requireActor(request)),
  );

  fastify.post(
    '/v2/devicetype',
    {
      preHandler: fastify.guard({
        resource: 'deviceType',
        privilege: 'create',
        target: orgs.createIn,
      }),
      schema: {
        tags: ['device types'],
        summary: 'Create a device type (in your own organisation unless orgUuid says otherwise)',
        security: [{ bearer: [] }],
        body: DeviceTypeCreate,
        response: { 201: DeviceType, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  fastify.put(
    '/v2/devicetype',
    {
      preHandler: fastify.guard({
        resource: 'deviceType',
        privilege: 'modify',
        target: ownerOf(repo.orgOf, idInBody),
      }),
      schema: {
        tags: ['device types'],
        summary: 'Update a device type (the body names it by id); a new orgUuid moves it',
        security: [{ bearer: [] }],
        body: DeviceTypeUpdate,
        response: { 200: DeviceType, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.body),
  );

  fastify.delete(
    '/v2/devicetype/:id',
    {
      preHandler: fastify.guard({
        resource: 'deviceType',
        privilege: 'delete',
        target: ownerOf(repo.orgOf, idInPath),
      }),
      schema: {
        tags: ['device types'],
        summary: 'Delete a device type no device has (its API tokens go with it)',
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

export default deviceTypes;
