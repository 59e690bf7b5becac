import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { brandingQuery } from '../../api/branding/queries.ts';
import { useFavouritesStore, useSettingsStore } from '../../api/session/mutations.ts';
import { currentUserQuery } from '../../api/session/queries.ts';
import { applyBranding } from '../../lib/branding.ts';
import { FavouritesProvider } from '../../lib/favourites.ts';
import { withDefaults } from '../../lib/settings.ts';
import { SettingsProvider } from '../../lib/use-settings.ts';
import { GlobalStyle } from '../../ui/global-style.ts';
import { NotificationsProvider } from '../../ui/notifications-provider.tsx';
import { brandedTheme, type ThemeMode } from '../../ui/theme.ts';
import { AppBanners } from './app-banners.tsx';
import { CookieConsent } from './cookie-consent.tsx';
import { useLanguageFromSettings } from './use-language.ts';

/**
 * Around every page: the host's branding, the theme (the user's setting once
 * signed in, the system's before), the language, the snackbar queue, the
 * update and beta banners and the cookie consent. The signed-in user's
 * settings and favourites are provided here to the layers below api/.
 * The root route renders it around its pages; the build renders it around
 * the sign-in page for the HTML the server sends (src/first-screen/).
 */
export function RootFrame({ system, children }: { system: ThemeMode; children: ReactNode }) {
  const { data: branding } = useQuery(brandingQuery());
  const { data: user } = useQuery(currentUserQuery());
  const settingsStore = useSettingsStore();
  const favouritesStore = useFavouritesStore();
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
            {children}
            <CookieConsent />
          </NotificationsProvider>
        </ThemeProvider>
      </FavouritesProvider>
    </SettingsProvider>
  );
}
