import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ThemeMode } from './theme.ts';

const query = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** The system's light or dark preference: the theme before sign-in. */
export function usePreferredThemeMode(): ThemeMode {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(query).matches ? 'dark' : 'light'),
    () => 'light',
  );
}

/**
 * The screen width a page rendered on the server is laid out for (a first
 * screen in the HTML, src/first-screen/): there is no screen to ask there.
 * Unset, a server render is laid out for a desktop.
 */
export const ServerWidth = createContext(Number.POSITIVE_INFINITY);

/** True from the given width up (the spec's desktop layout starts at 1280). */
export function useMinWidth(width: number): boolean {
  const media = `(min-width: ${width}px)`;
  const serverWidth = useContext(ServerWidth);
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(media);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(media).matches,
    () => serverWidth >= width,
  );
}
