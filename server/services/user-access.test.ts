import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/access.ts';
import type { GroupId } from '../access/matrix.ts';
import { HttpError } from '../lib/http-error.ts';
import { accessChange, changeableOrg, endsAccess, type UserAccess } from './user-access.ts';

const ALPHA = 'alpha';
const BETA = 'beta';

const manager: Actor = {
  userUuid: 'manager',
  orgUuid: ALPHA,
  group: 2,
  via: 'session',
  scope: { all: false, orgs: new Set([ALPHA]) },
};

const user = (changes: Partial<UserAccess> = {}): UserAccess => ({
  uuid: 'someone',
  orgUuid: ALPHA,
  groupId: 3,
  active: true,
  suspended: false,
  ...changes,
});

/** The status and message a rule refuses with. */
function refusal(rule: () => unknown): [number, string] | undefined {
  try {
    rule();
  } catch (error) {
    if (error instanceof HttpError) return [error.statusCode, error.message];
    throw error;
  }
  return undefined;
}

describe('changeableOrg', () => {
  it('refuses a user with more rights in scope, and gives one outside it as missing', () => {
    const target = (groupId: GroupId, orgUuid: string) => ({ groupId, orgUuid });
    expect(changeableOrg(manager, target(3, ALPHA))).toBe(ALPHA);
    expect(changeableOrg(manager, target(2, ALPHA))).toBe(ALPHA);
    expect(refusal(() => changeableOrg(manager, target(1, ALPHA)))?.[0]).toBe(403);
    expect(changeableOrg(manager, target(1, BETA))).toBe(BETA);
    expect(changeableOrg(manager, undefined)).toBeNull();
  });
});

describe('accessChange', () => {
  it('counts only values that differ from the stored user, so a record read can be sent back', () => {
    const current = user();
    const change = accessChange(manager, current, {
      groupId: 3,
      orgUuid: ALPHA,
      active: true,
      firstName: 'Changed',
    });
    expect(change).toEqual({ group: false, org: false, active: false, lift: false });
    expect(endsAccess(change, { active: true })).toBe(false);
  });

  it('ends access when a user is deactivated, moved or given another group', () => {
    const deactivated = accessChange(manager, user(), { active: false });
    expect(endsAccess(deactivated, { active: false })).toBe(true);
    const demoted = accessChange(manager, user({ groupId: 2 }), { groupId: 3 });
    expect(endsAccess(demoted, { groupId: 3 })).toBe(true);
  });

  it('refuses changing one’s own access, and giving more rights than one’s own', () => {
    const own = user({ uuid: manager.userUuid, groupId: 2 });
    expect(refusal(() => accessChange(manager, own, { active: false }))).toEqual([
      403,
      'You cannot change your own group, organisation or access',
    ]);
    expect(refusal(() => accessChange(manager, user(), { groupId: 1 }))).toEqual([
      403,
      'You cannot give a user more rights than your own',
    ]);
  });

  it('lifts a suspension with false, takes true only back from a suspended user', () => {
    expect(accessChange(manager, user({ suspended: true }), { loginSuspended: false }).lift).toBe(
      true,
    );
    expect(accessChange(manager, user({ suspended: true }), { loginSuspended: true }).lift).toBe(
      false,
    );
    expect(refusal(() => accessChange(manager, user(), { loginSuspended: true }))?.[0]).toBe(400);
    const own = user({ uuid: manager.userUuid, groupId: 2 });
    expect(accessChange(manager, own, { loginSuspended: false }).lift).toBe(false);
  });
});
