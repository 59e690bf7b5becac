import type { ListQuery } from '../list-query.ts';

/** What an organisation list can be narrowed to: the sub-organisations of one. */
export type OrganisationFilters = { parentUuid?: string | undefined };

export const organisationKeys = {
  all: ['organisations'] as const,
  lists: () => [...organisationKeys.all, 'list'] as const,
  list: (query: ListQuery<OrganisationFilters>) => [...organisationKeys.lists(), query] as const,
  /** A picker's choices are a list of the family, so every write to an organisation refreshes them. */
  choices: () => [...organisationKeys.lists(), { choices: true }] as const,
  details: () => [...organisationKeys.all, 'detail'] as const,
  detail: (uuid: string) => [...organisationKeys.details(), uuid] as const,
  totalDevices: (uuid: string) => [...organisationKeys.detail(uuid), 'total-devices'] as const,
  metadata: (uuid: string) => [...organisationKeys.detail(uuid), 'metadata'] as const,
};
