import { HttpError } from '../lib/http-error.ts';

/**
 * Keys that must be unique in a list (a device's data and synthetic keys, a
 * type's structure, a function's data keys and metadata): a 400 naming the
 * first repeated one, as "<what> must be unique: <key>".
 */
export function requireUniqueKeys(what: string, items: readonly { key: string }[] | undefined) {
  const seen = new Set<string>();
  for (const { key } of items ?? []) {
    if (seen.has(key)) throw new HttpError(400, `${what} must be unique: ${key}`);
    seen.add(key);
  }
}
