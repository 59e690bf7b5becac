import type { SignedInUser } from '../../contracts/session.ts';
import type { GroupId, User } from '../../contracts/user.ts';

/**
 * A user as the server answers one, for tests: every field filled, nothing
 * but the name and group set; `changes` sets what a test is about.
 */
export function testUser(uuid: string, group: GroupId, changes: Partial<User> = {}): User {
  return {
    uuid,
    email: `${uuid}@nordlys.test`,
    username: uuid,
    firstName: uuid,
    lastName: 'Test',
    org: { uuid: 'org', name: 'Org' },
    group: { id: group, name: String(group) },
    role: String(group),
    privileges: [],
    phone: null,
    mobile: null,
    language: 'en',
    bio: null,
    birthday: null,
    position: null,
    location: null,
    tags: [],
    newsletter: false,
    social: {},
    img: null,
    recoveryEmail: null,
    active: true,
    confirmed: false,
    loginSuspended: false,
    loginSuspendedUntil: null,
    created: '2025-01-01T00:00:00Z',
    modified: '2025-01-01T00:00:00Z',
    lastSignIn: null,
    ...changes,
  };
}

/** The signed-in user of a test, with the privileges it is given. */
export function testSignedIn(
  uuid: string,
  group: GroupId,
  privileges: string[],
  changes: Partial<User> = {},
): SignedInUser {
  return { ...testUser(uuid, group, changes), privileges, internal: {} };
}
