import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PageOf } from '../../../contracts/list.ts';
import { PAGE_SIZE_MAX } from '../../../contracts/list.ts';
import type { Registry } from '../../../contracts/registry.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { listSearchParams, type ListQuery } from '../list-query.ts';
import { registryKeys, type RegistryFilters } from './keys.ts';

export const registryListQuery = (query: ListQuery<RegistryFilters>) =>
  queryOptions({
    queryKey: registryKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<PageOf<Registry>>('core', `/v2/registries?${listSearchParams(query)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const registryQuery = (id: number) =>
  queryOptions({
    queryKey: registryKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Registry>('core', `/v2/registry/${id}`, { signal }),
    enabled: id > 0,
  });

/**
 * Every registry the user can see, by name, for a picker. It is one of the
 * registries' lists, so a registry created, renamed or deleted shows in every
 * picker at once.
 */
export const registryChoicesQuery = () =>
  queryOptions({
    queryKey: registryKeys.choices(),
    queryFn: ({ signal }) =>
      apiRequest<PageOf<Registry>>(
        'core',
        `/v2/registries?${listSearchParams({ page: 1, pageSize: PAGE_SIZE_MAX, sort: 'name' })}`,
        { signal },
      ).then((page) => page.items),
    staleTime: 60_000,
  });
