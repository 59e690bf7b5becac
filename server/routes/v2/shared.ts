import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, inScope, subtree, type Actor } from '../../access/access.ts';
import type { Privilege, Resource } from '../../access/matrix.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { organisationRepository } from '../../repositories/organisation-repository.ts';
import type { PageRequest } from '../../repositories/list-query.ts';
import { PAGE_SIZE_DEFAULT } from '../../../contracts/list.ts';

export const notFound = () => new HttpError(404, 'Resource not found');

/** The id in the path (`/v2/registry/:id`). */
export const idInPath = (request: FastifyRequest) => (request.params as { id: number }).id;
/** The id in the body of an update (`PUT /v2/registry` carries it). */
export const idInBody = (request: FastifyRequest) => (request.body as { id: number }).id;

/**
 * A guard target: the organisation of the entity the request names, or null
 * when there is none, which the guard answers 404 like a foreign one.
 */
export const ownerOf =
  (orgOf: (id: number) => Promise<string | undefined>, id: (request: FastifyRequest) => number) =>
  async (request: FastifyRequest) =>
    (await orgOf(id(request))) ?? null;

export function pageOf(query: { page?: number; pageSize?: number }): PageRequest {
  return { page: query.page ?? 1, pageSize: query.pageSize ?? PAGE_SIZE_DEFAULT };
}

export function pageAnswer<R, T>(
  rows: { rows: R[]; total: number },
  page: PageRequest,
  view: (row: R) => T,
) {
  return {
    items: rows.rows.map(view),
    total: rows.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** Organisation checks the device-domain routes share. */
export function orgChecks(fastify: FastifyInstance) {
  const orgs = organisationRepository(fastify.db);

  /** An organisation the caller can see; one they cannot is answered exactly like a missing one. */
  async function visible(actor: Actor, uuid: string): Promise<string> {
    if (!inScope(actor, uuid) || !(await orgs.exists(uuid))) {
      throw new HttpError(400, 'The organisation does not exist');
    }
    return uuid;
  }

  return {
    visible,

    /** A guard target for creates: the organisation in the body, else the caller's own. */
    createIn: async (request: FastifyRequest) => {
      const actor = requireActor(request);
      return visible(actor, (request.body as { orgUuid?: string }).orgUuid ?? actor.orgUuid);
    },

    /**
     * Moving an entity to another organisation: the new one must be visible, and
     * the caller needs `privilege` in both (changeparent; modify for devices).
     * Returns the new organisation's subtree: whatever uses the entity must lie in it.
     */
    async move(
      actor: Actor,
      resource: Resource,
      privilege: Privilege,
      from: string,
      to: string,
    ): Promise<string[]> {
      await visible(actor, to);
      if (!can(actor, resource, privilege, from) || !can(actor, resource, privilege, to)) {
        throw new HttpError(403, `Your group may not move this ${resource} to that organisation`);
      }
      return subtree(fastify.db, to);
    },
  };
}
