import type { FastifyInstance } from 'fastify';
import { can, inScope, subtree, type Actor } from '../access/access.ts';
import type { Privilege, Resource } from '../access/matrix.ts';
import { HttpError } from '../lib/http-error.ts';
import { organisationRepository } from '../repositories/organisation-repository.ts';

/** Where the device-domain entities (devices, registries, types, functions) may be made or moved. */
export function organisationChecks(fastify: FastifyInstance) {
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
