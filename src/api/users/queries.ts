import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { User } from '../../../contracts/user.ts';
import { apiRequest } from '../../lib/api-client.ts';
import type { ListQuery } from '../list-query.ts';
import { userKeys, type UserFilters } from './keys.ts';

/**
 * The users the caller can see, or those of one organisation. The server
 * answers the whole list, so the key holds only what narrows it; a page of it
 * is cut out where it is shown.
 */
export const userListQuery = (query: ListQuery<UserFilters> = {}) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => {
      const org = query.filters?.orgUuid;
      return apiRequest<User[]>('core', org ? `/entity/users/${org}` : '/entity/users', {
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });

export const userQuery = (uuid: string) =>
  queryOptions({
    queryKey: userKeys.detail(uuid),
    queryFn: ({ signal }) => apiRequest<User>('core', `/entity/user/${uuid}`, { signal }),
  });
