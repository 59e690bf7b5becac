import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client.ts';
import { CACHE_STORAGE_KEY, forgetCache } from './query-client.ts';
import { endSession } from './session-end.ts';

/** The signed-in user as GET /api/auth/user gives it. */
export interface CurrentUser {
  uuid: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  img: string | null;
  language: 'da' | 'en';
  org: { uuid: string; name: string };
  group: { id: 1 | 2 | 3; name: string };
  role: string;
  privileges: string[];
  internal: { settings?: unknown; favourites?: unknown[]; dashboards?: unknown[] };
}

export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};

/**
 * Who is signed in, as the server sees it: the session is an HttpOnly cookie
 * that no script here can read, so only the server can tell. Null: no session.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('auth', '/auth/user', signal ? { signal } : {});
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

export async function signInWithPassword(username: string, password: string) {
  return apiRequest<{ token: string; expires: string }>('auth', '/auth/basic', {
    method: 'POST',
    body: { username, password },
  });
}

/**
 * The server has just set a new session's cookie: nothing of an earlier user
 * shows (an empty kept cache), and what the earlier session held lets go.
 */
export function startSession(): void {
  localStorage.removeItem(CACHE_STORAGE_KEY);
  endSession();
}

/** Ends the session on the server, which clears its cookie (errors are ignored). */
export async function dropSession(): Promise<void> {
  await apiRequest('auth', '/auth/logout', { method: 'POST' }).catch(() => undefined);
}

export async function signOut(queryClient: QueryClient): Promise<void> {
  await dropSession();
  endSession();
  forgetCache(queryClient);
}

export function hasPrivilege(user: CurrentUser | null | undefined, name: string): boolean {
  return user?.privileges.includes(name) ?? false;
}
