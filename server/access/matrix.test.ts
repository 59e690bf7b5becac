import { describe, expect, it } from 'vitest';
import {
  groupAllows,
  groups,
  parsePrivilegeName,
  privilegesOf,
  resourcePrivileges,
  resources,
} from './matrix.ts';

describe('privilege matrix', () => {
  it('gives super users and account managers every privilege a resource has', () => {
    for (const group of [groups.superuser, groups.accountmanager]) {
      for (const resource of resources) {
        for (const privilege of resourcePrivileges[resource]) {
          expect(groupAllows(group, resource, privilege)).toBe(true);
        }
      }
    }
  });

  it('lets users read everything, modify devices, and nothing more', () => {
    expect(privilegesOf(groups.user).sort()).toEqual(
      [
        'cloudfunction.list',
        'collection.list',
        'device.list',
        'device.modify',
        'deviceType.list',
        'org.list',
        'project.list',
        'registry.list',
        'user.list',
      ].sort(),
    );
  });

  it('has no changeparent for organisations and devices (spec §6)', () => {
    expect(resourcePrivileges.org).not.toContain('changeparent');
    expect(resourcePrivileges.device).not.toContain('changeparent');
    expect(groupAllows(groups.superuser, 'org', 'changeparent')).toBe(false);
  });

  it('parses privilege names and refuses unknown ones', () => {
    expect(parsePrivilegeName('device.modify')).toEqual({
      resource: 'device',
      privilege: 'modify',
    });
    expect(parsePrivilegeName('deviceType.changeparent')).toEqual({
      resource: 'deviceType',
      privilege: 'changeparent',
    });
    expect(parsePrivilegeName('org.changeparent')).toBeNull();
    expect(parsePrivilegeName('device.fly')).toBeNull();
    expect(parsePrivilegeName('device')).toBeNull();
    expect(parsePrivilegeName('device.modify.extra')).toBeNull();
  });
});
