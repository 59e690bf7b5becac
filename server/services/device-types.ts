import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import { scopeList, type Actor } from '../access/access.ts';
import { json } from '../db/json.ts';
import type { DeviceTypesTable } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import { deviceTypeRepository, deviceTypeSorts } from '../repositories/device-type-repository.ts';
import { favouriteRepository } from '../repositories/favourite-repository.ts';
import { narrowScope, parseSort, type PageRequest } from '../repositories/list-query.ts';
import { deviceTypeView } from '../views/device-type-view.ts';
import type {
  DeviceType,
  DeviceTypeCreate,
  DeviceTypeListQuery,
  DeviceTypeUpdate,
} from '../../contracts/device-type.ts';
import { withCanonicalTypes } from '../../contracts/list.ts';
import { linkChecks } from './device-links.ts';
import { organisationChecks } from './organisation-checks.ts';
import { requireUniqueKeys } from './unique-keys.ts';

const notFound = () => new HttpError(404, 'Resource not found');

const checkStructure = (structure: { key: string }[] | undefined) =>
  requireUniqueKeys('Structure keys', structure);

/**
 * The rules of device types: unique structure keys, a decoder that follows
 * the devices' link rule, where one is made or moved (never away from its
 * devices), and that ingest follows a change.
 */
export function deviceTypeService(fastify: FastifyInstance) {
  const repo = deviceTypeRepository(fastify.db);
  const favourites = favouriteRepository(fastify.db);
  const links = linkChecks(fastify.db);
  const orgs = organisationChecks(fastify);
  const load = async (id: number, actor: Actor) => {
    const row = await repo.get(id, scopeList(actor));
    if (!row) throw notFound();
    return row;
  };
  const show = async (id: number, actor: Actor): Promise<DeviceType> =>
    deviceTypeView(await load(id, actor));

  /**
   * A type's decoder follows the devices' link rule: set now (`chosen`), or
   * kept through a move.
   */
  const checkDecoder = (actor: Actor, typeOrg: string, id: number, chosen: boolean) =>
    chosen
      ? links.check(actor, typeOrg, { decoderFunctionIds: [id] }, {})
      : links.check(actor, typeOrg, {}, { decoderFunctionIds: [id] });

  return {
    get: show,

    async list(actor: Actor, query: DeviceTypeListQuery, page: PageRequest) {
      const rows = await repo.list(
        { orgs: narrowScope(scopeList(actor), query.orgUuid), search: query.search?.trim() },
        scopeList(actor),
        parseSort(query.sort, deviceTypeSorts, 'name'),
        page,
      );
      return { rows: rows.rows.map(deviceTypeView), total: rows.total };
    },

    async create(actor: Actor, body: DeviceTypeCreate): Promise<DeviceType> {
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
      return show(id, actor);
    },

    async update(actor: Actor, body: DeviceTypeUpdate): Promise<DeviceType> {
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
      return show(current.id, actor);
    },

    /** Removes a device type no device has; its API tokens stop working at once. */
    async remove(id: number): Promise<void> {
      const { outcome, tokenIds } = await repo.delete(id);
      if (outcome === 'in-use') {
        throw new HttpError(
          409,
          'Devices still have this device type; change or delete them first',
        );
      }
      if (outcome === 'missing') throw notFound();
      for (const tokenId of tokenIds) fastify.accessEvents.emit({ type: 'token.revoked', tokenId });
      await favourites.forget({ types: ['devicetype'], id });
    },
  };
}
