import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../../contracts/session.ts';
import type { GroupId, User } from '../../../../contracts/user.ts';
import { testSignedIn, testUser } from '../../../lib/test-users.ts';
import { userRights } from './user-header.tsx';

const managerPrivileges = ['user.list', 'user.create', 'user.modify', 'user.delete'];

function me(group: GroupId, privileges: string[]): SignedInUser {
  return testSignedIn('me', group, privileges, { loginSuspended: true });
}

function user(uuid: string, group: GroupId): User {
  return testUser(uuid, group, { loginSuspended: true });
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
