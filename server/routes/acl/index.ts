import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { can, withinRank, type Actor } from '../../access/access.ts';
import { parsePrivilegeName } from '../../access/matrix.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { ownershipRepository } from '../../repositories/ownership-repository.ts';
import { errors } from '../../../contracts/common.ts';
import { PrivilegeAnswers, PrivilegeTest, PrivilegeTestAnswer } from '../../../contracts/acl.ts';
import { PrivilegesParams, ResourcePrivilegesParams } from '../../schemas/params.ts';

function parse(list: string) {
  const names = [
    ...new Set(
      list
        .split('|')
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.filter((name) => !parsePrivilegeName(name));
  if (unknown.length > 0) throw new HttpError(400, `Unknown privilege: ${unknown.join(', ')}`);
  return names.flatMap((name) => {
    const privilege = parsePrivilegeName(name);
    return privilege ? [{ name, ...privilege }] : [];
  });
}

type Parsed = ReturnType<typeof parse>;

/** The resource an answer is about: its organisation, and its group when it is a user. */
interface Target {
  uuid: string;
  org: string | null;
  userGroup?: number;
}

/** Changing another user with more rights than one's own is refused, as the user routes do. */
const reachesUp = (actor: Actor, p: Parsed[number], target?: Target) =>
  p.resource === 'user' &&
  p.privilege !== 'list' &&
  target?.userGroup !== undefined &&
  target.uuid !== actor.userUuid &&
  !withinRank(actor, target.userGroup);

const answer = (actor: Actor, wanted: Parsed, target?: Target) =>
  Object.fromEntries(
    wanted.map((p) => [
      p.name,
      target?.org === null || reachesUp(actor, p, target)
        ? false
        : can(actor, p.resource, p.privilege, target?.org ?? undefined),
    ]),
  );

async function targetsOf(owners: ReturnType<typeof ownershipRepository>, uuids: string[]) {
  const [orgs, userGroups] = await Promise.all([
    owners.ownersOf(uuids),
    owners.userGroupsOf(uuids),
  ]);
  return new Map(
    uuids.map((uuid): [string, Target] => [
      uuid,
      { uuid, org: orgs.get(uuid) ?? null, userGroup: userGroups.get(uuid) },
    ]),
  );
}

/** Asks the privilege matrix and the caller's scope what the caller may do, so the console offers only that. */
const acl: FastifyPluginAsyncTypebox = async (fastify) => {
  const owners = ownershipRepository(fastify.db);

  fastify.post(
    '/acl/test/:privileges',
    {
      schema: {
        tags: ['access'],
        summary: 'Test privileges, globally and on each listed resource',
        description:
          'Without resources, `privileges` says what the caller may do in their own organisations. For each resource (any entity uuid) the answer also takes its organisation into account.',
        security: [{ bearer: [] }],
        params: PrivilegesParams,
        body: PrivilegeTest,
        response: { 200: PrivilegeTestAnswer, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const wanted = parse(request.params.privileges);
      const resources = [...new Set(request.body.resources ?? [])];
      const targets = await targetsOf(owners, resources);
      return {
        privileges: answer(actor, wanted),
        resources: Object.fromEntries(
          resources.map((uuid) => [uuid, answer(actor, wanted, targets.get(uuid))]),
        ),
      };
    },
  );

  fastify.get(
    '/acl/test/:resource/:privileges',
    {
      schema: {
        tags: ['access'],
        summary: 'Test privileges on one resource',
        security: [{ bearer: [] }],
        params: ResourcePrivilegesParams,
        response: { 200: PrivilegeAnswers, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const wanted = parse(request.params.privileges);
      const targets = await targetsOf(owners, [request.params.resource]);
      return answer(actor, wanted, targets.get(request.params.resource));
    },
  );
};

export default acl;
