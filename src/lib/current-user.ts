import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { CACHE_STORAGE_KEY, forgetCache } from './query-client.ts';
import { readSession, removeSession, saveSession } from './session.ts';
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

/** The current user, or null when there is no session (no request is made then). */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) =>
      readSession()
        ? apiRequest<CurrentUser>('auth', '/auth/user', { signal })
        : Promise.resolve(null),
    staleTime: 60_000,
  });

export async function signInWithPassword(username: string, password: string) {
  return apiRequest<{ token: string; expires: string }>('auth', '/auth/basic', {
    method: 'POST',
    body: { username, password },
  });
}

export function storeSession(session: { token: string; expires: string }): void {
  // A new session starts with an empty kept cache: nothing of an earlier user shows.
  localStorage.removeItem(CACHE_STORAGE_KEY);
  saveSession(session.token, session.expires);
}

/** Ends the session on the server (errors are ignored: the cookie goes regardless). */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await apiRequest('auth', '/auth/logout', { method: 'POST' }).catch(() => undefined);
  removeSession();
  endSession();
  forgetCache(queryClient);
}

export function hasPrivilege(user: CurrentUser | null | undefined, name: string): boolean {
  return user?.privileges.includes(name) ?? false;
}
