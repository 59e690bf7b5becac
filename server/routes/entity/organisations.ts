import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireActor } from '../../plugins/auth.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import {
  DeviceTotal,
  Organisation,
  OrganisationCreate,
  OrganisationList,
  OrganisationMetadata,
  OrganisationUpdate,
} from '../../../contracts/organisation.ts';
import { organisationService } from '../../services/organisations.ts';
import { IdParams, UuidParams } from '../../schemas/params.ts';

const organisations: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = organisationService(fastify);
  const param = (name: 'id' | 'uuid') => (request: FastifyRequest) =>
    service.existing((request.params as Record<string, string>)[name] ?? '');

  fastify.get(
    '/entity/organisations',
    {
      preHandler: fastify.guard({ resource: 'org', privilege: 'list' }),
      schema: {
        tags: ['organisations'],
        summary: 'Organisations you can see',
        security: [{ bearer: [] }],
        response: { 200: OrganisationList, ...errors },
      },
    },
    async (request) => service.list(requireActor(request)),
  );

  fastify.get(
    '/entity/organisation/:id',
    {
      preHandler: fastify.guard({ resource: 'org', privilege: 'list', target: param('id') }),
      schema: {
        tags: ['organisations'],
        summary: 'One organisation',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: Organisation, ...errors },
      },
    },
    async (request) => service.get(request.params.id),
  );

  fastify.get(
    '/entity/organisation/:id/suborgs',
    {
      preHandler: fastify.guard({ resource: 'org', privilege: 'list', target: param('id') }),
      schema: {
        tags: ['organisations'],
        summary: 'Direct sub-organisations',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: OrganisationList, ...errors },
      },
    },
    async (request) => service.list(requireActor(request), request.params.id),
  );

  fastify.post(
    '/entity/organisation',
    {
      preHandler: fastify.guard({
        resource: 'org',
        privilege: 'create',
        target: (request) =>
          service.visibleParent(
            requireActor(request),
            (request.body as OrganisationCreate).parentUuid,
          ),
      }),
      schema: {
        tags: ['organisations'],
        summary: 'Create an organisation under a parent',
        security: [{ bearer: [] }],
        body: OrganisationCreate,
        response: { 201: Organisation, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  fastify.put(
    '/entity/organisation/:uuid',
    {
      preHandler: fastify.guard({ resource: 'org', privilege: 'modify', target: param('uuid') }),
      schema: {
        tags: ['organisations'],
        summary: 'Update an organisation',
        security: [{ bearer: [] }],
        params: UuidParams,
        body: OrganisationUpdate,
        response: { 200: Organisation, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.params.uuid, request.body),
  );

  fastify.delete(
    '/entity/organisation/:id',
    {
      preHandler: fastify.guard({ resource: 'org', privilege: 'delete', target: param('id') }),
      schema: {
        tags: ['organisations'],
        summary: 'Delete an empty organisation',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await service.remove(requireActor(request), request.params.id);
      return { ok: true };
    },
  );

  fastify.get(
    '/v2/total-devices/:id',
    {
      preHandler: fastify.guard({ resource: 'device', privilege: 'list', target: param('id') }),
      schema: {
        tags: ['organisations'],
        summary: 'Devices of an organisation and its sub-organisations (those you can see)',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: DeviceTotal, ...errors },
      },
    },
    async (request) => service.deviceTotal(requireActor(request), request.params.id),
  );

  fastify.get(
    '/orgMetadata/:id',
    {
      preHandler: fastify.guard({ resource: 'org', privilege: 'list', target: param('id') }),
      schema: {
        tags: ['organisations'],
        summary: 'An organisation’s metadata',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: OrganisationMetadata, ...errors },
      },
    },
    async (request) => service.metadata(request.params.id),
  );
};

export default organisations;
