import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { ApiError, NetworkError } from './api-client.ts';

/**
 * What a failed call says to the user (spec §8): a network error only when no
 * answer came; for an answer, the server's message, except that a 404 is the
 * spec's "Resource not found"; otherwise the error's own words, or `fallback`
 * (the general "Error" unless given).
 */
export function errorMessage(i18n: I18n, error: unknown, fallback?: string): string {
  if (error instanceof NetworkError) return i18n._(msg`Network Error`);
  if (error instanceof ApiError && error.status === 404) return i18n._(msg`Resource not found`);
  if (error instanceof Error && error.message) return error.message;
  return fallback ?? i18n._(msg`Error`);
}
