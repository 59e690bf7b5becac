import { can, inScope, withinRank, type Actor } from '../access/access.ts';
import { HttpError } from '../lib/http-error.ts';
import type { UserUpdate } from '../../contracts/user.ts';

/**
 * The organisation of a user the caller means to change, for the route's
 * guard. A user with more rights than the caller may be seen but not changed
 * (docs/access.md), while one outside the caller's organisations still reads
 * as missing (null: the guard answers 404).
 */
export function changeableOrg(
  actor: Actor,
  target: { orgUuid: string; groupId: number } | undefined,
): string | null {
  if (!target) return null;
  if (inScope(actor, target.orgUuid) && !withinRank(actor, target.groupId)) {
    throw new HttpError(403, 'You may not change a user with more rights than your own');
  }
  return target.orgUuid;
}

/** No one gives a user more rights than their own. */
export function requireGrantable(actor: Actor, group: number): void {
  if (!withinRank(actor, group)) {
    throw new HttpError(403, 'You cannot give a user more rights than your own');
  }
}

/** What an update changes of a user's access; each ends or opens sign-ins. */
export interface AccessChange {
  group: boolean;
  org: boolean;
  active: boolean;
  /** A sign-in suspension lifted: the account and its closed sources open. */
  lift: boolean;
}

/** The stored user an update applies to, as far as access goes. */
export interface UserAccess {
  uuid: string;
  orgUuid: string;
  groupId: number;
  active: boolean;
  suspended: boolean;
}

/**
 * The access an update changes, refused unless the caller may change it. A
 * client may send back the user it read, so only a value that differs from
 * the stored one counts; a user never changes their own access.
 */
export function accessChange(actor: Actor, current: UserAccess, body: UserUpdate): AccessChange {
  const own = current.uuid === actor.userUuid;
  if (body.loginSuspended === true && !current.suspended) {
    throw new HttpError(
      400,
      'body.loginSuspended can only be lifted (false): suspension follows failed sign-ins',
    );
  }
  const change: AccessChange = {
    group: body.groupId !== undefined && body.groupId !== current.groupId,
    org: body.orgUuid !== undefined && body.orgUuid !== current.orgUuid,
    active: body.active !== undefined && body.active !== current.active,
    // false lifts a suspension and opens closed pairs; one's own record, not suspended, reads false.
    lift: body.loginSuspended === false && (current.suspended || !own),
  };
  const administrative = change.group || change.org || change.active || change.lift;
  if (administrative && (own || !can(actor, 'user', 'modify', current.orgUuid))) {
    throw new HttpError(
      403,
      own
        ? 'You cannot change your own group, organisation or access'
        : 'Your group may not modify user access here',
    );
  }
  if (change.group && body.groupId !== undefined) requireGrantable(actor, body.groupId);
  return change;
}

/** Moving a user takes the right to move users in both organisations. */
export function requireMayMove(actor: Actor, from: string, to: string): void {
  if (!can(actor, 'user', 'changeparent', from) || !can(actor, 'user', 'changeparent', to)) {
    throw new HttpError(403, 'Your group may not move users to that organisation');
  }
}

/** Whether an update ends the user's sessions and what they opened. */
export const endsAccess = (change: AccessChange, body: UserUpdate): boolean =>
  (change.active && body.active === false) || change.group || change.org;
