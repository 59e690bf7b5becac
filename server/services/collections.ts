import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import { can, inScope, scopeList, type Actor } from '../access/access.ts';
import type { DataCollectionsTable } from '../db/types.ts';
import { collectionDataReader } from '../history/collection-data.ts';
import { HttpError } from '../lib/http-error.ts';
import { collectionRepository, collectionSorts } from '../repositories/collection-repository.ts';
import { deviceRepository } from '../repositories/device-repository.ts';
import { favouriteRepository } from '../repositories/favourite-repository.ts';
import { narrowScope, parseSort, type PageRequest } from '../repositories/list-query.ts';
import { orgTreeRepository } from '../repositories/org-tree-repository.ts';
import { collectionView, periodView } from '../views/collection-view.ts';
import type {
  Collection,
  CollectionCreate,
  CollectionData,
  CollectionDataQuery,
  CollectionDeviceAssign,
  CollectionDevicePeriod,
  CollectionKeys,
  CollectionListQuery,
  CollectionUpdate,
} from '../../contracts/collection.ts';
import { organisationChecks } from './organisation-checks.ts';

const notFound = () => new HttpError(404, 'Resource not found');

/**
 * The rules of data collections (spec §3 Data collection, §4 Assignment):
 *
 * - a collection belongs to a project of its own organisation or one above
 *   it (as devices do), and keeps it only while that holds;
 * - one device measures for a collection at a time, and a device for one
 *   collection at a time; each stretch is kept, so the collection's data is
 *   read from the right device for each period;
 * - assigning checks both sides: the caller changes the collection
 *   (`collection.modify`) and operates the device (`device.modify`), each in
 *   its own organisation; the device is of the collection's organisation or
 *   one below it;
 * - whoever may see the collection reads its data over each device's period,
 *   even of a device that has since moved to another organisation: what it
 *   measured for the collection is the collection's.
 */
export function collectionService(fastify: FastifyInstance) {
  const repo = collectionRepository(fastify.db);
  const devices = deviceRepository(fastify.db);
  const tree = orgTreeRepository(fastify.db);
  const favourites = favouriteRepository(fastify.db);
  const orgs = organisationChecks(fastify);
  const data = collectionDataReader(fastify.db);

  const load = async (id: number, actor: Actor) => {
    const row = await repo.get(id);
    if (!row || !inScope(actor, row.org_uuid)) throw notFound();
    return row;
  };
  const show = async (id: number, actor: Actor): Promise<Collection> =>
    collectionView(await load(id, actor));

  /** A project the collection may belong to: visible when chosen, and of its organisation or above. */
  async function checkProject(
    actor: Actor,
    collectionOrg: string,
    projectId: number | null | undefined,
    chosen: boolean,
  ) {
    if (projectId == null) return;
    const projectOrg = await tree.projectOrg(projectId);
    const lineage = await tree.lineage(collectionOrg);
    if (projectOrg === undefined || (chosen && !inScope(actor, projectOrg)))
      throw new HttpError(400, 'The project does not exist');
    if (!lineage.includes(projectOrg))
      throw new HttpError(
        400,
        chosen
          ? "The project is not of the collection's organisation or one above it"
          : 'The project is not available in the new organisation',
      );
  }

  return {
    get: show,

    async list(actor: Actor, query: CollectionListQuery, page: PageRequest) {
      const rows = await repo.list(
        {
          orgs: narrowScope(scopeList(actor), query.orgUuid),
          search: query.search?.trim(),
          state: query.state,
          projectId: query.projectId,
          deviceId: query.deviceId,
        },
        parseSort(query.sort, collectionSorts, 'name'),
        page,
      );
      return { rows: rows.rows.map(collectionView), total: rows.total };
    },

    async create(actor: Actor, body: CollectionCreate): Promise<Collection> {
      const org = body.orgUuid ?? actor.orgUuid;
      await checkProject(actor, org, body.projectId, true);
      const id = await repo.create({
        name: body.name.trim(),
        description: body.description ?? null,
        state: body.state ?? 'active',
        end_of_service: body.endOfService ?? null,
        project_id: body.projectId ?? null,
        org_uuid: org,
      });
      return show(id, actor);
    },

    async update(actor: Actor, body: CollectionUpdate): Promise<Collection> {
      const current = await load(body.id, actor);
      const org = body.orgUuid ?? current.org_uuid;
      if (org !== current.org_uuid) {
        const subtree = await orgs.move(actor, 'collection', 'changeparent', current.org_uuid, org);
        if (current.device_id !== null) {
          const deviceOrg = await devices.orgOf(current.device_id);
          if (deviceOrg !== undefined && !subtree.includes(deviceOrg))
            throw new HttpError(
              409,
              "The collection's device is not in the new organisation; unassign it first",
            );
        }
      }
      const projectChanged = body.projectId !== undefined && body.projectId !== current.project_id;
      if (projectChanged) await checkProject(actor, org, body.projectId, true);
      else if (org !== current.org_uuid) await checkProject(actor, org, current.project_id, false);
      const values: Updateable<DataCollectionsTable> = {
        ...(body.name !== undefined && { name: body.name.trim() }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.state !== undefined && { state: body.state }),
        ...(body.endOfService !== undefined && { end_of_service: body.endOfService }),
        ...(body.projectId !== undefined && { project_id: body.projectId }),
        ...(body.orgUuid !== undefined && { org_uuid: body.orgUuid }),
      };
      await repo.update(current.id, values);
      return show(current.id, actor);
    },

    /** Removes a collection and its device periods; the devices stay. */
    async remove(id: number): Promise<void> {
      if (!(await repo.delete(id))) throw notFound();
      await favourites.forget({ types: ['collection'], id });
    },

    /**
     * Puts a device to measure for the collection from `from` (default now):
     * the collection's current device, if another, stops then.
     */
    async assignDevice(
      actor: Actor,
      id: number,
      body: CollectionDeviceAssign,
      now: Date = new Date(),
    ): Promise<Collection> {
      const collection = await load(id, actor);
      const deviceOrg = await devices.orgOf(body.deviceId);
      if (deviceOrg === undefined || !inScope(actor, deviceOrg))
        throw new HttpError(400, 'The device does not exist');
      if (!can(actor, 'device', 'modify', deviceOrg))
        throw new HttpError(403, 'Your group may not assign this device');
      if (!(await tree.lineage(deviceOrg)).includes(collection.org_uuid))
        throw new HttpError(
          400,
          "The device is not of the collection's organisation or one below it",
        );
      if (collection.device_id === body.deviceId) return collectionView(collection);
      const elsewhere = await repo.collectionOfDevice(body.deviceId);
      if (elsewhere !== undefined)
        throw new HttpError(
          409,
          'The device measures for another data collection; unassign it there first',
        );
      const at = body.from === undefined ? now : new Date(body.from);
      if (at.getTime() > now.getTime())
        throw new HttpError(400, 'An assignment cannot start in the future');
      const since = await repo.openSince(collection.id);
      if (since !== undefined && at.getTime() < since.getTime())
        throw new HttpError(400, "An assignment cannot start before the current device's");
      await repo.assign(collection.id, body.deviceId, at);
      return show(collection.id, actor);
    },

    /** The collection's device stops measuring for it now. */
    async unassignDevice(actor: Actor, id: number, now: Date = new Date()): Promise<Collection> {
      const collection = await load(id, actor);
      if (collection.device_id === null) return collectionView(collection);
      await repo.assign(collection.id, null, now);
      return show(collection.id, actor);
    },

    /** A data key of the collection over a range, read from each device over its own period. */
    async data(
      actor: Actor,
      id: number,
      key: string,
      query: CollectionDataQuery,
    ): Promise<CollectionData> {
      const collection = await load(id, actor);
      return data.read(
        { id: collection.id, orgUuid: collection.org_uuid },
        await repo.periods(collection.id),
        key,
        query,
      );
    },

    /** The data keys the collection's devices reported while they measured for it. */
    async keys(actor: Actor, id: number): Promise<CollectionKeys> {
      const collection = await load(id, actor);
      return data.keys({ orgUuid: collection.org_uuid }, await repo.periods(collection.id));
    },

    /** Every device that measured for the collection, and when: newest first. */
    async periods(actor: Actor, id: number): Promise<CollectionDevicePeriod[]> {
      const collection = await load(id, actor);
      return (await repo.periods(collection.id)).map(periodView);
    },
  };
}
