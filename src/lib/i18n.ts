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

/** Before sign-in the language follows the browser when it is one we speak; Danish otherwise. */
export function detectLocale(languages: readonly string[] = navigator.languages): Locale {
  const stored = localStorage.getItem('nordlys.locale');
  if (isLocale(stored)) return stored;
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return defaultLocale;
}

export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.load(locale, messages);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  localStorage.setItem('nordlys.locale', locale);
}

// A missing translation is logged and its id shown, so gaps are visible, not silent.
i18n.on('missing', ({ locale, id }) => {
  console.warn(`Missing translation for "${id}" in ${locale}`);
});

export { i18n };
