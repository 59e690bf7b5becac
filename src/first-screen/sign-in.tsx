import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { unbranded } from '../../contracts/branding.ts';
import type { RenderedScreen } from '../../contracts/first-screen.ts';
import { brandingKeys } from '../api/branding/keys.ts';
import { authKeys } from '../api/session/keys.ts';
import type { Locale } from '../lib/i18n.ts';
import { RootFrame } from '../routes/-components/root-frame.tsx';
import { SignInPage } from '../routes/-components/sign-in-page.tsx';
import type { ThemeMode } from '../ui/theme.ts';
import { renderScreen, screenQueryClient } from './render-screen.tsx';

/**
 * The sign-in page as a visitor who is not signed in first sees it, on a host
 * without branding of its own and a server without third-party sign-in: the
 * console's own components, rendered by React on the server at build time
 * (scripts/first-screen.ts). The server sends it in the HTML of /login, shown
 * until the console's scripts have run and rendered the page themselves.
 * `idPrefix` keeps the ids of several renders in one document apart.
 */
export async function renderSignIn(
  locale: Locale,
  mode: ThemeMode,
  idPrefix: string,
): Promise<RenderedScreen> {
  const queryClient = screenQueryClient();
  queryClient.setQueryData(authKeys.user(), null);
  queryClient.setQueryData(brandingKeys.current(), unbranded('localhost'));
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <RootFrame system={mode}>
          <SignInPage redirect={undefined} />
        </RootFrame>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/login'] }),
    isServer: true,
  });
  return renderScreen({ router, queryClient, locale, idPrefix });
}
