/**
 * The privilege matrix: what each group may do with each kind of resource.
 * This module is the one place it lives; docs/access.md explains it, the ACL
 * routes answer from it, and every route is checked against it.
 */
export const groups = {
  superuser: 1,
  accountmanager: 2,
  user: 3,
} as const;
export type GroupName = keyof typeof groups;
export type GroupId = (typeof groups)[GroupName];

export const groupNames: Record<GroupId, GroupName> = {
  1: 'superuser',
  2: 'accountmanager',
  3: 'user',
};

export function isGroupId(value: number): value is GroupId {
  return value in groupNames;
}

export const resources = [
  'user',
  'org',
  'deviceType',
  'registry',
  'device',
  'cloudfunction',
  'project',
  'collection',
] as const;
export type Resource = (typeof resources)[number];

export const privileges = ['create', 'list', 'modify', 'delete', 'changeparent'] as const;
export type Privilege = (typeof privileges)[number];

/** Which privileges each resource has at all (spec §6: org has no changeparent, device neither). */
export const resourcePrivileges: Record<Resource, readonly Privilege[]> = {
  user: ['create', 'list', 'modify', 'delete', 'changeparent'],
  org: ['create', 'list', 'modify', 'delete'],
  deviceType: ['create', 'list', 'modify', 'delete', 'changeparent'],
  registry: ['create', 'list', 'modify', 'delete', 'changeparent'],
  device: ['create', 'list', 'modify', 'delete'],
  cloudfunction: ['create', 'list', 'modify', 'delete', 'changeparent'],
  project: ['create', 'list', 'modify', 'delete', 'changeparent'],
  collection: ['create', 'list', 'modify', 'delete', 'changeparent'],
};

const all = (resource: Resource) => new Set(resourcePrivileges[resource]);

/**
 * Super users may do everything everywhere. Account managers run their
 * organisation and its sub-organisations, including their users. Users work
 * in their own organisation: they see everything there and operate devices
 * (edit a device's details, location, metadata), but do not create or remove
 * things, and change only their own profile (see ownRecord in access.ts).
 */
export const matrix: Record<GroupId, Record<Resource, ReadonlySet<Privilege>>> = {
  1: {
    user: all('user'),
    org: all('org'),
    deviceType: all('deviceType'),
    registry: all('registry'),
    device: all('device'),
    cloudfunction: all('cloudfunction'),
    project: all('project'),
    collection: all('collection'),
  },
  2: {
    user: all('user'),
    org: all('org'),
    deviceType: all('deviceType'),
    registry: all('registry'),
    device: all('device'),
    cloudfunction: all('cloudfunction'),
    project: all('project'),
    collection: all('collection'),
  },
  3: {
    user: new Set(['list']),
    org: new Set(['list']),
    deviceType: new Set(['list']),
    registry: new Set(['list']),
    device: new Set(['list', 'modify']),
    cloudfunction: new Set(['list']),
    project: new Set(['list']),
    collection: new Set(['list']),
  },
};

export function groupAllows(group: GroupId, resource: Resource, privilege: Privilege): boolean {
  return matrix[group][resource].has(privilege);
}

/** 'device.modify' style names, as the ACL routes take and give them. */
export type PrivilegeName = `${Resource}.${Privilege}`;

export function parsePrivilegeName(
  name: string,
): { resource: Resource; privilege: Privilege } | null {
  const [resource, privilege, extra] = name.split('.');
  if (extra !== undefined) return null;
  if (!(resources as readonly string[]).includes(resource ?? '')) return null;
  if (!(privileges as readonly string[]).includes(privilege ?? '')) return null;
  const r = resource as Resource;
  const p = privilege as Privilege;
  return resourcePrivileges[r].includes(p) ? { resource: r, privilege: p } : null;
}

/** Every privilege a group holds, as names: the `privileges` of a signed-in user. */
export function privilegesOf(group: GroupId): PrivilegeName[] {
  return resources.flatMap((resource) =>
    [...matrix[group][resource]].map((privilege) => `${resource}.${privilege}` as PrivilegeName),
  );
}
