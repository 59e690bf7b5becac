import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Updateable } from 'kysely';
import { scopeList, type Actor } from '../../access/access.ts';
import { json } from '../../db/json.ts';
import type { DeviceTypesTable } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import {
  deviceTypeRepository,
  deviceTypeSorts,
} from '../../repositories/device-type-repository.ts';
import { favouriteRepository } from '../../repositories/favourite-repository.ts';
import { narrowScope, parseSort } from '../../repositories/list-query.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import {
  DeviceType,
  DeviceTypeCreate,
  DeviceTypeListQuery,
  DeviceTypeUpdate,
} from '../../../contracts/device-type.ts';
import { Page, withCanonicalTypes } from '../../../contracts/list.ts';
import { linkChecks } from '../../services/device-links.ts';
import { requireUniqueKeys } from '../../services/unique-keys.ts';
import { deviceTypeView } from '../../views/device-type-view.ts';
import { idInBody, idInPath, notFound, orgChecks, ownerOf, pageAnswer, pageOf } from './shared.ts';
import { EntityIdParams } from '../../schemas/params.ts';

const deviceTypes: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = deviceTypeRepository(fastify.db);
  const favourites = favouriteRepository(fastify.db);
  const links = linkChecks(fastify.db);
  const orgs = orgChecks(fastify);
  const load = async (id: number, actor: Actor) => {
    const row = await repo.get(id, scopeList(actor));
    if (!row) throw notFound();
    return row;
  };

  /**
   * A type's decoder follows the devices' link rule: set now (`chosen`), or
   * kept through a move.
   */
  const checkDecoder = (actor: Actor, typeOrg: string, id: number, chosen: boolean) =>
    chosen
      ? links.check(actor, typeOrg, { decoderFunctionIds: [id] }, {})
      : links.check(actor, typeOrg, {}, { decoderFunctionIds: [id] });

  const checkStructure = (structure: { key: string }[] | undefined) =>
    requireUniqueKeys('Structure keys', structure);

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
      const actor = requireActor(request);
      const { query } = request;
      const page = pageOf(query);
      const rows = await repo.list(
        { orgs: narrowScope(scopeList(actor), query.orgUuid), search: query.search?.trim() },
        scopeList(actor),
        parseSort(query.sort, deviceTypeSorts, 'name'),
        page,
      );
      return pageAnswer(rows, page, deviceTypeView);
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
    async (request) => deviceTypeView(await load(request.params.id, requireActor(request))),
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
    async (request, reply) => {
      const actor = requireActor(request);
      const body = request.body;
      const org = body.orgUuid ?? actor.orgUuid;
      checkStructure(body.structure);
      if (body.decoderFunctionId != null) {
        await checkDecoder(actor, org, body.decoderFunctionId, true);
      }
      const id = await repo.create({
        name: body.name.trim(),
        description: body.description ?? null,
        org_uuid: org,
        metadata: json(body.metadata ?? {}),
        decoder_function_id: body.decoderFunctionId ?? null,
        structure: json(withCanonicalTypes(body.structure ?? [])),
      });
      return reply.status(201).send(deviceTypeView(await load(id, actor)));
    },
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
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      const current = await load(body.id, actor);
      checkStructure(body.structure);
      const moving = body.orgUuid !== undefined && body.orgUuid !== current.org_uuid;
      const org = body.orgUuid ?? current.org_uuid;
      if (moving) {
        const subtree = await orgs.move(actor, 'deviceType', 'changeparent', current.org_uuid, org);
        if ((await repo.devicesOutside(current.id, subtree)) > 0) {
          throw new HttpError(409, 'Devices outside the new organisation have this device type');
        }
      }
      // A decoder sent again unchanged is kept, like one left out: it is checked only on a move.
      const decoder = body.decoderFunctionId;
      if (decoder != null && decoder !== current.decoder_function_id) {
        await checkDecoder(actor, org, decoder, true);
      } else if (moving && decoder !== null && current.decoder_function_id !== null) {
        await checkDecoder(actor, org, current.decoder_function_id, false);
      }
      const values: Updateable<DeviceTypesTable> = {
        ...(body.name !== undefined && { name: body.name.trim() }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.orgUuid !== undefined && { org_uuid: body.orgUuid }),
        ...(body.metadata !== undefined && { metadata: json(body.metadata) }),
        ...(body.decoderFunctionId !== undefined && {
          decoder_function_id: body.decoderFunctionId,
        }),
        ...(body.structure !== undefined && {
          structure: json(withCanonicalTypes(body.structure)),
        }),
      };
      await repo.update(current.id, values);
      // Its devices' next packets use the new decoder (docs/ingest.md).
      fastify.accessEvents.emit({ type: 'settings.changed', of: 'deviceType', id: current.id });
      return deviceTypeView(await load(current.id, actor));
    },
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
      const { outcome, tokenIds } = await repo.delete(request.params.id);
      if (outcome === 'in-use') {
        throw new HttpError(
          409,
          'Devices still have this device type; change or delete them first',
        );
      }
      if (outcome === 'missing') throw notFound();
      for (const tokenId of tokenIds) fastify.accessEvents.emit({ type: 'token.revoked', tokenId });
      await favourites.forget({ types: ['devicetype'], id: request.params.id });
      return { ok: true };
    },
  );
};

export default deviceTypes;
