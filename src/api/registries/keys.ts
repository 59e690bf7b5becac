import type { RegistryListQuery } from '../../../contracts/registry.ts';
import type { ListQuery } from '../list-query.ts';

/** The filters the registries list takes (GET /v2/registries). */
export type RegistryFilters = Pick<RegistryListQuery, 'orgUuid' | 'protocol'>;

export const registryKeys = {
  all: ['registries'] as const,
  lists: () => [...registryKeys.all, 'list'] as const,
  list: (query: ListQuery<RegistryFilters>) => [...registryKeys.lists(), query] as const,
  choices: () => [...registryKeys.lists(), { choices: true }] as const,
  details: () => [...registryKeys.all, 'detail'] as const,
  detail: (id: number) => [...registryKeys.details(), id] as const,
};
