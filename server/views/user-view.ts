import { groupNames, isGroupId, privilegesOf } from '../access/matrix.ts';
import type { UserWithOrg } from '../repositories/user-repository.ts';
import type { User } from '../../contracts/user.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Until when the user's sign-in is held back, as `loginSuspendedUntil` shows
 * it: the account's suspension for unknown sources, or a source its failures
 * closed (whoever failed there), whichever lasts longer; null when neither.
 */
export function suspendedUntil(row: {
  login_suspended_until: Date | null;
  pairs_closed_until: Date | null;
}): Date | null {
  const now = Date.now();
  const ends = [row.login_suspended_until, row.pairs_closed_until].filter(
    (end): end is Date => end !== null && end.getTime() > now,
  );
  return ends.length === 0 ? null : new Date(Math.max(...ends.map((end) => end.getTime())));
}

/** Whether the user's sign-in is held back now, as `loginSuspended` shows it. */
export const isSuspended = (row: Parameters<typeof suspendedUntil>[0]): boolean =>
  suspendedUntil(row) !== null;

/** A user as the API shows it; `own` adds the private store (settings, favourites, dashboards). */
export function userView(row: UserWithOrg, own: boolean): User {
  const group = isGroupId(row.group_id) ? row.group_id : 3;
  const until = suspendedUntil(row);
  return {
    uuid: row.uuid,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    org: { uuid: row.org_uuid, name: row.org_name },
    group: { id: group, name: groupNames[group] },
    role: groupNames[group],
    privileges: privilegesOf(group),
    phone: row.phone,
    mobile: row.mobile,
    language: row.language,
    bio: row.bio,
    birthday: row.birthday,
    position: row.position,
    location: row.location,
    tags: row.tags,
    newsletter: row.newsletter,
    social: row.social,
    img: row.img,
    recoveryEmail: row.recovery_email,
    active: row.active,
    confirmed: row.confirmed_at !== null,
    loginSuspended: until !== null,
    loginSuspendedUntil: iso(until),
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
    lastSignIn: iso(row.last_sign_in_at),
    ...(own ? { internal: row.internal } : {}),
  };
}
