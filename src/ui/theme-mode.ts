import { useSyncExternalStore } from 'react';
import type { ThemeMode } from './theme.ts';

const query = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** The system's light or dark preference, until the user's own setting exists. */
export function usePreferredThemeMode(): ThemeMode {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(query).matches ? 'dark' : 'light'),
    () => 'light',
  );
}
