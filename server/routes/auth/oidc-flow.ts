import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { createOidcDiscovery, OidcError } from '../../auth/oidc.ts';
import { newSecret } from '../../auth/secrets.ts';
import { HttpError } from '../../lib/http-error.ts';
import { errors } from '../../../contracts/common.ts';
import { OidcStartQuery } from '../../schemas/params.ts';

/** Holds `state.nonce.payload` between /auth/oidc/start and POST /auth/google. */
export const FLOW_COOKIE = 'NORDLYS_OIDC';
// Only the two sign-in routes need it; no other request carries it.
const FLOW_COOKIE_PATH = '/api/auth';
const FLOW_SECONDS = 600;
const LANGUAGES = ['da', 'en'];
// newSecret(): 32 random bytes as base64url.
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface OidcFlow {
  state: string;
  nonce: string;
  /** Where in the console to go after sign-in. */
  redirect?: string;
  language?: string;
}

/**
 * Only a path inside the console is followed after sign-in (the console's
 * login page applies the same rule). A backslash counts as a slash to
 * browsers, so `/\evil.example` would leave the site too.
 */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !/[\\\p{Cc}]/u.test(value)
    ? value
    : undefined;
}

/** The flow cookie as the browser sends it: undefined when absent, null when unreadable. */
export function readFlowCookie(request: FastifyRequest): OidcFlow | null | undefined {
  const cookies = request.headers.cookie?.split(';') ?? [];
  for (const cookie of cookies) {
    const [name, ...value] = cookie.trim().split('=');
    if (name === FLOW_COOKIE) return parseFlow(value.join('='));
  }
  return undefined;
}

function parseFlow(value: string): OidcFlow | null {
  const [state, nonce, payload, ...rest] = value.split('.');
  if (rest.length > 0 || !state || !nonce || payload === undefined) return null;
  if (!SECRET_PATTERN.test(state) || !SECRET_PATTERN.test(nonce)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { redirect, language } = data as Record<string, unknown>;
  const flow: OidcFlow = { state, nonce };
  // Checked again on the way out: the cookie came back from the browser.
  const target = safeRedirect(redirect);
  if (target !== undefined) flow.redirect = target;
  if (typeof language === 'string' && LANGUAGES.includes(language)) flow.language = language;
  return flow;
}

function flowCookie(request: FastifyRequest, value: string, maxAge: number): string {
  const secure = request.server.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${FLOW_COOKIE}=${value}; Path=${FLOW_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

function sameText(value: string | undefined, expected: string): boolean {
  if (value === undefined) return false;
  const a = Buffer.from(value);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The browser flow a sign-in belongs to, when it began at /auth/oidc/start.
 * The cookie is cleared whatever happens next, so each flow gets one attempt.
 * A state that does not match the cookie is refused, and so is a state with
 * no cookie: that is a callback this browser never started (login CSRF, or
 * a flow that outlived its ten minutes). Without either, the caller is an
 * API client with an id_token from elsewhere, and undefined is returned.
 */
export function takeOidcFlow(
  request: FastifyRequest,
  reply: FastifyReply,
  state: string | undefined,
): OidcFlow | undefined {
  const flow = readFlowCookie(request);
  if (flow === undefined && state === undefined) return undefined;
  if (flow !== undefined) reply.header('set-cookie', flowCookie(request, '', 0));
  if (!flow || !sameText(state, flow.state)) {
    request.log.info({ reason: 'state' }, 'third-party sign-in refused');
    throw new HttpError(401, 'Unauthorized');
  }
  return flow;
}

/**
 * Third-party sign-in in the browser (OpenID Connect implicit flow with
 * response_type=id_token): this route sends the browser to the provider, the
 * provider sends it back to the console's /login/callback with the id_token
 * in the fragment, and the console posts it to /auth/google with the state.
 */
const oidcFlow: FastifyPluginAsyncTypebox = async (fastify) => {
  const { oidc, publicUrl } = fastify.config;
  const discovery = oidc ? createOidcDiscovery(oidc.issuer) : null;
  const callbackUrl = `${publicUrl}/login/callback`;

  fastify.get(
    '/auth/oidc/start',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Start third-party sign-in in the browser (Google by default)',
        description:
          `Redirects to the provider's authorization endpoint and sets the short-lived ${FLOW_COOKIE} cookie ` +
          '(state and nonce). The provider returns to /login/callback, which posts the id_token and state to ' +
          '/api/auth/google. If the provider cannot be reached, redirects to /login/callback with ' +
          '#error=temporarily_unavailable.',
        querystring: OidcStartQuery,
        response: {
          302: Type.Null({ description: 'To the provider, or to the callback with an error' }),
          404: errors[404],
        },
      },
    },
    async (request, reply) => {
      if (!oidc || !discovery) throw new HttpError(404, 'Third-party sign-in is not configured');

      let endpoint: URL;
      try {
        endpoint = await discovery.authorizationEndpoint();
      } catch (error) {
        if (!(error instanceof OidcError)) throw error;
        request.log.warn({ err: error }, 'third-party sign-in could not reach the provider');
        // The browser is navigating, so a page that explains beats a JSON error.
        return reply.redirect(`${callbackUrl}#error=temporarily_unavailable`, 302);
      }

      const state = newSecret();
      const nonce = newSecret();
      const redirect = safeRedirect(request.query.redirect);
      const language =
        request.query.language && LANGUAGES.includes(request.query.language)
          ? request.query.language
          : undefined;
      const payload = Buffer.from(JSON.stringify({ redirect, language })).toString('base64url');
      reply.header('set-cookie', flowCookie(request, `${state}.${nonce}.${payload}`, FLOW_SECONDS));
      reply.header('cache-control', 'no-store');

      const params: Record<string, string> = {
        client_id: oidc.clientId,
        response_type: 'id_token',
        scope: 'openid email profile',
        redirect_uri: callbackUrl,
        state,
        nonce,
        prompt: 'select_account',
        ...(language ? { ui_locales: language } : {}),
      };
      // Built by hand so spaces become %20 (URLSearchParams writes +), and
      // any query the provider's endpoint already has is kept.
      const query = Object.entries(params)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('&');
      const base = `${endpoint.origin}${endpoint.pathname}`;
      const target = endpoint.search ? `${base}${endpoint.search}&${query}` : `${base}?${query}`;
      return reply.redirect(target, 302);
    },
  );
};

export default oidcFlow;
