// The browser's date and number data load on first use, in whichever task first formats a
// date in a named zone or a number in a language: tens of milliseconds on a slow phone. The
// console's start loads them each in a task of its own (src/main.tsx), so that the
// dashboard's first graphs do not pay for them in theirs.

/**
 * Loads the time-zone rules: the first date formatted in a named zone (the
 * organisation's, for a graph's day) loads them all, about 12 ms on a desktop
 * and four times that on a slow phone; every zone after costs next to nothing.
 */
export function loadTimeZoneRules(): void {
  new Intl.DateTimeFormat('en', { timeZone: 'UTC', hour: 'numeric' }).format(0);
}

/** Loads how `language` writes numbers (src/lib/format.ts): a graph's axes and legends need it. */
export function loadNumberFormats(language: 'da' | 'en'): void {
  new Intl.NumberFormat(language === 'da' ? 'da-DK' : 'en-GB').format(1.5);
}
