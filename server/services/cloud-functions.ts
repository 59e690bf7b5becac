import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import { scopeList, type Actor } from '../access/access.ts';
import { json } from '../db/json.ts';
import type { CloudFunctionsTable } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import {
  cloudFunctionRepository,
  cloudFunctionSorts,
} from '../repositories/cloud-function-repository.ts';
import { favouriteRepository } from '../repositories/favourite-repository.ts';
import { narrowScope, parseSort, type PageRequest } from '../repositories/list-query.ts';
import { cloudFunctionSummaryView, cloudFunctionView } from '../views/cloud-function-view.ts';
import {
  CODE_LIMIT_BYTES,
  type CloudFunction,
  type CloudFunctionCreate,
  type CloudFunctionListQuery,
  type CloudFunctionUpdate,
} from '../../contracts/cloud-function.ts';
import { withCanonicalTypes } from '../../contracts/list.ts';
import { organisationChecks } from './organisation-checks.ts';
import { requireUniqueKeys } from './unique-keys.ts';

const notFound = () => new HttpError(404, 'Resource not found');

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

/**
 * The rules of cloud functions: their size and keys, where one is made or
 * moved (never away from what uses it), that a decoder in use stays one, and
 * that devices running one take new code at once.
 */
export function cloudFunctionService(fastify: FastifyInstance) {
  const repo = cloudFunctionRepository(fastify.db);
  const favourites = favouriteRepository(fastify.db);
  const orgs = organisationChecks(fastify);
  const load = async (id: number) => {
    const row = await repo.get(id);
    if (!row) throw notFound();
    return row;
  };
  const show = async (id: number): Promise<CloudFunction> => cloudFunctionView(await load(id));

  return {
    get: show,

    /** A page of the functions the caller can see, without their code. */
    async list(actor: Actor, query: CloudFunctionListQuery, page: PageRequest) {
      const rows = await repo.list(
        {
          orgs: narrowScope(scopeList(actor), query.orgUuid),
          search: query.search?.trim(),
          type: query.type,
        },
        parseSort(query.sort, cloudFunctionSorts, 'name'),
        page,
      );
      return { rows: rows.rows.map(cloudFunctionSummaryView), total: rows.total };
    },

    async create(actor: Actor, body: CloudFunctionCreate): Promise<CloudFunction> {
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
      return show(id);
    },

    async update(actor: Actor, body: CloudFunctionUpdate): Promise<CloudFunction> {
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
      return show(current.id);
    },

    /** Removes a function no device or device type uses. */
    async remove(id: number): Promise<void> {
      const outcome = await repo.delete(id);
      if (outcome === 'in-use') {
        throw new HttpError(
          409,
          'The function is still used by devices or device types; remove it from them first',
        );
      }
      if (outcome === 'missing') throw notFound();
      await favourites.forget({ types: ['cloudfunction'], id });
    },
  };
}
