import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { onlineManager } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { RouteError } from './routes/-components/route-error.tsx';
import { activateLocale, i18n, startLocale } from './lib/i18n.ts';
import {
  CACHE_STORAGE_KEY,
  createQueryClient,
  persistOptions,
  refreshRestored,
} from './lib/query-client.ts';
import { authKeys } from './api/session/keys.ts';
import { fetchCurrentUser } from './api/session/queries.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import { withDefaults } from './lib/settings.ts';

// Started offline (the installed console), reads wait for the network rather than fail,
// and the offline banner shows from the first frame: the query client assumes online otherwise.
onlineManager.setOnline(navigator.onLine);
const queryClient = createQueryClient();
const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
  // The signed-in page scrolls in its <main>, not the window. A new page opens
  // at its top (a profile after its form was saved), one seen before where it
  // was left, and a change of search params (a list's page, a period) stays put.
  scrollToTopSelectors: ['main'],
  getScrollRestorationKey: (location) => location.pathname,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

await Promise.all([loadRuntimeConfig(), activateLocale(startLocale())]);
// The kept cache belongs to the session that made it: without one, nothing is
// shown from it. Only the server knows (the session cookie is HttpOnly);
// offline, the answer is unknown and the cache stays.
const user = await fetchCurrentUser().catch(() => undefined);
if (user === null) localStorage.removeItem(CACHE_STORAGE_KEY);
if (user !== undefined) queryClient.setQueryData(authKeys.user(), user);
// Signed in, the console speaks the user's language from its first frame.
const language = user ? withDefaults(user.internal.settings).language : undefined;
if (language && language !== i18n.locale) await activateLocale(language);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={persistOptions(localStorage, __BUILD_ID__)}
          onSuccess={() => refreshRestored(queryClient)}
        >
          <RouterProvider router={router} />
        </PersistQueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
}
