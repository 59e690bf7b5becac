import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { activateLocale } from '../../lib/i18n.ts';

/** Once signed in, the language follows the user's setting. */
export function useLanguageFromSettings(language: 'da' | 'en' | undefined): void {
  const { i18n } = useLingui();
  useEffect(() => {
    if (language && language !== i18n.locale) void activateLocale(language);
  }, [language, i18n.locale]);
}
