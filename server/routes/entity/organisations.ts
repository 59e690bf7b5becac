import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Updateable } from 'kysely';
import { Type } from 'typebox';
import { can, inScope, scopeList, subtree } from '../../access/access.ts';
import { json } from '../../db/json.ts';
import type { OrganisationsTable } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { formatPhone } from '../../lib/phone.ts';
import { requireActor } from '../../plugins/auth.ts';
import {
  organisationRepository,
  type OrganisationRow,
} from '../../repositories/organisation-repository.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import {
  Organisation,
  OrganisationCreate,
  OrganisationUpdate,
} from '../../../contracts/organisation.ts';
import { IdParams, UuidParams } from '../../schemas/params.ts';

function view(row: OrganisationRow): Organisation {
  return {
    uuid: row.uuid,
    name: row.name,
    nickname: row.nickname,
    parent: row.parent_uuid ? { uuid: row.parent_uuid, name: row.parent_name ?? '' } : null,
    address: row.address,
    zip: row.zip,
    city: row.city,
    region: row.region,
    country: row.country,
    website: row.website,
    taxNumber: row.tax_number,
    eanNumber: row.ean_number,
    phone: row.phone,
    timeZone: row.time_zone,
    counts: {
      devices: row.device_count,
      projects: row.project_count,
      collections: row.collection_count,
    },
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
  };
}

/** The spec's rule: a website must be a real http(s) URL ('Not a valid URL'). */
function checkWebsite(website: string | null | undefined): void {
  if (!website) return;
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    throw new HttpError(400, 'Not a valid URL');
  }
  if (!['http:', 'https:'].includes(url.protocol) || !url.hostname.includes('.')) {
    throw new HttpError(400, 'Not a valid URL');
  }
}

function checkTimeZone(timeZone: string | undefined): void {
  if (timeZone === undefined) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new HttpError(400, `Unknown time zone: ${timeZone}`);
  }
}

const organisations: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = organisationRepository(fastify.db);
  const param = (name: 'id' | 'uuid') => async (request: FastifyRequest) => {
    const uuid = (request.params as Record<string, string>)[name] ?? '';
    return (await repo.exists(uuid)) ? uuid : null;
  };
  const load = async (uuid: string) => {
    const row = await repo.get(uuid);
    if (!row) throw new HttpError(404, 'Resource not found');
    return row;
  };

  fastify.get(
    '/entity/organisations',
    {
      preHandler: fastify.guard({ resource: 'org', privilege: 'list' }),
      schema: {
        tags: ['organisations'],
        summary: 'Organisations you can see',
        security: [{ bearer: [] }],
        response: { 200: Type.Array(Organisation), ...errors },
      },
    },
    async (request) => (await repo.list(scopeList(requireActor(request)))).map(view),
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
    async (request) => view(await load(request.params.id)),
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
        response: { 200: Type.Array(Organisation), ...errors },
      },
    },
    async (request) =>
      (await repo.list(scopeList(requireActor(request)), request.params.id)).map(view),
  );

  fastify.post(
    '/entity/organisation',
    {
      preHandler: fastify.guard({
        resource: 'org',
        privilege: 'create',
        target: async (request) => {
          const parent = (request.body as OrganisationCreate).parentUuid;
          // A parent the caller cannot see is answered exactly like one that does not exist.
          if (!inScope(requireActor(request), parent) || !(await repo.exists(parent))) {
            throw new HttpError(400, 'The parent organisation does not exist');
          }
          return parent;
        },
      }),
      schema: {
        tags: ['organisations'],
        summary: 'Create an organisation under a parent',
        security: [{ bearer: [] }],
        body: OrganisationCreate,
        response: { 201: Organisation, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      checkWebsite(body.website);
      checkTimeZone(body.timeZone);
      const created = await repo.create({
        name: body.name.trim(),
        parent_uuid: body.parentUuid,
        address: body.address,
        zip: body.zip,
        city: body.city,
        country: body.country,
        nickname: body.nickname ?? null,
        region: body.region ?? null,
        website: body.website ?? null,
        tax_number: body.taxNumber ?? null,
        ean_number: body.eanNumber ?? null,
        phone: formatPhone(body.phone),
        ...(body.timeZone ? { time_zone: body.timeZone } : {}),
        metadata: json(body.metadata ?? {}),
      });
      return reply.status(201).send(view(await load(created.uuid)));
    },
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
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      const current = await load(request.params.uuid);
      checkWebsite(body.website);
      checkTimeZone(body.timeZone);
      if (body.parentUuid !== undefined && body.parentUuid !== current.parent_uuid) {
        if (current.uuid === actor.orgUuid)
          throw new HttpError(403, 'You cannot move your own organisation');
        if (!(await repo.exists(body.parentUuid)) || !inScope(actor, body.parentUuid)) {
          throw new HttpError(400, 'The parent organisation does not exist');
        }
        if ((await subtree(fastify.db, current.uuid)).includes(body.parentUuid)) {
          throw new HttpError(
            400,
            'An organisation cannot be placed under itself or its own sub-organisation',
          );
        }
      }
      const values: Updateable<OrganisationsTable> = {
        ...(body.name !== undefined && { name: body.name.trim() }),
        ...(body.nickname !== undefined && { nickname: body.nickname }),
        ...(body.parentUuid !== undefined && { parent_uuid: body.parentUuid }),
        ...(body.address !== undefined && { address: body.address }),
        ...(body.zip !== undefined && { zip: body.zip }),
        ...(body.city !== undefined && { city: body.city }),
        ...(body.region !== undefined && { region: body.region }),
        ...(body.country !== undefined && { country: body.country }),
        ...(body.website !== undefined && { website: body.website }),
        ...(body.taxNumber !== undefined && { tax_number: body.taxNumber }),
        ...(body.eanNumber !== undefined && { ean_number: body.eanNumber }),
        ...(body.phone !== undefined && { phone: formatPhone(body.phone) }),
        ...(body.timeZone !== undefined && { time_zone: body.timeZone }),
        ...(body.metadata !== undefined && { metadata: json(body.metadata) }),
      };
      await repo.update(current.uuid, values);
      // Managers above its old place no longer see it: their live feeds are checked again.
      if (body.parentUuid !== undefined && body.parentUuid !== current.parent_uuid) {
        fastify.accessEvents.emit({ type: 'org.moved', orgUuid: current.uuid });
      }
      return view(await load(current.uuid));
    },
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
      const actor = requireActor(request);
      const uuid = request.params.id;
      if (uuid === actor.orgUuid)
        throw new HttpError(409, 'You cannot delete your own organisation');
      const left = await repo.dependants(uuid);
      if (left.users > 0) throw new HttpError(409, 'Organisation still has users');
      if (left.children > 0) throw new HttpError(409, 'Organisation still has sub-organisations');
      if (left.resources > 0) {
        throw new HttpError(
          409,
          'Organisation still owns devices, registries, device types, functions, projects or collections',
        );
      }
      await repo.delete(uuid);
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
        response: { 200: Type.Object({ total: Type.Integer() }), ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const orgs = (await subtree(fastify.db, request.params.id)).filter((uuid) =>
        can(actor, 'device', 'list', uuid),
      );
      return { total: await repo.countDevices(orgs) };
    },
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
        response: {
          200: Type.Object({
            uuid: Type.String(),
            metadata: Type.Record(Type.String(), Type.Unknown()),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const row = await load(request.params.id);
      return { uuid: row.uuid, metadata: row.metadata };
    },
  );
};

export default organisations;
