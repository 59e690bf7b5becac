import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { unbranded } from '../../contracts/branding.ts';
import type { RenderedScreen } from '../../contracts/first-screen.ts';
import { brandingKeys } from '../api/branding/keys.ts';
import { authKeys } from '../api/session/keys.ts';
import { i18n, type Locale } from '../lib/i18n.ts';
import { RootFrame } from '../routes/-components/root-frame.tsx';
import { SignInPage } from '../routes/-components/sign-in-page.tsx';
import type { ThemeMode } from '../ui/theme.ts';
import { messages as da } from '../locales/da/messages.po';
import { messages as en } from '../locales/en/messages.po';

const catalogues = { da, en };

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
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
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
  await router.load();
  i18n.load(locale, catalogues[locale]);
  i18n.activate(locale);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </I18nProvider>,
      ),
      { identifierPrefix: idPrefix },
    );
    return { html, css: sheet.instance.toString() };
  } finally {
    sheet.seal();
  }
}
