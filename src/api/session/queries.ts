import { queryOptions } from '@tanstack/react-query';
import type { SignedInUser } from '../../../contracts/session.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/**
 * Who is signed in, as the server sees it: the session is an HttpOnly cookie
 * that no script here can read, so only the server can tell. Null: no session.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<SignedInUser | null> {
  try {
    return await apiRequest<SignedInUser>('auth', '/auth/user', signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The current user, or null when there is no session. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 60_000,
  });
