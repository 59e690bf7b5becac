import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { i18n } from '../lib/i18n.ts';
import { lightTheme } from './theme.ts';

/**
 * What the console's component and hook tests share: the providers a screen
 * renders inside, a query cache without retries, and a user's hands on a form.
 */

export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } });

export function Providers({ client, children }: { client?: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client ?? testQueryClient()}>
      <I18nProvider i18n={i18n}>
        <ThemeProvider theme={lightTheme}>{children}</ThemeProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}

/** Renders a screen as the console does: a query cache, the active language and the theme. */
export const renderScreen = (screenUnderTest: ReactElement, client?: QueryClient) =>
  render(<Providers {...(client ? { client } : {})}>{screenUnderTest}</Providers>);

/** Renders hooks against a given cache, as a component of the console would use them. */
export function renderHooks<T>(client: QueryClient, hooks: () => T): T {
  return renderHook(hooks, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  }).result.current;
}

/** Whether a cached query was marked for refetching. */
export const isStale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

/** Types into the field with this label. */
export const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Presses a form's button (Save unless named) and lets the form settle. */
export const press = (name = 'Save') =>
  act(async () => fireEvent.click(screen.getByRole('button', { name })));

/** The texts of the alerts shown: the messages beside wrong fields and the form's own. */
export const alertTexts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);
