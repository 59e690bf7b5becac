import type { Branding } from '../../contracts/branding.ts';

export const productName = (branding: Branding | undefined) => branding?.title ?? 'Nordlys';

/** Title, favicon and browser theme colour follow the host's branding. */
export function applyBranding(branding: Branding): void {
  document.title = productName(branding);
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = branding.favicon ?? '/favicon.svg';
  const theme = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (theme) theme.content = branding.colors.primary ?? '#00796b';
}
