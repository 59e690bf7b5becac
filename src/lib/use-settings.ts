import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from './api-client.ts';
import { authKeys, currentUserQuery, type CurrentUser } from './current-user.ts';
import { defaultSettings, withDefaults, type UserSettings } from './settings.ts';

export function saveSettings(user: CurrentUser, settings: UserSettings): Promise<{ ok: boolean }> {
  return apiRequest('core', `/entity/user/${user.uuid}/internal`, {
    method: 'PUT',
    body: { settings },
  });
}

/** After sign-in: a user without stored settings gets the defaults saved (spec §4 Settings). */
export async function ensureStoredSettings(
  queryClient: QueryClient,
  user: CurrentUser,
): Promise<UserSettings> {
  if (user.internal.settings && typeof user.internal.settings === 'object')
    return withDefaults(user.internal.settings);
  const settings = { ...defaultSettings, language: user.language };
  await saveSettings(user, settings).catch(() => {
    console.error('Could not save the default settings');
  });
  queryClient.setQueryData<CurrentUser | null>(authKeys.user(), (old) =>
    old ? { ...old, internal: { ...old.internal, settings } } : old,
  );
  return settings;
}

/**
 * The signed-in user's settings, and a function that changes some of them:
 * the screen follows at once, and the change is saved to the user's store.
 */
export function useSettings() {
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery());
  const settings = withDefaults(user?.internal.settings);

  const mutation = useMutation({
    mutationFn: (next: UserSettings) => {
      if (!user) return Promise.resolve({ ok: false });
      return saveSettings(user, next);
    },
    onMutate: (next) => {
      queryClient.setQueryData<CurrentUser | null>(authKeys.user(), (old) =>
        old ? { ...old, internal: { ...old.internal, settings: next } } : old,
      );
    },
  });

  const update = useCallback(
    (changes: Partial<UserSettings>) => mutation.mutateAsync({ ...settings, ...changes }),
    [mutation, settings],
  );
  // Everything back to the defaults, cookie consent included (it is off by default).
  const reset = useCallback(() => mutation.mutateAsync({ ...defaultSettings }), [mutation]);

  return { settings, update, reset, saving: mutation.isPending, error: mutation.error };
}
