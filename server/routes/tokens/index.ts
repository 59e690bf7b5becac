import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { can, inScope, type Actor } from '../../access/access.ts';
import { groups, type Resource } from '../../access/matrix.ts';
import type { ApiTokenType } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { apiTokenRepository } from '../../repositories/api-token-repository.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import {
  ApiTokenCreate,
  ApiTokenList,
  CreatedApiToken,
  type ApiToken,
} from '../../../contracts/token.ts';
import { EntityIdParams, IdParams } from '../../schemas/params.ts';

const entityOf: Record<
  Exclude<ApiTokenType, 'general'>,
  { table: 'devices' | 'device_types' | 'registries'; resource: Resource }
> = {
  device: { table: 'devices', resource: 'device' },
  devicetype: { table: 'device_types', resource: 'deviceType' },
  registry: { table: 'registries', resource: 'registry' },
};

type TokenRow = NonNullable<Awaited<ReturnType<ReturnType<typeof apiTokenRepository>['get']>>>;

function view(row: TokenRow): ApiToken {
  return {
    id: row.id,
    uuid: row.uuid,
    label: row.label,
    type: row.type,
    reference: row.reference,
    orgUuid: row.org_uuid,
    created: row.created_at.toISOString(),
    createdBy: row.created_by
      ? {
          uuid: row.created_by,
          name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
          email: row.email ?? '',
        }
      : null,
    calls: row.calls,
    lastCall: row.last_call_at ? row.last_call_at.toISOString() : null,
  };
}

/** Account managers and super users oversee every token in their organisations; a user, their own. */
const oversees = (actor: Actor, row: TokenRow) =>
  row.created_by === actor.userUuid ||
  (actor.group <= groups.accountmanager && inScope(actor, row.org_uuid));

/** Only a signed-in person makes or removes tokens; a token cannot mint more tokens. */
function requirePerson(actor: Actor): void {
  if (actor.via !== 'session')
    throw new HttpError(403, 'API tokens are managed by signed-in users only');
}

const tokens: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = apiTokenRepository(fastify.db);

  fastify.get(
    '/tokens/:id',
    {
      schema: {
        tags: ['tokens'],
        summary: 'API tokens of an organisation (id: the organisation uuid)',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: ApiTokenList, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const exists = await fastify.db
        .selectFrom('organisations')
        .select('uuid')
        .where('uuid', '=', request.params.id)
        .executeTakeFirst();
      if (!exists || !inScope(actor, request.params.id))
        throw new HttpError(404, 'Resource not found');
      return (await repo.listForOrg(request.params.id))
        .filter((row) => oversees(actor, row))
        .map(view);
    },
  );

  fastify.post(
    '/generateToken',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Create an API token; the secret is in this answer only',
        description:
          'A general token acts for you with your privileges. A device, devicetype or registry token (reference: that entity’s id) only sends and reads that entity’s data.',
        security: [{ bearer: [] }],
        body: ApiTokenCreate,
        response: { 201: CreatedApiToken, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      requirePerson(actor);
      const { label, type, reference } = request.body;
      let orgUuid = actor.orgUuid;
      if (type === 'general') {
        if (reference !== undefined)
          throw new HttpError(
            400,
            'A general token is not bound to an entity: leave out reference',
          );
      } else {
        if (reference === undefined)
          throw new HttpError(400, `A ${type} token needs the reference of its ${type}`);
        const entity = entityOf[type];
        const owner = await fastify.db
          .selectFrom(entity.table)
          .select('org_uuid')
          .where('id', '=', reference)
          .executeTakeFirst();
        if (!owner || !inScope(actor, owner.org_uuid))
          throw new HttpError(404, `No ${type} with id ${reference}`);
        if (!can(actor, entity.resource, 'modify', owner.org_uuid)) {
          throw new HttpError(403, `Your group may not make tokens for this ${type}`);
        }
        orgUuid = owner.org_uuid;
      }
      const created = await repo.create({
        label: label.trim(),
        type,
        reference: reference ?? null,
        orgUuid,
        createdBy: actor.userUuid,
      });
      const row = await repo.get(created.id);
      if (!row) throw new Error('token vanished after creation');
      return reply.status(201).send({ ...view(row), token: created.secret });
    },
  );

  fastify.post(
    '/deletetoken/:id',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Delete an API token: it stops working at once',
        security: [{ bearer: [] }],
        params: EntityIdParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      requirePerson(actor);
      const row = await repo.get(request.params.id);
      if (!row || !oversees(actor, row)) throw new HttpError(404, 'Resource not found');
      await repo.delete(row.id);
      // What it opened (MQTT connections, live sockets) closes now, on every node.
      fastify.accessEvents.emit({ type: 'token.revoked', tokenId: row.id });
      return { ok: true };
    },
  );
};

export default tokens;
