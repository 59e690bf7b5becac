import { sql, type Kysely } from 'kysely';
import type { DB, ApiTokenType } from '../db/types.ts';
import { groupAllows, groups, type GroupId, type Privilege, type Resource } from './matrix.ts';

/** The organisations an actor may see and act in: everything, or a set. */
export type OrgScope = { all: true } | { all: false; orgs: ReadonlySet<string> };

/** Who is calling: a signed-in user, or an API token acting for the user who made it. */
export interface Actor {
  userUuid: string;
  orgUuid: string;
  group: GroupId;
  via: 'session' | 'token';
  sessionHash?: string;
  /** The session's new end, when this use extended it (the cookie is extended too). */
  sessionRenewedUntil?: Date;
  token?: { id: number; type: ApiTokenType; reference: number | null };
  scope: OrgScope;
}

export function inScope(actor: Actor, orgUuid: string): boolean {
  return actor.scope.all || actor.scope.orgs.has(orgUuid);
}

/** Organisation uuids in scope, or null for "all" (super users): for WHERE org_uuid IN (...). */
export function scopeList(actor: Actor): string[] | null {
  return actor.scope.all ? null : [...actor.scope.orgs];
}

/**
 * The matrix and organisation scope together. `targetOrg` is the organisation
 * of the entity acted on (or created in); without it only the matrix decides.
 * A scoped API token (device, device type, registry) reaches only its own
 * entity's data routes, which check it themselves; here it may do nothing.
 */
export function can(
  actor: Actor,
  resource: Resource,
  privilege: Privilege,
  targetOrg?: string,
): boolean {
  if (actor.token && actor.token.type !== 'general') return false;
  if (!groupAllows(actor.group, resource, privilege)) return false;
  return targetOrg === undefined || inScope(actor, targetOrg);
}

/**
 * Whether the actor may give a user this group, or change a user who has it:
 * only a group no more powerful than their own (lower ids hold more rights).
 * Without this an account manager could reset the password of, demote or
 * delete a super user placed in their organisation tree, and so take over
 * the platform; the organisation scope alone does not stop that.
 */
export function withinRank(actor: Actor, group: number): boolean {
  return group >= actor.group;
}

/** The organisations a group works in: super users all, account managers a subtree, users their own. */
export async function resolveScope(
  db: Kysely<DB>,
  group: GroupId,
  orgUuid: string,
): Promise<OrgScope> {
  if (group === groups.superuser) return { all: true };
  if (group === groups.user) return { all: false, orgs: new Set([orgUuid]) };
  return { all: false, orgs: new Set(await subtree(db, orgUuid)) };
}

/** An organisation and all its descendants. */
export async function subtree(db: Kysely<DB>, orgUuid: string): Promise<string[]> {
  const result = await sql<{ uuid: string }>`
    with recursive tree(uuid) as (
      select uuid from organisations where uuid = ${orgUuid}
      union all
      select o.uuid from organisations o join tree t on o.parent_uuid = t.uuid
    )
    select uuid from tree`.execute(db);
  return result.rows.map((r) => r.uuid);
}

/** What decides who may read a device's data. */
export interface DataOwner {
  id: number;
  orgUuid: string;
  registryId: number | null;
  deviceTypeId: number | null;
}

/**
 * Whether the actor may read a device's data (history, live feed): people and
 * general tokens by `device.list` in the device's organisation; a device,
 * device type or registry token only for its own entity's devices.
 */
export function mayReadDeviceData(actor: Actor, device: DataOwner): boolean {
  if (!inScope(actor, device.orgUuid)) return false;
  const token = actor.token;
  if (!token || token.type === 'general') return groupAllows(actor.group, 'device', 'list');
  if (token.type === 'device') return token.reference === device.id;
  if (token.type === 'devicetype') return token.reference === device.deviceTypeId;
  return token.reference === device.registryId;
}
