import { queryOptions } from '@tanstack/react-query';
import type { CurrentSession, SignedInUser } from '../../../contracts/session.ts';
import { ApiError, NetworkError, apiRequest, sessionEnded } from '../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/** Where the last signed-in user is kept, so the installed console can start offline. */
export const KEPT_USER_KEY = 'nordlys.user';

function keptUser(): SignedInUser | null {
  try {
    const kept = localStorage.getItem(KEPT_USER_KEY);
    return kept ? (JSON.parse(kept) as SignedInUser) : null;
  } catch {
    return null;
  }
}

function keepUser(user: SignedInUser | null): void {
  try {
    if (user) localStorage.setItem(KEPT_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(KEPT_USER_KEY);
  } catch {
    // Storage can be unavailable or full (private mode): the console then needs the network to start.
  }
}

/**
 * Who is signed in, as the server sees it: the session is an HttpOnly cookie
 * that no script here can read, so only the server can tell. Null: no session.
 * When no answer comes (offline, the server out of reach), the user the
 * server last named is shown, so the installed console starts offline with
 * the user's settings; the server decides again as soon as it answers.
 * Signing out, or the server saying the session ended, forgets that copy.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<SignedInUser | null> {
  try {
    // Asked on every start, signed out too: the session route answers null rather than 401.
    const { user } = await apiRequest<CurrentSession>(
      'auth',
      '/auth/session',
      signal ? { signal } : {},
    );
    // A user shown until now whose session has ended: as any request the server refuses with 401.
    if (!user) sessionEnded();
    keepUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      keepUser(null);
      return null;
    }
    const kept = error instanceof NetworkError && !signal?.aborted ? keptUser() : null;
    if (kept) return kept;
    throw error;
  }
}

/** Forgets the kept copy of the signed-in user (sign-out, a session that ended, a new sign-in). */
export const forgetKeptUser = () => keepUser(null);

/**
 * The current user, or null when there is no session. Asked even offline
 * (never paused), so the console starts from the kept copy.
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 60_000,
    networkMode: 'always',
  });
