import { i18n, type Messages } from '@lingui/core';

export const locales = ['da', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'da';

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  da: () => import('../locales/da/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The language chosen on the pages before sign-in, kept in this browser. */
const CHOSEN_KEY = 'nordlys.chosenLocale';

/**
 * The language before sign-in: the one last chosen on those pages in this
 * browser, else Danish (spec §9: default language da), whatever the
 * browser's own languages are.
 */
export function startLocale(): Locale {
  const chosen = localStorage.getItem(CHOSEN_KEY);
  return isLocale(chosen) ? chosen : defaultLocale;
}

/** A known locale for lingui's active one (a string), Danish when it is not one of ours. */
export function localeOf(active: string): Locale {
  return isLocale(active) ? active : defaultLocale;
}

export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.load(locale, messages);
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/**
 * A language the person picked before sign-in: used now and remembered for
 * the next visit. A signed-in user's language comes from their settings and a
 * mailed link's from the link; neither is remembered here.
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  localStorage.setItem(CHOSEN_KEY, locale);
  await activateLocale(locale);
}

// A missing translation is logged and its id shown, so gaps are visible, not silent.
i18n.on('missing', ({ locale, id }) => {
  console.warn(`Missing translation for "${id}" in ${locale}`);
});

export { i18n };
