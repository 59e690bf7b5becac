import { StrictMode, startTransition, useLayoutEffect } from 'react';
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
  afterRestore,
  keepWhenLeft,
  persistOptions,
} from './lib/query-client.ts';
import { authKeys } from './api/session/keys.ts';
import { fetchCurrentUser } from './api/session/queries.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import { dropBootAnswers } from './lib/boot.ts';
import { withDefaults } from './lib/settings.ts';
import { DASHBOARD_SCREEN, FIRST_SCREEN_STYLE_ID } from '../contracts/first-screen.ts';
import { dashboardListQuery } from './api/dashboards/queries.ts';
import { firstScreenGone, heldFirstScreenPage, holdFirstScreenPage } from './lib/first-screen.ts';
import { nextTask } from './lib/next-task.ts';
import { scrollRestorationOnLoad } from './lib/scroll-on-load.ts';
import { loadNumberFormats, loadTimeZoneRules } from './lib/intl-data.ts';

// The start's steps run as tasks of their own, not as one long one after the scripts'
// evaluation: a slow phone (or a wall display's small computer) answers input between them.
await nextTask();

// Started offline (the installed console), reads wait for the network rather than fail,
// and the offline banner shows from the first frame: the query client assumes online otherwise.
onlineManager.setOnline(navigator.onLine);
const queryClient = createQueryClient();
const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultErrorComponent: RouteError,
  scrollRestoration: scrollRestorationOnLoad(),
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

await nextTask();
// Both were asked for before these scripts ran (public/boot.js): the session's
// address comes from the configuration, and neither waits for the other here.
await loadRuntimeConfig();
// The kept cache belongs to the session that made it: without one, nothing is
// shown from it. Only the server knows (the session cookie is HttpOnly);
// offline, the answer is unknown and the cache stays.
const user = await fetchCurrentUser().catch(() => undefined);
if (user === null) localStorage.removeItem(CACHE_STORAGE_KEY);
if (user !== undefined) queryClient.setQueryData(authKeys.user(), user);
// The first page's scripts and reads start while its language loads (a wall
// display's cold load); the router shows the page it loaded, not a second load.
// Its reads take over what boot.js asked for; what nobody took is then dropped.
const loaded = router
  .load()
  .catch(() => undefined)
  .finally(dropBootAnswers);
await nextTask();
// Signed in, the console speaks the user's language from its first frame.
const language = user ? withDefaults(user.internal.settings).language : startLocale();
await activateLocale(language);
// Signed in, its pages show times in the organisation's zone and numbers in the user's
// language: their data loads now, a task each (src/lib/intl-data.ts).
if (user) {
  await nextTask();
  loadTimeZoneRules();
  await nextTask();
  loadNumberFormats(language);
}

// A first screen came in the HTML: the sign-in page's (login.html, scripts/first-screen.ts),
// which boot.js showed, or the signed-in user's dashboard home, which the server rendered for
// this request (server/plugins/web.ts). It stays until the console's first render shows the
// page itself, not a frame without it.
const firstScreen = document.getElementById(FIRST_SCREEN_STYLE_ID);
const html = document.documentElement;
const dashboardScreen = html.getAttribute('data-first-screen') === DASHBOARD_SCREEN;
// Signed in after all (a session cookie in a browser that kept no user), the console goes on to
// the dashboard; signed out since the dashboard home's was made, on to sign-in: the loading
// indicator shows instead.
if (dashboardScreen ? !user : user) html.removeAttribute('data-first-screen');
const behindFirstScreen = firstScreen !== null && html.hasAttribute('data-first-screen');
if (behindFirstScreen) await loaded;
// The dashboard home's first screen shows the dashboards: the page replaces it once it has them.
if (behindFirstScreen && dashboardScreen) {
  await queryClient.ensureQueryData(dashboardListQuery()).catch(() => undefined);
  holdFirstScreenPage();
}

/**
 * Drops the first screen's rules once the console's first render is in the page, before it
 * paints; those of the dashboard home's once its page is (its shell shows the page held).
 */
function FirstScreenGone() {
  useLayoutEffect(() => {
    if (heldFirstScreenPage() === null) firstScreenGone();
  }, []);
  return null;
}

const keep = persistOptions(localStorage, __BUILD_ID__);
const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={keep}
          onSuccess={() => {
            // Written when the page is left only once what was kept is back in the cache.
            keepWhenLeft(queryClient, localStorage, keep);
            return afterRestore(queryClient, keep);
          }}
        >
          <RouterProvider router={router} />
          <FirstScreenGone />
        </PersistQueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
  const reactRoot = createRoot(root);
  // React renders the first page in slices, so a slow phone stays responsive while it does: behind
  // a first screen (inert, but scrolling and the browser are not) or the loading indicator.
  startTransition(() => reactRoot.render(app));
}
