import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireActor } from '../../plugins/auth.ts';
import { cloudFunctionRepository } from '../../repositories/cloud-function-repository.ts';
import {
  CloudFunction,
  CloudFunctionCreate,
  CloudFunctionListQuery,
  CloudFunctionSummary,
  CloudFunctionUpdate,
} from '../../../contracts/cloud-function.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import { Page } from '../../../contracts/list.ts';
import { cloudFunctionService } from '../../services/cloud-functions.ts';
import { idInBody, idInPath, orgChecks, ownerOf, pageFrom, pageOf } from './shared.ts';
import { EntityIdParams } from '../../schemas/params.ts';

const cloudFunctions: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = cloudFunctionService(fastify);
  const repo = cloudFunctionRepository(fastify.db);
  const orgs = orgChecks(fastify);

  fastify.get(
    '/v2/cloudfunctions',
    {
      preHandler: fastify.guard({ resource: 'cloudfunction', privilege: 'list' }),
      schema: {
        tags: ['cloud functions'],
        summary: 'Cloud functions of the organisations you can see (without their code)',
        security: [{ bearer: [] }],
        querystring: CloudFunctionListQuery,
        response: { 200: Page(CloudFunctionSummary), ...errors },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return pageFrom(await service.list(requireActor(request), request.query, page), page);
    },
  );

  fastify.get(
    '/v2/cloudfunction/:id',
    {
      preHandler: fastify.guard({
        resource: 'cloudfunction',
        privilege: 'list',
        target: ownerOf(repo.orgOf, idInPath),
      }),
      schema: {
        tags: ['cloud functions'],
        summary: 'One cloud function, with its code',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: CloudFunction, ...errors },
      },
    },
    async (request) => service.get(request.params.id),
  );

  fastify.post(
    '/v2/cloudfunction',
    {
      preHandler: fastify.guard({
        resource: 'cloudfunction',
        privilege: 'create',
        target: orgs.createIn,
      }),
      schema: {
        tags: ['cloud functions'],
        summary: 'Create a cloud function (in your own organisation unless orgUuid says otherwise)',
        security: [{ bearer: [] }],
        body: CloudFunctionCreate,
        response: { 201: CloudFunction, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  fastify.put(
    '/v2/cloudfunction',
    {
      preHandler: fastify.guard({
        resource: 'cloudfunction',
        privilege: 'modify',
        target: ownerOf(repo.orgOf, idInBody),
      }),
      schema: {
        tags: ['cloud functions'],
        summary: 'Update a cloud function (the body names it by id); a new orgUuid moves it',
        security: [{ bearer: [] }],
        body: CloudFunctionUpdate,
        response: { 200: CloudFunction, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.body),
  );

  fastify.delete(
    '/v2/cloudfunction/:id',
    {
      preHandler: fastify.guard({
        resource: 'cloudfunction',
        privilege: 'delete',
        target: ownerOf(repo.orgOf, idInPath),
      }),
      schema: {
        tags: ['cloud functions'],
        summary: 'Delete a cloud function no device or device type uses',
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

export default cloudFunctions;
