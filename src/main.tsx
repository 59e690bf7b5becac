import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { ThemeProvider } from 'styled-components';
import { routeTree } from './routeTree.gen.ts';
import { activateLocale, detectLocale, i18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { GlobalStyle } from './ui/global-style.ts';
import { themes } from './ui/theme.ts';
import { usePreferredThemeMode } from './ui/theme-mode.ts';

const queryClient = createQueryClient();
const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

function App() {
  const mode = usePreferredThemeMode();
  return (
    <ThemeProvider theme={themes[mode]}>
      <GlobalStyle />
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </ThemeProvider>
  );
}

await activateLocale(detectLocale());
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
