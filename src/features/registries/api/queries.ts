import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listQueryString, type Page } from '../../../lib/list-search.ts';
import type { ListState } from '../../../ui/list/data-list.tsx';

export interface Registry {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  protocol: 'http' | 'mqtt' | 'none';
  region: string;
  org: { uuid: string; name: string };
  created: string;
  modified: string;
  deviceCount: number;
}

export const registryKeys = {
  all: ['registries'] as const,
  lists: () => [...registryKeys.all, 'list'] as const,
  list: (state: ListState) => [...registryKeys.lists(), state] as const,
  detail: (id: number) => [...registryKeys.all, 'detail', id] as const,
};

export const registryListQuery = (state: ListState) =>
  queryOptions({
    queryKey: registryKeys.list(state),
    queryFn: ({ signal }) =>
      apiRequest<Page<Registry>>('core', `/v2/registries?${listQueryString(state)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const deleteRegistry = (id: number) =>
  apiRequest<unknown>('core', `/v2/registry/${id}`, { method: 'DELETE' });
