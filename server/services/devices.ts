import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import { can, scopeList, type Actor } from '../access/access.ts';
import { json } from '../db/json.ts';
import type { DevicesTable, NewDevice } from '../db/types.ts';
import { fileStore } from '../files/file-store.ts';
import { forwardPolicy } from '../ingest/forward-policy.ts';
import { HttpError } from '../lib/http-error.ts';
import { devicePictureRepository } from '../repositories/device-picture-repository.ts';
import {
  deviceRepository,
  deviceSorts,
  type DeviceFilter,
  type DeviceRow,
} from '../repositories/device-repository.ts';
import { deviceTypeRepository } from '../repositories/device-type-repository.ts';
import { favouriteRepository } from '../repositories/favourite-repository.ts';
import {
  isUniqueViolation,
  narrowScope,
  parseSort,
  type PageRequest,
} from '../repositories/list-query.ts';
import { deviceView } from '../views/device-view.ts';
import {
  DEVICE_PLACE_RIGHT,
  type Device,
  type DeviceCreate,
  type DeviceListQuery,
  type DeviceUpdate,
} from '../../contracts/device.ts';
import { withCanonicalTypes, type DataKeyInput } from '../../contracts/list.ts';
import { collectionRepository } from '../repositories/collection-repository.ts';
import { orgTreeRepository } from '../repositories/org-tree-repository.ts';
import { linkChecks, splitLinks } from './device-links.ts';
import { locationUpdate, longitudeOf, movesDevice } from './device-location.ts';
import {
  checkKeys,
  firmwareToStore,
  inheritedKeys,
  keysOfNewType,
  mqttForwardToStore,
} from './device-settings.ts';
import { organisationChecks } from './organisation-checks.ts';

const notFound = () => new HttpError(404, 'Resource not found');
const nameTaken = () => new HttpError(409, 'The unique name is already in use');

/**
 * The rules of devices: where one may be made or moved, what it may link
 * to, the keys and settings it keeps, and who is told of a change (ingest on
 * every node, live feeds, MQTT connections). Routes guard and answer; the
 * SQL is in the repositories.
 */
export function deviceService(fastify: FastifyInstance) {
  const repo = deviceRepository(fastify.db);
  const favourites = favouriteRepository(fastify.db);
  const types = deviceTypeRepository(fastify.db);
  const links = linkChecks(fastify.db);
  const collections = collectionRepository(fastify.db);
  const tree = orgTreeRepository(fastify.db);

  /**
   * A device measures only for a collection of its organisation or one above
   * it (services/collections.ts): one that does may not move out from under it.
   */
  async function collectionStillHolds(deviceId: number, to: string): Promise<void> {
    const collectionId = await collections.collectionOfDevice(deviceId);
    if (collectionId === undefined) return;
    const collectionOrg = await collections.orgOf(collectionId);
    if (collectionOrg !== undefined && !(await tree.lineage(to)).includes(collectionOrg))
      throw new HttpError(
        409,
        'The device measures for a data collection outside the new organisation; unassign it there first',
      );
  }
  const pictures = devicePictureRepository(fastify.db);
  const files = fileStore(fastify.config.dataDir);
  const orgs = organisationChecks(fastify);
  const forwardRules = forwardPolicy(fastify.config.mqttForwardAllow);
  const emit = (event: Parameters<FastifyInstance['accessEvents']['emit']>[0]) =>
    fastify.accessEvents.emit(event);
  // Paused decoders come from this node's sandbox (docs/ingest.md).
  const view = (row: DeviceRow): Device => deviceView(row, fastify.sandbox.pauses);
  const load = async (id: number) => {
    const row = await repo.get(id);
    if (!row) throw notFound();
    return row;
  };
  const show = async (id: number) => view(await load(id));

  async function checkUniqueName(uniqueName: string | null | undefined, self?: number) {
    if (!uniqueName) return;
    const other = await repo.idByUniqueName(uniqueName);
    if (other !== undefined && other !== self) throw nameTaken();
  }

  /** Runs a write; a unique name taken meanwhile by another request is a 409 all the same. */
  async function unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  return {
    get: show,

    /** A page of the devices the caller can see, of one registry when it is given. */
    async list(actor: Actor, query: DeviceListQuery, page: PageRequest, registryId?: number) {
      const filter: DeviceFilter = {
        orgs: narrowScope(scopeList(actor), query.orgUuid),
        search: query.search?.trim(),
        registryId: registryId ?? query.registryId,
        deviceTypeId: query.deviceTypeId,
        projectId: query.projectId,
        status: query.status,
        locType: query.locType,
        calibrated: query.calibrated,
        calibrationDue: query.calibrationDue,
        communication: query.communication,
        ...(query.ids ? { ids: query.ids.split(',').map(Number) } : {}),
      };
      const rows = await repo.list(filter, parseSort(query.sort, deviceSorts, 'name'), page);
      return { rows: rows.rows.map(view), total: rows.total };
    },

    /** A new device; without data keys it takes its type's, marked inherited. */
    async create(actor: Actor, body: DeviceCreate): Promise<Device> {
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
      emit({ type: 'settings.changed', of: 'device', id });
      return show(id);
    },

    /**
     * Changes the fields the body carries; a new orgUuid moves the device. A
     * new type without data keys replaces the inherited keys and keeps its own.
     */
    async update(actor: Actor, body: DeviceUpdate): Promise<Device> {
      const current = await load(body.id);
      const moving = body.orgUuid !== undefined && body.orgUuid !== current.org_uuid;
      const org = body.orgUuid ?? current.org_uuid;
      // Devices have no changeparent (spec §6): moving one needs modify in both organisations.
      if (moving) await orgs.move(actor, 'device', 'modify', current.org_uuid, org);
      checkKeys(body);
      const { chosen, kept } = splitLinks(current, body);
      await links.check(actor, org, chosen, moving ? kept : {});
      if (moving) await collectionStillHolds(current.id, org);
      if (body.uniqueName !== undefined) await checkUniqueName(body.uniqueName, current.id);
      const location = locationUpdate(body, current.calibrated);
      // Placing a device is part of installing it (docs/access.md).
      const { resource, privilege } = DEVICE_PLACE_RIGHT;
      if (
        movesDevice(current, location, body.locType) &&
        !can(actor, resource, privilege, current.org_uuid)
      ) {
        throw new HttpError(
          403,
          'Your group may not change where this device stands (its position, address or location type)',
        );
      }

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
        ...location,
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
      emit({ type: 'settings.changed', of: 'device', id: current.id });
      // A blocked device's MQTT connections close (docs/ingest.md).
      if (body.communication === false) emit({ type: 'device.moved', deviceId: current.id });
      // Who may follow a device depends on its organisation, registry and type (scoped tokens).
      const registryChanged =
        body.registryId !== undefined && body.registryId !== current.registry_id;
      if (moving || registryChanged || typeChanged) {
        emit({ type: 'device.moved', deviceId: current.id });
      }
      return show(current.id);
    },

    /** Removes a device with its pipeline, pictures, messages, tokens and favourites. */
    async remove(id: number): Promise<void> {
      const pictureFiles = await pictures.storageKeys(id);
      const deleted = await repo.delete(id);
      if (!deleted) throw notFound();
      // Its MQTT connections close, and whatever its tokens opened (docs/ingest.md).
      emit({ type: 'device.moved', deviceId: id });
      for (const tokenId of deleted.tokenIds) emit({ type: 'token.revoked', tokenId });
      await files.remove(pictureFiles);
      await favourites.forget({ types: ['sensor', 'device'], id });
    },
  };
}
