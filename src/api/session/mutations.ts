import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { Ok } from '../../../contracts/common.ts';
import type {
  OidcSession,
  OidcSignIn,
  PasswordSignIn,
  Session,
  SignedInUser,
} from '../../../contracts/session.ts';
import { apiRequest, setUnauthorisedHandler } from '../../lib/api-client.ts';
import { activateLocale, startLocale } from '../../lib/i18n.ts';
import type { Favourite } from '../../../contracts/user.ts';
import type { FavouritesStore } from '../../lib/favourites.ts';
import { CACHE_STORAGE_KEY, forgetCache } from '../../lib/query-client.ts';
import { endSession } from '../../lib/session-end.ts';
import { defaultSettings, withDefaults, type UserSettings } from '../../lib/settings.ts';
import type { SettingsStore } from '../../lib/use-settings.ts';
import { authKeys } from './keys.ts';
import { currentUserQuery, forgetKeptUser } from './queries.ts';

export const signInWithPassword = (body: PasswordSignIn) =>
  apiRequest<Session>('auth', '/auth/basic', { method: 'POST', body });

/** The provider's answer, checked by the server against the flow cookie set when sign-in began. */
export const signInWithOidc = (body: OidcSignIn) =>
  apiRequest<OidcSession>('auth', '/auth/google', { method: 'POST', body });

/**
 * The server has just set a new session's cookie: nothing of an earlier user
 * shows (an empty kept cache), and what the earlier session held lets go.
 */
export function startSession(): void {
  localStorage.removeItem(CACHE_STORAGE_KEY);
  forgetKeptUser();
  endSession();
}

/** Ends the session on the server, which clears its cookie (errors are ignored). */
export async function dropSession(): Promise<void> {
  await apiRequest('auth', '/auth/logout', { method: 'POST' }).catch(() => undefined);
}

/** Without a user, the console speaks the language of the pages before sign-in again. */
const leaveUserLanguage = () => void activateLocale(startLocale());

/** Ends the session and forgets everything it showed. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await dropSession();
  endSession();
  forgetCache(queryClient);
  forgetKeptUser();
  leaveUserLanguage();
}

/**
 * While it is mounted, a 401 means the session ended (expired, signed out
 * elsewhere): what it showed is forgotten and `onEnded` is called. After a
 * sign-out here there is no user left to let go.
 */
export function useSessionExpiry(onEnded: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorisedHandler(() => {
      if (!queryClient.getQueryData(authKeys.user())) return;
      endSession();
      forgetCache(queryClient);
      forgetKeptUser();
      leaveUserLanguage();
      onEnded();
    });
    return () => setUnauthorisedHandler(null);
  }, [queryClient, onEnded]);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(() => signOut(queryClient), [queryClient]);
}

/**
 * A sign-in that found its user: they are who is signed in now, and a user
 * without stored settings gets the defaults saved (spec §4 Settings). The
 * settings tell where the console goes next.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: SignedInUser) => {
      queryClient.setQueryData(authKeys.user(), user);
      return ensureStoredSettings(queryClient, user);
    },
    [queryClient],
  );
}

/** A sign-in that found no user behind its session: the session goes, and nobody is signed in. */
export function useSignInFailed() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void dropSession();
    queryClient.setQueryData(authKeys.user(), null);
  }, [queryClient]);
}

type OwnStore = NonNullable<SignedInUser['internal']>;

const saveOwn = (user: SignedInUser, part: Partial<OwnStore>) =>
  apiRequest<Ok>('core', `/entity/user/${user.uuid}/internal`, { method: 'PUT', body: part });

/** Shows a change of the user's own store at once; returns what it replaced. */
function patchOwn(queryClient: QueryClient, part: Partial<OwnStore>) {
  const previous = queryClient.getQueryData<SignedInUser | null>(authKeys.user());
  queryClient.setQueryData<SignedInUser | null>(authKeys.user(), (old) =>
    old ? { ...old, internal: { ...old.internal, ...part } } : old,
  );
  return previous;
}

async function ensureStoredSettings(
  queryClient: QueryClient,
  user: SignedInUser,
): Promise<UserSettings> {
  if (user.internal.settings && typeof user.internal.settings === 'object')
    return withDefaults(user.internal.settings);
  const settings = { ...defaultSettings, language: user.language };
  // Not saved now, the defaults are saved with the first change of a setting.
  await saveOwn(user, { settings }).catch(() => undefined);
  patchOwn(queryClient, { settings });
  return settings;
}

/** The signed-in user's settings as lib/use-settings.ts reads them: a change shows at once. */
export function useSettingsStore(): SettingsStore {
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery());
  const { mutateAsync, isPending, error } = useMutation({
    mutationFn: (settings: UserSettings) =>
      user ? saveOwn(user, { settings }) : Promise.resolve({ ok: false }),
    onMutate: (settings) => {
      patchOwn(queryClient, { settings });
    },
  });
  const stored = user?.internal.settings;
  return useMemo(
    () => ({ stored, save: mutateAsync, saving: isPending, error }),
    [stored, mutateAsync, isPending, error],
  );
}

/** The signed-in user's favourites as lib/favourites.ts reads them: a change shows at once, and a failed save is undone. */
export function useFavouritesStore(): FavouritesStore {
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery());
  const { mutateAsync, isPending } = useMutation({
    mutationFn: (favourites: Favourite[]) =>
      user ? saveOwn(user, { favourites }) : Promise.resolve({ ok: false }),
    onMutate: (favourites) => ({ previous: patchOwn(queryClient, { favourites }) }),
    onError: (_error, _favourites, context) => {
      if (context?.previous !== undefined)
        queryClient.setQueryData(authKeys.user(), context.previous);
    },
  });
  const stored = user?.internal.favourites;
  return useMemo(
    () => ({ stored, save: mutateAsync, saving: isPending }),
    [stored, mutateAsync, isPending],
  );
}
