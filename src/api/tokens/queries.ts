import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiToken } from '../../../contracts/token.ts';
import { apiRequest } from '../../lib/api-client.ts';
import type { ListQuery } from '../list-query.ts';
import { tokenKeys, type TokenFilters } from './keys.ts';

/**
 * The API tokens of an organisation that the caller oversees (their own; a
 * manager's, all of them). The server answers the whole list; a page of it is
 * cut out where it is shown.
 */
export const tokenListQuery = (query: ListQuery<TokenFilters> & { filters: TokenFilters }) =>
  queryOptions({
    queryKey: tokenKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<ApiToken[]>('api', `/tokens/${query.filters.orgUuid}`, { signal }),
    // The call counters move while the page is away: always ask again when it opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
