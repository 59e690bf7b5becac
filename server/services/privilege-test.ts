import type { FastifyInstance } from 'fastify';
import { can, withinRank, type Actor } from '../access/access.ts';
import { parsePrivilegeName } from '../access/matrix.ts';
import { HttpError } from '../lib/http-error.ts';
import { ownershipRepository } from '../repositories/ownership-repository.ts';
import type { PrivilegeAnswers, PrivilegeTestAnswer } from '../../contracts/acl.ts';

/** Privilege names joined by |, each known to the matrix; an unknown one is a 400 naming it. */
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

/**
 * What the caller may do, asked of the privilege matrix and the caller's
 * scope, so the console offers only that: in the caller's own organisations,
 * and on each resource (any entity uuid) in that resource's organisation.
 */
export function privilegeTest(fastify: FastifyInstance) {
  const owners = ownershipRepository(fastify.db);
  return {
    async test(
      actor: Actor,
      privileges: string,
      resources: string[] = [],
    ): Promise<PrivilegeTestAnswer> {
      const wanted = parse(privileges);
      const uuids = [...new Set(resources)];
      const targets = await targetsOf(owners, uuids);
      return {
        privileges: answer(actor, wanted),
        resources: Object.fromEntries(
          uuids.map((uuid) => [uuid, answer(actor, wanted, targets.get(uuid))]),
        ),
      };
    },

    async testOne(actor: Actor, privileges: string, resource: string): Promise<PrivilegeAnswers> {
      const wanted = parse(privileges);
      const targets = await targetsOf(owners, [resource]);
      return answer(actor, wanted, targets.get(resource));
    },
  };
}
