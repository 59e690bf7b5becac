import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CloudFunction, CloudFunctionSummary } from '../../../contracts/cloud-function.ts';
import type { PageOf } from '../../../contracts/list.ts';
import { PAGE_SIZE_MAX } from '../../../contracts/list.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { listSearchParams, type ListQuery } from '../list-query.ts';
import { functionKeys, type FunctionFilters } from './keys.ts';

export const functionListQuery = (query: ListQuery<FunctionFilters>) =>
  queryOptions({
    queryKey: functionKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<PageOf<CloudFunctionSummary>>(
        'functions',
        `/v2/cloudfunctions?${listSearchParams(query)}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const functionQuery = (id: number) =>
  queryOptions({
    queryKey: functionKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest<CloudFunction>('functions', `/v2/cloudfunction/${id}`, { signal }),
    enabled: id > 0,
  });

/**
 * Every function the user can see (of a type, e.g. the decoders), by name, for
 * a picker. It is one of the functions' lists, so a function created, renamed
 * or deleted shows in every picker at once.
 */
export const functionChoicesQuery = (filters: FunctionFilters = {}) =>
  queryOptions({
    queryKey: functionKeys.choices(filters),
    queryFn: ({ signal }) =>
      apiRequest<PageOf<CloudFunctionSummary>>(
        'functions',
        `/v2/cloudfunctions?${listSearchParams({ page: 1, pageSize: PAGE_SIZE_MAX, sort: 'name', filters })}`,
        { signal },
      ).then((page) => page.items),
    staleTime: 60_000,
  });
