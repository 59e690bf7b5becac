import { useEffect } from 'react';
import { activateLocale, isLocale } from '../../lib/i18n.ts';

/** A mailed link carries the user's language; the page opens in it. */
export function useLinkLanguage(lang: string): void {
  useEffect(() => {
    if (isLocale(lang)) void activateLocale(lang);
  }, [lang]);
}
