/** Per-service base URLs; all '/api' on one origin by default, split hosts by configuration. */
export const services = {
  auth: '/api',
  core: '/api',
  dataBroker: '/api',
  eventBroker: '/api',
  functions: '/api',
  api: '/api',
  rest: '/api',
} as const;
export type Service = keyof typeof services;

export const HTTP_TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** One JSON request to a service, with the spec's 30-second timeout and the server's error message. */
export async function apiRequest<T>(
  service: Service,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const response = await fetch(`${services[service]}${path}`, {
    ...init,
    headers: { accept: 'application/json', ...init.headers },
    signal: init.signal ?? AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : response.statusText;
    throw new ApiError(response.status, message);
  }
  return body as T;
}
