import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { requireActor } from '../../plugins/auth.ts';
import { errors } from '../../../contracts/common.ts';
import {
  CurrentSession,
  OidcSession,
  OidcSignIn,
  PasswordSignIn,
  Session,
  SignedInUser,
} from '../../../contracts/session.ts';
import { userRepository } from '../../repositories/user-repository.ts';
import { revocation } from '../../services/revocation.ts';
import { signIn, type SignInOrigin } from '../../services/sign-in.ts';
import { HttpError } from '../../lib/http-error.ts';
import { userView } from '../../views/user-view.ts';
import { storeWithDashboards } from '../../services/dashboards.ts';
import { takeOidcFlow } from './oidc-flow.ts';
import { signInSource } from '../../services/sign-in-guard.ts';
import { clearedSessionCookie, sessionCookieHeader } from '../../auth/session-cookie.ts';

const auth: FastifyPluginAsyncTypebox = async (fastify) => {
  const users = userRepository(fastify.db);
  const revoke = revocation(fastify);
  const signIns = signIn(fastify);
  // SIGNIN_LIMIT attempts a minute from one address, a third of that for one
  // account from one address (from anywhere, anyone could spend the owner's).
  const perAddress = fastify.config.signInLimit;
  const perUsername = fastify.createRateLimit({
    max: Math.max(1, Math.floor(perAddress / 3)),
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const body = request.body as { username?: unknown } | undefined;
      return `login:${String(body?.username ?? '').toLowerCase()}:${signInSource(request.ip)}`;
    },
  });
  const originOf = (request: FastifyRequest): SignInOrigin => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    log: request.log,
  });

  // The browser gets the session as an HttpOnly cookie; API clients use the token in the answer.
  const startSession = async (request: FastifyRequest, reply: FastifyReply, userUuid: string) => {
    const session = await signIns.startSession(userUuid, originOf(request));
    reply.header('set-cookie', sessionCookieHeader(request, session.token, session.expires));
    return { token: session.token, expires: session.expires.toISOString() };
  };

  fastify.post(
    '/auth/basic',
    {
      config: { rateLimit: { max: perAddress, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username (or e-mail) and password',
        description:
          'Answers the session token for API clients (send it as a bearer token) and sets the console’s SESSION cookie ' +
          '(HttpOnly, SameSite=Strict). Ten failures of one account from one address close that pair for 15 minutes; ' +
          'see docs/access.md for the lockout.',
        body: PasswordSignIn,
        response: { 200: Session, 401: errors[401], 429: errors[401] },
      },
    },
    async (request, reply) => {
      const limit = await perUsername(request);
      if (!limit.isAllowed && limit.isExceeded) {
        return reply.status(429).send({
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many sign-in attempts; try again in a minute',
        });
      }
      const userUuid = await signIns.withPassword(request.body, originOf(request));
      return startSession(request, reply, userUuid);
    },
  );

  fastify.post(
    '/auth/google',
    {
      config: { rateLimit: { max: perAddress, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an OpenID Connect id_token (Google by default)',
        description:
          'The token must be signed by the configured provider, issued for OIDC_CLIENT_ID and unexpired; its verified e-mail must belong to an active user. ' +
          "After a browser sign-in begun at /api/auth/oidc/start, send the state from the callback: it must match the NORDLYS_OIDC cookie, and the token must carry that sign-in's nonce.",
        body: OidcSignIn,
        response: { 200: OidcSession, 401: errors[401], 404: errors[404] },
      },
    },
    async (request, reply) => {
      if (!signIns.oidcConfigured)
        throw new HttpError(404, 'Third-party sign-in is not configured');
      const flow = takeOidcFlow(request, reply, request.body.state);
      const userUuid = await signIns.withIdToken(
        request.body.id_token,
        flow?.nonce,
        originOf(request),
      );
      const session = await startSession(request, reply, userUuid);
      return flow?.redirect ? { ...session, redirect: flow.redirect } : session;
    },
  );

  /** The caller's own record with their store, or null when the session names no user. */
  const signedInUser = async (userUuid: string) => {
    const user = await users.get(userUuid);
    if (!user) return null;
    return {
      ...userView(user, false),
      internal: await storeWithDashboards(fastify.db, user.uuid, user.internal),
    };
  };

  fastify.get(
    '/auth/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, with role, privileges and private store',
        security: [{ bearer: [] }],
        response: { 200: SignedInUser, 401: errors[401] },
      },
    },
    async (request) => {
      const user = await signedInUser(requireActor(request).userUuid);
      if (!user) throw new HttpError(401, 'Sign in to continue');
      return user;
    },
  );

  fastify.get(
    '/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether the caller is signed in: the signed-in user, or null',
        description:
          'Answers 200 with `user: null` to a visitor without a session, where /auth/user answers 401: the console asks on every start, before sign-in too.',
        security: [{ bearer: [] }, {}],
        response: { 200: CurrentSession, 403: errors[403] },
      },
    },
    async (request) => {
      if (!request.actor && !request.crossSiteCookie) return { user: null };
      return { user: await signedInUser(requireActor(request).userUuid) };
    },
  );

  fastify.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session token stops working at once, its live sockets close',
        description: 'Also clears the SESSION cookie, even when the session had already ended.',
        security: [{ bearer: [] }],
        response: { 204: Type.Null(), 401: errors[401] },
      },
    },
    async (request, reply) => {
      // The browser forgets the cookie even when its session had already ended.
      reply.header('set-cookie', clearedSessionCookie(request));
      const actor = requireActor(request);
      if (actor.sessionHash) await revoke.endSession(actor.sessionHash);
      return reply.status(204).send(null);
    },
  );
};

export default auth;
