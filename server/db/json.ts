import type { JsonText } from './types.ts';

/** Encodes a value for a jsonb column, the same way on PGlite and PostgreSQL. */
export function json<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}
