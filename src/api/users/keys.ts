import type { ListQuery } from '../list-query.ts';

/** What a user list can be narrowed to: the users of one organisation. */
export type UserFilters = { orgUuid?: string | undefined };

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: ListQuery<UserFilters>) => [...userKeys.lists(), query] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (uuid: string) => [...userKeys.details(), uuid] as const,
};
