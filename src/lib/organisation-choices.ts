import type { Organisation } from '../../contracts/organisation.ts';

/** An organisation as a form's organisation picker needs it. */
export type OrganisationChoice = Pick<Organisation, 'uuid' | 'name' | 'parent'>;

/** The organisations as a tree read top down, each with its depth (for an indented picker). */
export function organisationTree(
  orgs: readonly OrganisationChoice[],
): { org: OrganisationChoice; depth: number }[] {
  const known = new Set(orgs.map((org) => org.uuid));
  const children = new Map<string | null, OrganisationChoice[]>();
  for (const org of orgs) {
    // A parent the user cannot see makes the organisation a root of their tree.
    const parent = org.parent && known.has(org.parent.uuid) ? org.parent.uuid : null;
    children.set(parent, [...(children.get(parent) ?? []), org]);
  }
  const out: { org: OrganisationChoice; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    const level = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const org of level) {
      out.push({ org, depth });
      walk(org.uuid, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** An organisation and those above it, as far as the user can see them. */
export function organisationLineage(orgs: readonly OrganisationChoice[], uuid: string): string[] {
  const byUuid = new Map(orgs.map((org) => [org.uuid, org]));
  const out: string[] = [];
  let current: string | undefined = uuid;
  while (current !== undefined && !out.includes(current)) {
    out.push(current);
    current = byUuid.get(current)?.parent?.uuid;
  }
  return out;
}

/** Picker options: the tree top down, sub-organisations indented under their parent. */
export function organisationOptions(
  orgs: readonly OrganisationChoice[],
): { value: string; label: string }[] {
  return organisationTree(orgs).map(({ org, depth }) => ({
    value: org.uuid,
    label: `${'\u00a0\u00a0\u00a0'.repeat(depth)}${org.name}`,
  }));
}

/** An entity a picker offers (a registry, a device type): its id and name, and whose it is. */
export interface OwnedChoice {
  id: number;
  name: string;
  org: { uuid: string; name: string };
}

/**
 * What an entity of organisation `orgUuid` may link to: the choices of that
 * organisation and of those above it (the server's rule, services/device-links.ts).
 */
export function choicesOf<T extends OwnedChoice>(
  choices: readonly T[],
  orgs: readonly OrganisationChoice[],
  orgUuid: string,
): T[] {
  const lineage = new Set(organisationLineage(orgs, orgUuid));
  return choices.filter((choice) => lineage.has(choice.org.uuid));
}

/** Picker options named by name, with the organisation's where another choice has the same name. */
export function ownedOptions(choices: readonly OwnedChoice[]): { value: number; label: string }[] {
  const count = new Map<string, number>();
  for (const { name } of choices) count.set(name, (count.get(name) ?? 0) + 1);
  return choices.map(({ id, name, org }) => ({
    value: id,
    label: (count.get(name) ?? 0) > 1 ? `${name} (${org.name})` : name,
  }));
}
