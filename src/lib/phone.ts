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
