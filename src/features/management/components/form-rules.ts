import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** As the server stores them: Danish international numbers, left as typed when they cannot be parsed. */
export function formatPhone(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  const parsed = parsePhoneNumberFromString(trimmed, 'DK');
  return parsed?.isValid() ? parsed.formatInternational() : trimmed;
}

/** A tel: link that dials the number in international form; null for text that is no number. */
export function phoneUri(number: string): string | null {
  const parsed = parsePhoneNumberFromString(number, 'DK');
  return parsed?.isValid() ? parsed.getURI() : null;
}

/**
 * An http(s) address with a real host name: the server's rule for a website
 * ('Not a valid URL'), which it keeps in a service rather than in the contract.
 */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return ['http:', 'https:'].includes(url.protocol) && url.hostname.includes('.');
  } catch {
    return false;
  }
}
