import { ApiError } from '../../../lib/api-client.ts';

/** The server's words for a refusal, or the general ones (a network error has none to show). */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback;
