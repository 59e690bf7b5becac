import type { FastifyInstance } from 'fastify';
import { can, inScope, type Actor } from '../access/access.ts';
import { groups, type Resource } from '../access/matrix.ts';
import type { ApiTokenType } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import { apiTokenRepository, type TokenRow } from '../repositories/api-token-repository.ts';
import { deviceRepository } from '../repositories/device-repository.ts';
import { deviceTypeRepository } from '../repositories/device-type-repository.ts';
import { organisationRepository } from '../repositories/organisation-repository.ts';
import { registryRepository } from '../repositories/registry-repository.ts';
import { tokenView } from '../views/token-view.ts';
import type { ApiToken, ApiTokenCreate, CreatedApiToken } from '../../contracts/token.ts';

/** Account managers and super users oversee every token in their organisations; a user, their own. */
const oversees = (actor: Actor, row: TokenRow) =>
  row.created_by === actor.userUuid ||
  (actor.group <= groups.accountmanager && inScope(actor, row.org_uuid));

/** Only a signed-in person makes or removes tokens; a token cannot mint more tokens. */
function requirePerson(actor: Actor): void {
  if (actor.via !== 'session')
    throw new HttpError(403, 'API tokens are managed by signed-in users only');
}

/**
 * The rules of API tokens: who sees and removes which, what a bound token
 * may be bound to, and that removing one closes what it opened at once.
 */
export function tokenService(fastify: FastifyInstance) {
  const repo = apiTokenRepository(fastify.db);
  const orgs = organisationRepository(fastify.db);
  const devices = deviceRepository(fastify.db);
  const bound: Record<
    Exclude<ApiTokenType, 'general'>,
    { resource: Resource; orgOf: (id: number) => Promise<string | undefined> }
  > = {
    device: { resource: 'device', orgOf: (id) => devices.orgOf(id) },
    devicetype: { resource: 'deviceType', orgOf: deviceTypeRepository(fastify.db).orgOf },
    registry: { resource: 'registry', orgOf: registryRepository(fastify.db).orgOf },
  };

  /** The organisation a new token belongs to: the caller's, or that of the entity it serves. */
  async function ownerOf(actor: Actor, { type, reference }: ApiTokenCreate): Promise<string> {
    if (type === 'general') {
      if (reference !== undefined)
        throw new HttpError(400, 'A general token is not bound to an entity: leave out reference');
      return actor.orgUuid;
    }
    if (reference === undefined)
      throw new HttpError(400, `A ${type} token needs the reference of its ${type}`);
    const entity = bound[type];
    const org = await entity.orgOf(reference);
    if (!org || !inScope(actor, org)) throw new HttpError(404, `No ${type} with id ${reference}`);
    if (!can(actor, entity.resource, 'modify', org)) {
      throw new HttpError(403, `Your group may not make tokens for this ${type}`);
    }
    return org;
  }

  return {
    /** The tokens of an organisation that the caller oversees. */
    async list(actor: Actor, orgUuid: string): Promise<ApiToken[]> {
      if (!inScope(actor, orgUuid) || !(await orgs.exists(orgUuid)))
        throw new HttpError(404, 'Resource not found');
      return (await repo.listForOrg(orgUuid)).filter((row) => oversees(actor, row)).map(tokenView);
    },

    async create(actor: Actor, body: ApiTokenCreate): Promise<CreatedApiToken> {
      requirePerson(actor);
      const orgUuid = await ownerOf(actor, body);
      const created = await repo.create({
        label: body.label.trim(),
        type: body.type,
        reference: body.reference ?? null,
        orgUuid,
        createdBy: actor.userUuid,
      });
      const row = await repo.get(created.id);
      if (!row) throw new Error('token vanished after creation');
      return { ...tokenView(row), token: created.secret };
    },

    async remove(actor: Actor, id: number): Promise<void> {
      requirePerson(actor);
      const row = await repo.get(id);
      if (!row || !oversees(actor, row)) throw new HttpError(404, 'Resource not found');
      await repo.delete(row.id);
      // What it opened (MQTT connections, live sockets) closes now, on every node.
      fastify.accessEvents.emit({ type: 'token.revoked', tokenId: row.id });
    },
  };
}
