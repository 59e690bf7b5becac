import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** As the server stores them: Danish international numbers, left as typed when they cannot be parsed. */
export function formatPhone(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  const parsed = parsePhoneNumberFromString(trimmed, 'DK');
  return parsed?.isValid() ? parsed.formatInternational() : trimmed;
}

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** An http(s) address with a real host name, as the server checks websites ('Not a valid URL'). */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return ['http:', 'https:'].includes(url.protocol) && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** '' becomes null: optional text the user cleared. */
export const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
