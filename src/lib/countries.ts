import { getCountries, isSupportedCountry } from 'libphonenumber-js';
import type { Locale } from './i18n.ts';

const displays: Partial<Record<Locale, Intl.DisplayNames>> = {};

function display(language: Locale): Intl.DisplayNames {
  displays[language] ??= new Intl.DisplayNames(language, { type: 'region', fallback: 'none' });
  return displays[language];
}

/** Whether the text is the code of a country the console can name. */
export const knownCountry = (country: string): boolean => isSupportedCountry(country);

/**
 * An organisation's country (an ISO code) named in the reader's language, so
 * that one country is never shown in two languages. Text that is no known
 * code, kept from before codes were stored, shows as it is.
 */
export function countryName(country: string, language: Locale): string {
  return (knownCountry(country) && display(language).of(country)) || country;
}

/** Every country a picker offers: its code, and its name in the language, in that language's order. */
export function countryOptions(language: Locale): { value: string; label: string }[] {
  const collator = new Intl.Collator(language);
  return getCountries()
    .map((code) => ({ value: code, label: countryName(code, language) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
