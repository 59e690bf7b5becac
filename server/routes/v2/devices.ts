import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Updateable } from 'kysely';
import { scopeList, type Actor } from '../../access/access.ts';
import { json } from '../../db/json.ts';
import type { DevicesTable, NewDevice } from '../../db/types.ts';
import { fileStore } from '../../files/file-store.ts';
import { forwardPolicy } from '../../ingest/forward-policy.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { devicePictureRepository } from '../../repositories/device-picture-repository.ts';
import {
  deviceRepository,
  deviceSorts,
  type DeviceFilter,
  type DeviceRow,
} from '../../repositories/device-repository.ts';
import { deviceTypeRepository } from '../../repositories/device-type-repository.ts';
import { favouriteRepository } from '../../repositories/favourite-repository.ts';
import { isUniqueViolation, narrowScope, parseSort } from '../../repositories/list-query.ts';
import { registryRepository } from '../../repositories/registry-repository.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import { Device, DeviceCreate, DeviceListQuery, DeviceUpdate } from '../../../contracts/device.ts';
import { Page, withCanonicalTypes, type DataKeyInput } from '../../../contracts/list.ts';
import { linkChecks, splitLinks } from '../../services/device-links.ts';
import {
  checkKeys,
  firmwareToStore,
  inheritedKeys,
  keysOfNewType,
  mqttForwardToStore,
} from '../../services/device-settings.ts';
import { deviceView } from '../../views/device-view.ts';
import { locationUpdate, longitudeOf } from './device-location.ts';
import { idInBody, idInPath, notFound, orgChecks, ownerOf, pageAnswer, pageOf } from './shared.ts';
import { EntityIdParams } from '../../schemas/params.ts';

const devices: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = deviceRepository(fastify.db);
  const favourites = favouriteRepository(fastify.db);
  const registries = registryRepository(fastify.db);
  const types = deviceTypeRepository(fastify.db);
  const links = linkChecks(fastify.db);
  const pictures = devicePictureRepository(fastify.db);
  const files = fileStore(fastify.config.dataDir);
  const orgs = orgChecks(fastify);
  const forwardRules = forwardPolicy(fastify.config.mqttForwardAllow);
  // Paused decoders come from this node's sandbox (docs/ingest.md).
  const view = (row: DeviceRow) => deviceView(row, fastify.sandbox.pauses);
  const load = async (id: number) => {
    const row = await repo.get(id);
    if (!row) throw notFound();
    return row;
  };

  async function checkUniqueName(uniqueName: string | null | undefined, self?: number) {
    if (!uniqueName) return;
    const other = await repo.idByUniqueName(uniqueName);
    if (other !== undefined && other !== self) {
      throw new HttpError(409, 'The unique name is already in use');
    }
  }

  /** Runs a write; a unique name taken meanwhile by another request is a 409 all the same. */
  async function unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'The unique name is already in use');
      throw error;
    }
  }

  async function listDevices(actor: Actor, query: DeviceListQuery, registryId?: number) {
    const page = pageOf(query);
    const filter: DeviceFilter = {
      orgs: narrowScope(scopeList(actor), query.orgUuid),
      search: query.search?.trim(),
      registryId: registryId ?? query.registryId,
      deviceTypeId: query.deviceTypeId,
      projectId: query.projectId,
      status: query.status,
      locType: query.locType,
      calibrated: query.calibrated,
      communication: query.communication,
    };
    const rows = await repo.list(filter, parseSort(query.sort, deviceSorts, 'name'), page);
    return pageAnswer(rows, page, view);
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
    async (request) => view(await load(request.params.id)),
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
    async (request, reply) => {
      const actor = requireActor(request);
      const body = request.body;
      const org = body.orgUuid ?? actor.orgUuid;
      checkKeys(body);
      await links.check(actor, org, body, {});
      await checkUniqueName(body.uniqueName);
      const type = body.deviceTypeId != null ? await types.basics(body.deviceTypeId) : undefined;
      const values: NewDevice = {
        name: body.name.trim(),
        unique_name: body.uniqueName ?? null,
        description: body.description ?? null,
        address: body.address ?? null,
        lat: body.lat ?? null,
        lng: longitudeOf(body) ?? null,
        loc_type: body.locType ?? 'unspecified',
        org_uuid: org,
        project_id: body.projectId ?? null,
        registry_id: body.registryId ?? null,
        device_type_id: body.deviceTypeId ?? null,
        availability: body.availability ?? 'free',
        communication: body.communication ?? true,
        hardware: json(body.hardware ?? {}),
        data_keys: json(withCanonicalTypes(body.dataKeys ?? inheritedKeys(type?.structure ?? []))),
        synthetic_keys: json(body.syntheticKeys ?? []),
        metadata: json(body.metadata ?? {}),
        mqtt_forward: body.mqttForward
          ? json(mqttForwardToStore(body.mqttForward, null, forwardRules))
          : null,
        calibrated: body.calibrated ?? false,
        calibration: json(body.calibration ?? {}),
        firmware: json(body.firmware ? firmwareToStore(body.firmware, {}) : {}),
      };
      const id = await unique(() => repo.create(values, body.decoderFunctionIds ?? []));
      // Ingest may remember this id as unknown (a device that sent before it existed).
      fastify.accessEvents.emit({ type: 'settings.changed', of: 'device', id });
      return reply.status(201).send(view(await load(id)));
    },
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
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      const current = await load(body.id);
      const moving = body.orgUuid !== undefined && body.orgUuid !== current.org_uuid;
      const org = body.orgUuid ?? current.org_uuid;
      // Devices have no changeparent (spec §6): moving one needs modify in both organisations.
      if (moving) await orgs.move(actor, 'device', 'modify', current.org_uuid, org);
      checkKeys(body);
      const { chosen, kept } = splitLinks(current, body);
      await links.check(actor, org, chosen, moving ? kept : {});
      if (body.uniqueName !== undefined) await checkUniqueName(body.uniqueName, current.id);

      const typeChanged =
        body.deviceTypeId !== undefined && body.deviceTypeId !== current.device_type_id;
      let dataKeys = body.dataKeys;
      if (dataKeys === undefined && typeChanged) {
        const type = body.deviceTypeId != null ? await types.basics(body.deviceTypeId) : undefined;
        dataKeys = keysOfNewType(current.data_keys as DataKeyInput[], type?.structure ?? []);
      }
      const values: Updateable<DevicesTable> = {
        ...(body.name !== undefined && { name: body.name.trim() }),
        ...(body.uniqueName !== undefined && { unique_name: body.uniqueName }),
        ...(body.description !== undefined && { description: body.description }),
        ...locationUpdate(body, current.calibrated),
        ...(body.locType !== undefined && { loc_type: body.locType }),
        ...(body.orgUuid !== undefined && { org_uuid: body.orgUuid }),
        ...(body.projectId !== undefined && { project_id: body.projectId }),
        ...(body.registryId !== undefined && { registry_id: body.registryId }),
        ...(body.deviceTypeId !== undefined && { device_type_id: body.deviceTypeId }),
        ...(body.availability !== undefined && { availability: body.availability }),
        ...(body.communication !== undefined && { communication: body.communication }),
        ...(body.hardware !== undefined && { hardware: json(body.hardware) }),
        ...(dataKeys !== undefined && { data_keys: json(withCanonicalTypes(dataKeys)) }),
        ...(body.syntheticKeys !== undefined && { synthetic_keys: json(body.syntheticKeys) }),
        ...(body.metadata !== undefined && { metadata: json(body.metadata) }),
        ...(body.mqttForward !== undefined && {
          mqtt_forward:
            body.mqttForward === null
              ? null
              : json(mqttForwardToStore(body.mqttForward, current.mqtt_forward, forwardRules)),
        }),
        ...(body.calibrated !== undefined && { calibrated: body.calibrated }),
        ...(body.calibration !== undefined && { calibration: json(body.calibration) }),
        ...(body.firmware !== undefined && {
          firmware: json(firmwareToStore(body.firmware, current.firmware)),
        }),
      };
      await unique(() => repo.update(current.id, values, body.decoderFunctionIds));
      // Ingest takes its next packet with these settings, on every node (docs/ingest.md).
      fastify.accessEvents.emit({ type: 'settings.changed', of: 'device', id: current.id });
      // A blocked device's MQTT connections close (docs/ingest.md).
      if (body.communication === false) {
        fastify.accessEvents.emit({ type: 'device.moved', deviceId: current.id });
      }
      // Who may follow a device depends on its organisation, registry and type (scoped tokens).
      const registryChanged =
        body.registryId !== undefined && body.registryId !== current.registry_id;
      if (moving || registryChanged || typeChanged) {
        fastify.accessEvents.emit({ type: 'device.moved', deviceId: current.id });
      }
      return view(await load(current.id));
    },
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
      const pictureFiles = await pictures.storageKeys(request.params.id);
      const deleted = await repo.delete(request.params.id);
      if (!deleted) throw notFound();
      // Its MQTT connections close, and whatever its tokens opened (docs/ingest.md).
      fastify.accessEvents.emit({ type: 'device.moved', deviceId: request.params.id });
      for (const tokenId of deleted.tokenIds) {
        fastify.accessEvents.emit({ type: 'token.revoked', tokenId });
      }
      await files.remove(pictureFiles);
      await favourites.forget({ types: ['sensor', 'device'], id: request.params.id });
      return { ok: true };
    },
  );
};

export default devices;
