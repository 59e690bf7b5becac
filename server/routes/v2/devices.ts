import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Actor } from '../../access/access.ts';
import { requireActor } from '../../plugins/auth.ts';
import { deviceRepository } from '../../repositories/device-repository.ts';
import { registryRepository } from '../../repositories/registry-repository.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import { Device, DeviceCreate, DeviceListQuery, DeviceUpdate } from '../../../contracts/device.ts';
import { Page } from '../../../contracts/list.ts';
import { deviceService } from '../../services/devices.ts';
import { idInBody, idInPath, orgChecks, ownerOf, pageFrom, pageOf } from './shared.ts';
import { EntityIdParams } from '../../schemas/params.ts';

const devices: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = deviceService(fastify);
  const repo = deviceRepository(fastify.db);
  const registries = registryRepository(fastify.db);
  const orgs = orgChecks(fastify);

  async function listDevices(actor: Actor, query: DeviceListQuery, registryId?: number) {
    const page = pageOf(query);
    return pageFrom(await service.list(actor, query, page, registryId), page);
  }

  fastify.get(
    '/v2/devices',
    {
      preHandler: fastify.guard({ resource: 'device', privilege: 'list' }),
      schema: {
        tags: ['devices'],
        summary: 'Devices of the organisations you can see, a page at a time',
        security: [{ bearer: [] }],
        querystring: DeviceListQuery,
        response: { 200: Page(Device), ...errors },
      },
    },
    async (request) => listDevices(requireActor(request), request.query),
  );

  fastify.get(
    '/v2/devices/:id',
    {
      preHandler: fastify.guard({
        resource: 'registry',
        privilege: 'list',
        target: ownerOf(registries.orgOf, idInPath),
      }),
      schema: {
        tags: ['devices', 'registries'],
        summary: 'The devices of registry {id} that you can see, a page at a time',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        querystring: DeviceListQuery,
        response: { 200: Page(Device), ...errors },
      },
    },
    async (request) => listDevices(requireActor(request), request.query, request.params.id),
  );

  fastify.get(
    '/v2/device/:id',
    {
      preHandler: fastify.guard({
        resource: 'device',
        privilege: 'list',
        target: ownerOf(repo.orgOf, idInPath),
      }),
      schema: {
        tags: ['devices'],
        summary: 'One device',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: Device, ...errors },
      },
    },
    async (request) => service.get(request.params.id),
  );

  fastify.post(
    '/v2/device',
    {
      preHandler: fastify.guard({ resource: 'device', privilege: 'create', target: orgs.createIn }),
      schema: {
        tags: ['devices'],
        summary: 'Create a device (in your own organisation unless orgUuid says otherwise)',
        description:
          'Without dataKeys, the device takes the keys of its device type (marked inherited).',
        security: [{ bearer: [] }],
        body: DeviceCreate,
        response: { 201: Device, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  fastify.put(
    '/v2/device',
    {
      preHandler: fastify.guard({
        resource: 'device',
        privilege: 'modify',
        target: ownerOf(repo.orgOf, idInBody),
      }),
      schema: {
        tags: ['devices'],
        summary: 'Update a device (the body names it by id); a new orgUuid moves it',
        description:
          'Fields left out stay as they are. mqttForward.password left out keeps the stored one. ' +
          'A new device type without dataKeys replaces the inherited keys and keeps the own ones.',
        security: [{ bearer: [] }],
        body: DeviceUpdate,
        response: { 200: Device, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.body),
  );

  fastify.delete(
    '/v2/device/:id',
    {
      preHandler: fastify.guard({
        resource: 'device',
        privilege: 'delete',
        target: ownerOf(repo.orgOf, idInPath),
      }),
      schema: {
        tags: ['devices'],
        summary: 'Delete a device (its pipeline, pictures, messages and API tokens go with it)',
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

export default devices;
