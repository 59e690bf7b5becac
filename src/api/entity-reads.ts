import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { PAGE_SIZE_MAX, type PageOf } from '../../contracts/list.ts';
import { apiRequest, type Service } from '../lib/api-client.ts';
import { listSearchParams, type ListFilters, type ListQuery } from './list-query.ts';

/** The part of a resource's key family its reads are kept under. */
export interface EntityReadKeys<Filters extends ListFilters> {
  list: (query: ListQuery<Filters>) => QueryKey;
  choices: (filters: Filters) => QueryKey;
  detail: (id: number) => QueryKey;
}

/**
 * The reads of a resource whose list is at `paths.list` and each entity at
 * `paths.entity/<id>`: a page of the list, one entity, and every entity by
 * name for a picker. A picker's choices are one of the resource's lists, so an
 * entity created, renamed or deleted shows in every picker at once.
 */
export function entityReads<Entity, Filters extends ListFilters, Listed = Entity>(
  keys: EntityReadKeys<Filters>,
  service: Service,
  paths: { list: string; entity: string },
) {
  const page = (query: ListQuery<Filters>, signal: AbortSignal) =>
    apiRequest<PageOf<Listed>>(service, `${paths.list}?${listSearchParams(query)}`, { signal });
  return {
    list: (query: ListQuery<Filters>) =>
      queryOptions({
        queryKey: keys.list(query),
        queryFn: ({ signal }) => page(query, signal),
        placeholderData: keepPreviousData,
      }),
    entity: (id: number) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => apiRequest<Entity>(service, `${paths.entity}/${id}`, { signal }),
        enabled: id > 0,
      }),
    choices: (filters: Filters) =>
      queryOptions({
        queryKey: keys.choices(filters),
        queryFn: ({ signal }) =>
          page({ page: 1, pageSize: PAGE_SIZE_MAX, sort: 'name', filters }, signal).then(
            (answer) => answer.items,
          ),
        staleTime: 60_000,
      }),
  };
}
