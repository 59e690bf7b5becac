import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import { scopeList, type Actor } from '../access/access.ts';
import type { RegistriesTable } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import { favouriteRepository } from '../repositories/favourite-repository.ts';
import { narrowScope, parseSort, type PageRequest } from '../repositories/list-query.ts';
import { registryRepository, registrySorts } from '../repositories/registry-repository.ts';
import { registryView } from '../views/registry-view.ts';
import type {
  Registry,
  RegistryCreate,
  RegistryListQuery,
  RegistryUpdate,
} from '../../contracts/registry.ts';
import { organisationChecks } from './organisation-checks.ts';

const notFound = () => new HttpError(404, 'Resource not found');

/**
 * The rules of registries: where one is made or moved (never away from the
 * devices that use it), when one may go, and that ingest follows a change.
 */
export function registryService(fastify: FastifyInstance) {
  const repo = registryRepository(fastify.db);
  const favourites = favouriteRepository(fastify.db);
  const orgs = organisationChecks(fastify);
  const load = async (id: number, actor: Actor) => {
    const row = await repo.get(id, scopeList(actor));
    if (!row) throw notFound();
    return row;
  };
  const show = async (id: number, actor: Actor): Promise<Registry> =>
    registryView(await load(id, actor));

  return {
    get: show,

    async list(actor: Actor, query: RegistryListQuery, page: PageRequest) {
      const rows = await repo.list(
        {
          orgs: narrowScope(scopeList(actor), query.orgUuid),
          search: query.search?.trim(),
          protocol: query.protocol,
        },
        scopeList(actor),
        parseSort(query.sort, registrySorts, 'name'),
        page,
      );
      return { rows: rows.rows.map(registryView), total: rows.total };
    },

    async create(actor: Actor, body: RegistryCreate): Promise<Registry> {
      const id = await repo.create({
        name: body.name.trim(),
        description: body.description ?? null,
        protocol: body.protocol ?? 'mqtt',
        region: body.region ?? 'europe',
        org_uuid: body.orgUuid ?? actor.orgUuid,
      });
      return show(id, actor);
    },

    async update(actor: Actor, body: RegistryUpdate): Promise<Registry> {
      const current = await load(body.id, actor);
      if (body.orgUuid !== undefined && body.orgUuid !== current.org_uuid) {
        const tree = await orgs.move(
          actor,
          'registry',
          'changeparent',
          current.org_uuid,
          body.orgUuid,
        );
        // A device may only use registries of its own organisation or those above it.
        if ((await repo.devicesOutside(current.id, tree)) > 0) {
          throw new HttpError(409, 'Devices outside the new organisation use this registry');
        }
      }
      const values: Updateable<RegistriesTable> = {
        ...(body.name !== undefined && { name: body.name.trim() }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.protocol !== undefined && { protocol: body.protocol }),
        ...(body.region !== undefined && { region: body.region }),
        ...(body.orgUuid !== undefined && { org_uuid: body.orgUuid }),
      };
      await repo.update(current.id, values);
      // Its devices' next packets follow the new protocol and name (docs/ingest.md).
      fastify.accessEvents.emit({ type: 'settings.changed', of: 'registry', id: current.id });
      return show(current.id, actor);
    },

    /** Removes a registry no device uses; its API tokens stop working at once. */
    async remove(id: number): Promise<void> {
      const { outcome, tokenIds } = await repo.delete(id);
      if (outcome === 'in-use') {
        throw new HttpError(409, 'The registry still has devices; move or delete them first');
      }
      if (outcome === 'missing') throw notFound();
      for (const tokenId of tokenIds) fastify.accessEvents.emit({ type: 'token.revoked', tokenId });
      await favourites.forget({ types: ['registry'], id });
    },
  };
}
