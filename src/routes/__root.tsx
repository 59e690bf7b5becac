import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ThemeProvider } from 'styled-components';
import { brandingQuery } from '../api/branding/queries.ts';
import { applyBranding } from '../lib/branding.ts';
import { useFavouritesStore, useSettingsStore } from '../api/session/mutations.ts';
import { currentUserQuery } from '../api/session/queries.ts';
import { FavouritesProvider } from '../lib/favourites.ts';
import { withDefaults } from '../lib/settings.ts';
import { SettingsProvider } from '../lib/use-settings.ts';
import { GlobalStyle } from '../ui/global-style.ts';
import { NotificationsProvider } from '../ui/notifications-provider.tsx';
import { brandedTheme } from '../ui/theme.ts';
import { usePreferredThemeMode } from '../ui/theme-mode.ts';
import { AppBanners } from './-components/app-banners.tsx';
import { CookieConsent } from './-components/cookie-consent.tsx';
import { useLanguageFromSettings } from './-components/use-language.ts';
import '../lib/route-meta.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
});

/**
 * Around every page: the host's branding, the theme (the user's setting once
 * signed in, the system's before), the language, the snackbar queue, the
 * update and beta banners and the cookie consent. The signed-in user's
 * settings and favourites are provided here to the layers below api/.
 */
function Root() {
  const { data: branding } = useQuery(brandingQuery());
  const { data: user } = useQuery(currentUserQuery());
  const settingsStore = useSettingsStore();
  const favouritesStore = useFavouritesStore();
  const system = usePreferredThemeMode();
  const settings = user ? withDefaults(user.internal.settings) : null;
  const mode = settings ? (settings.theme === 1 ? 'dark' : 'light') : system;
  useLanguageFromSettings(settings?.language);

  useEffect(() => {
    if (branding) applyBranding(branding);
  }, [branding]);

  return (
    <SettingsProvider value={settingsStore}>
      <FavouritesProvider value={favouritesStore}>
        <ThemeProvider theme={brandedTheme(mode, branding?.colors.primary)}>
          <GlobalStyle />
          <NotificationsProvider side={settings?.snackbarLocation ?? 'left'}>
            <AppBanners />
            <Outlet />
            <CookieConsent />
          </NotificationsProvider>
        </ThemeProvider>
      </FavouritesProvider>
    </SettingsProvider>
  );
}
