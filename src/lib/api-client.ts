import type { ServiceName } from '../../contracts/config.ts';
import { runtimeConfig } from './runtime-config.ts';
import { bootAnswer } from './boot.ts';

export type Service = ServiceName;

export const HTTP_TIMEOUT_MS = 30_000;

/**
 * The server answered, and not with success: its HTTP status, and its
 * message (the body's `message`, or else the status text). `errorMessage`
 * (error-message.ts) says it to the user.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The request got no answer: offline, the server out of reach, or no answer
 * within the 30-second timeout. The only failure that is a network error.
 */
export class NetworkError extends Error {
  constructor(options?: ErrorOptions) {
    super('Network Error', options);
    this.name = 'NetworkError';
  }
}

/** Called when the server says the session is no longer valid (set by the app shell while it is shown). */
let onUnauthorised: (() => void) | null = null;
export function setUnauthorisedHandler(handler: (() => void) | null): void {
  onUnauthorised = handler;
}

/** The live feed (or anything else) learnt that the session has ended. */
export function sessionEnded(): void {
  onUnauthorised?.();
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
}

/**
 * One JSON request to a service: the session travels as the server's
 * HttpOnly SESSION cookie (a service on the console's own origin), with the
 * white-label host, the spec's 30-second timeout, and the server's message
 * on failure: an ApiError with the status when the server answered, a
 * NetworkError when it did not. A caller's own cancellation stays an AbortError.
 */
export async function apiRequest<T>(
  service: Service,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { body, headers, signal, ...init } = options;
  let response: Response;
  const url = `${runtimeConfig().services[service]}${path}`;
  // A read the page started before its scripts ran (public/boot.js) is not asked twice.
  const early = body === undefined && !init.method ? bootAnswer(url) : undefined;
  try {
    response = await (early ??
      fetch(url, {
        ...init,
        headers: {
          accept: 'application/json',
          'x-whitelabel-host': window.location.hostname,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        credentials: 'same-origin',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        // The 30 s timeout holds whether or not the caller can also cancel.
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)])
          : AbortSignal.timeout(HTTP_TIMEOUT_MS),
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError({ cause: error });
  }
  if (response.status === 204) return undefined as T;
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    if (response.status === 401) onUnauthorised?.();
    throw apiErrorOf(response.status, data, response.statusText);
  }
  return (await answerOf(response)) as T;
}

/**
 * A successful answer's body: nothing when it is empty, else its JSON. A
 * body that could not be read whole (the network dropped, the page was
 * being left) or is not JSON is no answer at all, never an empty success
 * that a cache would keep in place of the entity.
 */
async function answerOf(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError({ cause: error });
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new NetworkError({ cause: error });
  }
}

/** A failed answer's error: the body's `message`, or else `fallback` (the status text). */
export function apiErrorOf(status: number, body: unknown, fallback: string): ApiError {
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : fallback;
  return new ApiError(status, message);
}
