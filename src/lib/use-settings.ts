import { createContext, useCallback, useContext } from 'react';
import { defaultSettings, withDefaults, type UserSettings } from './settings.ts';

/**
 * The signed-in user's stored settings and how to save them. The signed-in
 * user is read through api/, which is above this layer: the shell provides it.
 */
export interface SettingsStore {
  stored: unknown;
  save: (next: UserSettings) => Promise<unknown>;
  saving: boolean;
  error: Error | null;
}

// Nobody signed in: the defaults, and nothing to save them to.
const SettingsContext = createContext<SettingsStore>({
  stored: undefined,
  save: () => Promise.resolve({ ok: false }),
  saving: false,
  error: null,
});

export const SettingsProvider = SettingsContext.Provider;

/**
 * The signed-in user's settings, and a function that changes some of them:
 * the screen follows at once, and the change is saved to the user's store.
 */
export function useSettings() {
  const { stored, save, saving, error } = useContext(SettingsContext);
  const settings = withDefaults(stored);

  const update = useCallback(
    (changes: Partial<UserSettings>) => save({ ...settings, ...changes }),
    [save, settings],
  );
  // Everything back to the defaults, cookie consent included (it is off by default).
  const reset = useCallback(() => save({ ...defaultSettings }), [save]);

  return { settings, update, reset, saving, error };
}
