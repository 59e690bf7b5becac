import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import type { RenderedScreen } from '../../contracts/first-screen.ts';
import { i18n, type Locale } from '../lib/i18n.ts';
import { ServerWidth } from '../ui/theme-mode.ts';
import { messages as da } from '../locales/da/messages.po';
import { messages as en } from '../locales/en/messages.po';

const catalogues = { da, en };

/** A query cache for one render: what it is given holds, nothing is asked for. */
export function screenQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
}

export interface ScreenToRender {
  /** A memory router on the screen's URL, its routes rendering the screen. */
  router: AnyRouter;
  /** The reads the screen's components make, given. */
  queryClient: QueryClient;
  locale: Locale;
  /** Keeps the ids of several renders in one document apart. */
  idPrefix: string;
  /** The screen width it is laid out for (the layout's breakpoints); a desktop's when absent. */
  width?: number;
}

/**
 * A first screen as React renders it on the server (src/first-screen/): its
 * markup and the rules of its styled components and global style. The
 * language is made active just before the render, which runs at once, so
 * another render's language cannot come between.
 */
export async function renderScreen({
  router,
  queryClient,
  locale,
  idPrefix,
  width = Number.POSITIVE_INFINITY,
}: ScreenToRender): Promise<RenderedScreen> {
  await router.load();
  i18n.load(locale, catalogues[locale]);
  i18n.activate(locale);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ServerWidth.Provider value={width}>
          <I18nProvider i18n={i18n}>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </I18nProvider>
        </ServerWidth.Provider>,
      ),
      { identifierPrefix: idPrefix },
    );
    return { html, css: sheet.instance.toString() };
  } finally {
    sheet.seal();
  }
}
