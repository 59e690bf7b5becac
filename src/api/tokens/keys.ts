import type { ListQuery } from '../list-query.ts';

/** Tokens are listed by organisation: those of one the caller oversees. */
export type TokenFilters = { orgUuid: string };

export const tokenKeys = {
  all: ['tokens'] as const,
  lists: () => [...tokenKeys.all, 'list'] as const,
  list: (query: ListQuery<TokenFilters>) => [...tokenKeys.lists(), query] as const,
};
