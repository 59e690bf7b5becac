import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Updateable } from 'kysely';
import { scopeList } from '../../access/access.ts';
import { json } from '../../db/json.ts';
import type { CloudFunctionsTable } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import {
  cloudFunctionRepository,
  cloudFunctionSorts,
} from '../../repositories/cloud-function-repository.ts';
import { favouriteRepository } from '../../repositories/favourite-repository.ts';
import { narrowScope, parseSort } from '../../repositories/list-query.ts';
import {
  CloudFunction,
  CloudFunctionCreate,
  CloudFunctionListQuery,
  CloudFunctionSummary,
  CloudFunctionUpdate,
  CODE_LIMIT_BYTES,
} from '../../../contracts/cloud-function.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import { Page, withCanonicalTypes } from '../../../contracts/list.ts';
import { requireUniqueKeys } from '../../services/unique-keys.ts';
import { cloudFunctionSummaryView, cloudFunctionView } from '../../views/cloud-function-view.ts';
import { idInBody, idInPath, notFound, orgChecks, ownerOf, pageAnswer, pageOf } from './shared.ts';
import { EntityIdParams } from '../../schemas/params.ts';

function checkContent(body: {
  code?: string;
  dataKeys?: { key: string }[];
  metadata?: { key: string }[];
}) {
  if (body.code !== undefined && Buffer.byteLength(body.code) > CODE_LIMIT_BYTES) {
    throw new HttpError(400, 'The code may not exceed 256 KB');
  }
  requireUniqueKeys('Data keys', body.dataKeys);
  requireUniqueKeys('Metadata keys', body.metadata);
}

const cloudFunctions: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = cloudFunctionRepository(fastify.db);
  const favourites = favouriteRepository(fastify.db);
  const orgs = orgChecks(fastify);
  const load = async (id: number) => {
    const row = await repo.get(id);
    if (!row) throw notFound();
    return row;
  };

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
      const actor = requireActor(request);
      const { query } = request;
      const page = pageOf(query);
      const rows = await repo.list(
        {
          orgs: narrowScope(scopeList(actor), query.orgUuid),
          search: query.search?.trim(),
          type: query.type,
        },
        parseSort(query.sort, cloudFunctionSorts, 'name'),
        page,
      );
      return pageAnswer(rows, page, cloudFunctionSummaryView);
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
    async (request) => cloudFunctionView(await load(request.params.id)),
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
    async (request, reply) => {
      const actor = requireActor(request);
      const body = request.body;
      checkContent(body);
      const id = await repo.create({
        name: body.name.trim(),
        description: body.description ?? null,
        code: body.code ?? '',
        type: body.type,
        org_uuid: body.orgUuid ?? actor.orgUuid,
        data_keys: json(withCanonicalTypes(body.dataKeys ?? [])),
        metadata: json(body.metadata ?? []),
        data_type: body.dataType ?? 'timeseries',
      });
      return reply.status(201).send(cloudFunctionView(await load(id)));
    },
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
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      const current = await load(body.id);
      checkContent(body);
      if (body.orgUuid !== undefined && body.orgUuid !== current.org_uuid) {
        const subtree = await orgs.move(
          actor,
          'cloudfunction',
          'changeparent',
          current.org_uuid,
          body.orgUuid,
        );
        if ((await repo.usersOutside(current.id, subtree)) > 0) {
          throw new HttpError(
            409,
            'Devices or device types outside the new organisation use this function',
          );
        }
      }
      // Devices and device types use it as their decoder; it cannot stop being one under them.
      if (
        body.type !== undefined &&
        body.type !== current.type &&
        current.type === 'decoder' &&
        (await repo.usage(current.id)) > 0
      ) {
        throw new HttpError(409, 'The function is in use as a decoder; its type cannot change');
      }
      const values: Updateable<CloudFunctionsTable> = {
        ...(body.name !== undefined && { name: body.name.trim() }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.code !== undefined && { code: body.code }),
        ...(body.type !== undefined && { type: body.type }),
        ...(body.orgUuid !== undefined && { org_uuid: body.orgUuid }),
        ...(body.dataKeys !== undefined && { data_keys: json(withCanonicalTypes(body.dataKeys)) }),
        ...(body.metadata !== undefined && { metadata: json(body.metadata) }),
        ...(body.dataType !== undefined && { data_type: body.dataType }),
      };
      await repo.update(current.id, values);
      // The devices that run it take their next packets with the new code (docs/ingest.md).
      fastify.accessEvents.emit({ type: 'settings.changed', of: 'function', id: current.id });
      // A pause after timeouts is about the old code (docs/ingest.md).
      if (body.code !== undefined) fastify.sandbox.pauses.codeChanged(current.id, body.code);
      return cloudFunctionView(await load(current.id));
    },
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
      const outcome = await repo.delete(request.params.id);
      if (outcome === 'in-use') {
        throw new HttpError(
          409,
          'The function is still used by devices or device types; remove it from them first',
        );
      }
      if (outcome === 'missing') throw notFound();
      await favourites.forget({ types: ['cloudfunction'], id: request.params.id });
      return { ok: true };
    },
  );
};

export default cloudFunctions;
