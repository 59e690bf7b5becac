import type { ListQuery as ListQueryContract } from '../../contracts/list.ts';
import { effectivePageSize, type ListState } from '../lib/list-search.ts';

/**
 * What a list asks the server for: page, size, sort, search and filters. List
 * query keys hold this and never UI state (view, "auto", cards per page), so
 * two screens showing the same rows share one cache entry and one refresh.
 */
export type ListQuery<
  F extends Record<string, string | number | boolean | undefined> = ListFilters,
> = Omit<ListQueryContract, 'orgUuid'> & { filters?: F | undefined };

export type ListFilters = Record<string, string | number | boolean | undefined>;

/** The list query a list's URL state asks for; the page size is the one it shows now. */
export function toListQuery(state: ListState, windowHeight?: number): ListQuery {
  const query: ListQuery = { page: state.page, pageSize: effectivePageSize(state, windowHeight) };
  if (state.sort) query.sort = state.sort;
  if (state.search) query.search = state.search;
  if (state.filters && Object.keys(state.filters).length > 0) query.filters = { ...state.filters };
  return query;
}

/** The query string of a list request; empty filter values stay out. */
export function listSearchParams(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  if (query.sort) params.set('sort', query.sort);
  if (query.search) params.set('search', query.search);
  for (const [key, value] of Object.entries(query.filters ?? {}))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}
