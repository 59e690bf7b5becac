import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SearchResult } from '../../../contracts/search.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { searchKeys } from './keys.ts';

/**
 * Suggestions for the header's search box, grouped by kind and only over what
 * the user may see. Empty text asks nothing. Never kept between visits
 * (lib/query-client.ts): they depend on who is signed in.
 */
export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(q),
    queryFn: ({ signal }) =>
      apiRequest<SearchResult>('core', `/v2/search?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q !== '',
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
