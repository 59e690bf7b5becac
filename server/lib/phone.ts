import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A phone number as a Danish international number (+45 12 34 56 78); unchanged when it cannot be parsed. */
export function formatPhone(input: string | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  const trimmed = input.trim();
  if (trimmed === '') return null;
  const parsed = parsePhoneNumberFromString(trimmed, 'DK');
  return parsed?.isValid() ? parsed.formatInternational() : trimmed;
}
