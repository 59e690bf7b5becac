import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** White-label branding of the host the console is opened on (spec §3 Login settings). */
export interface Branding {
  host: string;
  custom: boolean;
  title: string | null;
  loginText: string | null;
  url: string | null;
  copyrightText: string | null;
  gdprUrl: string | null;
  cookieUrl: string | null;
  logo: string | null;
  favicon: string | null;
  colors: { primary?: string; secondary?: string; background?: string };
}

export const brandingKeys = {
  all: ['branding'] as const,
  current: () => [...brandingKeys.all, 'current'] as const,
  hosts: () => [...brandingKeys.all, 'hosts'] as const,
};

export const brandingQuery = () =>
  queryOptions({
    queryKey: brandingKeys.current(),
    queryFn: ({ signal }) => apiRequest<Branding>('core', '/branding', { signal }),
    staleTime: 5 * 60_000,
  });

export const productName = (branding: Branding | undefined) => branding?.title ?? 'Nordlys';

/** Title, favicon and browser theme colour follow the host's branding. */
export function applyBranding(branding: Branding): void {
  document.title = productName(branding);
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = branding.favicon ?? '/favicon.svg';
  const theme = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (theme) theme.content = branding.colors.primary ?? '#00796b';
}
