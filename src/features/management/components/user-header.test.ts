import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../contracts/session.ts';
import type { GroupId, User } from '../../../../contracts/user.ts';
import { userRights } from './user-header.tsx';

const managerPrivileges = ['user.list', 'user.create', 'user.modify', 'user.delete'];

function me(group: GroupId, privileges: string[]): SignedInUser {
  return { ...user('me', group), privileges, internal: {} };
}

function user(uuid: string, group: GroupId): User {
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
    loginSuspended: true,
    loginSuspendedUntil: null,
    created: '2025-01-01T00:00:00Z',
    modified: '2025-01-01T00:00:00Z',
    lastSignIn: null,
  };
}

const nothing = { self: false, edit: false, manage: false, remove: false };
const everything = { self: false, edit: true, manage: true, remove: true };

describe('userRights', () => {
  it('offers an account manager nothing to change on a super user', () => {
    expect(userRights(me(2, managerPrivileges), user('boss', 1))).toEqual(nothing);
  });

  it('offers an account manager every action on managers and users', () => {
    expect(userRights(me(2, managerPrivileges), user('peer', 2))).toEqual(everything);
    expect(userRights(me(2, managerPrivileges), user('plain', 3))).toEqual(everything);
  });

  it('offers a super user every action on anyone else', () => {
    expect(userRights(me(1, managerPrivileges), user('other', 1))).toEqual(everything);
    expect(userRights(me(1, managerPrivileges), user('manager', 2))).toEqual(everything);
  });

  it('lets anyone edit their own profile but not manage or delete it', () => {
    expect(userRights(me(3, ['user.list']), user('me', 3))).toEqual({
      self: true,
      edit: true,
      manage: false,
      remove: false,
    });
  });

  it('offers a user nothing on others, whatever their group', () => {
    expect(userRights(me(3, ['user.list']), user('peer', 3))).toEqual(nothing);
  });
});
