import { getCountries } from 'libphonenumber-js';

let known: Map<string, string> | undefined;

/** Every way the API takes a country, lower-cased: its code and its English and Danish names. */
function names(): Map<string, string> {
  if (known) return known;
  known = new Map();
  const displays = ['en', 'da'].map(
    (language) => new Intl.DisplayNames(language, { type: 'region', fallback: 'none' }),
  );
  for (const code of getCountries()) {
    known.set(code.toLowerCase(), code);
    for (const display of displays) {
      const name = display.of(code);
      if (name) known.set(name.toLocaleLowerCase('da'), code);
    }
  }
  return known;
}

/**
 * An organisation's country as it is stored: its ISO 3166-1 alpha-2 code,
 * from the code or the country's English or Danish name in any case
 * ('Denmark', 'danmark', 'dk' are all DK). The console names a code in the
 * reader's language, so one country never shows in two. Null when unknown.
 */
export function countryCode(input: string): string | null {
  return names().get(input.trim().toLocaleLowerCase('da')) ?? null;
}
