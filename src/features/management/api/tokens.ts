import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ListState } from '../../../lib/list-search.ts';
import { localPage } from './local-page.ts';

export type TokenType = 'general' | 'device' | 'devicetype' | 'registry';

/** An API token as GET /api/tokens/{orgUuid} lists it; the secret itself is never stored. */
export interface ApiToken {
  id: number;
  uuid: string;
  label: string;
  type: TokenType;
  reference: number | null;
  orgUuid: string;
  created: string;
  createdBy: { uuid: string; name: string; email: string } | null;
  calls: number;
  lastCall: string | null;
}

export const tokenKeys = {
  all: ['tokens'] as const,
  lists: () => [...tokenKeys.all, 'list'] as const,
  list: (orgUuid: string) => [...tokenKeys.lists(), orgUuid] as const,
};

export const tokenListQuery = (orgUuid: string) =>
  queryOptions({
    queryKey: tokenKeys.list(orgUuid),
    queryFn: ({ signal }) => apiRequest<ApiToken[]>('api', `/tokens/${orgUuid}`, { signal }),
    // The call counters move while the page is away: always ask again when it opens.
    staleTime: 0,
  });

export const tokenPage = (tokens: readonly ApiToken[], state: ListState) =>
  localPage(tokens, state, {
    searchText: (row) => [
      row.label,
      row.type,
      row.createdBy?.name ?? '',
      row.createdBy?.email ?? '',
    ],
    sortBy: {
      label: (row) => row.label,
      type: (row) => row.type,
      created: (row) => row.created,
      createdBy: (row) => row.createdBy?.name || row.createdBy?.email,
      calls: (row) => row.calls,
      lastCall: (row) => row.lastCall,
    },
    filterBy: { type: (row) => row.type },
  });

export const generateToken = (body: { label: string; type: TokenType; reference?: number }) =>
  apiRequest<ApiToken & { token: string }>('api', '/generateToken', { method: 'POST', body });

/** One call per token, as the spec has it. */
export const deleteToken = (id: number) =>
  apiRequest<{ ok: boolean }>('api', `/deletetoken/${id}`, { method: 'POST', body: {} });
