import type { FastifyRequest } from 'fastify';

/** The console's session: set and cleared by the server only, never readable by script. */
export const SESSION_COOKIE = 'SESSION';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Secure when the console is published over https (PUBLIC_URL), or when this
 * request came over https: directly, or through a proxy named in TRUST_PROXY
 * (Fastify then reads X-Forwarded-Proto). A browser on plain http would drop
 * a Secure cookie, so it is not set there.
 */
function secureFlag(request: FastifyRequest): string {
  return request.server.config.publicUrl.startsWith('https:') || request.protocol === 'https'
    ? '; Secure'
    : '';
}

/**
 * HttpOnly: no script in the page can read it. SameSite=Strict: no request
 * another site starts carries it, not even a top-level link; nothing needs
 * that, since the console's HTML is public and every request that needs the
 * session is made by the console itself, from its own origin. Max-Age ends
 * the cookie with the session.
 */
export function sessionCookieHeader(request: FastifyRequest, token: string, expires: Date): string {
  const maxAge = Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000));
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secureFlag(request)}`;
}

/** Tells the browser to forget the session cookie. */
export function clearedSessionCookie(request: FastifyRequest): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secureFlag(request)}`;
}

/**
 * Whether the session cookie may authenticate this request. Reads always may
 * (they change nothing, and SameSite keeps other sites' requests without
 * it). A write may only when its Origin is this site: the host it was sent
 * to, or PUBLIC_URL's origin (a proxy may pass another Host on). Browsers
 * send Origin with every write, so a missing one is refused too.
 */
export function cookieMayAuthenticate(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  return isOwnOrigin(request.headers.origin, request.headers.host, request.server.config.publicUrl);
}

/**
 * Whether a browser's Origin header names this site: the host the request was
 * sent to, or PUBLIC_URL's origin (a proxy may pass another Host on). A
 * missing or unreadable Origin is not this site.
 */
export function isOwnOrigin(
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string,
): boolean {
  if (origin === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === new URL(publicUrl).origin) return true;
  if (host === undefined) return false;
  try {
    // Through URL, so "localhost:80" and "localhost" compare equal for http.
    return url.origin === new URL(`${url.protocol}//${host}`).origin;
  } catch {
    return false;
  }
}
