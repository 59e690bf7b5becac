/**
 * What a form's typed text becomes in the body it sends: the contract decides
 * whether it is right (contract-resolver.ts), these only translate.
 */

/** Text as the server keeps it: trimmed, and null when the user left it empty. */
export const textOrNull = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** Trimmed text, left out (undefined) when empty: for optional fields without null. */
export const textOrUndefined = (value: string | null | undefined): string | undefined =>
  textOrNull(value) ?? undefined;

/**
 * A number typed as text: null when empty, the number when it is one, and the
 * text itself when it is not, so the contract refuses it ("Enter a number").
 */
export const numberOrNull = (value: string | number | null | undefined): number | string | null => {
  if (typeof value === 'number') return value;
  const trimmed = (value ?? '').trim().replace(',', '.');
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : trimmed;
};

/**
 * A number shown in a text field: empty for null. Fifteen significant digits
 * are all a double holds for sure, so the noise of binary fractions beyond
 * them goes (56.15350 + 0.00012 is 56.153620000000004, shown 56.15362,
 * or 56,15362 in Danish).
 */
export const numberText = (
  value: number | null | undefined,
  /** The console's language: Danish writes a decimal comma, which numberOrNull reads back. */
  language: string = 'en',
): string => {
  if (value === null || value === undefined) return '';
  const text = String(Number(value.toPrecision(15)));
  return language === 'da' ? text.replace('.', ',') : text;
};
