import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireActor } from '../../plugins/auth.ts';
import { errors } from '../../schemas/common.ts';
import { User } from '../../schemas/user.ts';
import { userRepository } from '../../repositories/user-repository.ts';
import { sessionRepository } from '../../repositories/session-repository.ts';
import { revocation } from '../../services/revocation.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { newSecret } from '../../auth/secrets.ts';
import { createOidcVerifier, OidcError } from '../../auth/oidc.ts';
import { HttpError } from '../../lib/http-error.ts';
import { userView } from '../../views/user-view.ts';
import { takeOidcFlow } from './oidc-flow.ts';

export const FAILURES_BEFORE_SUSPENSION = 10;
export const SUSPENSION_MS = 15 * 60 * 1000;

const Session = Type.Object({
  token: Type.String(),
  expires: Type.String({ format: 'date-time' }),
});

const OidcSession = Type.Object({
  token: Type.String(),
  expires: Type.String({ format: 'date-time' }),
  redirect: Type.Optional(
    Type.String({ description: 'Where the console goes next, when sign-in began in the browser' }),
  ),
});

// Compared against when the user does not exist, so a wrong username takes as
// long as a wrong password and reveals nothing.
const dummyHash = hashPassword(newSecret());

const auth: FastifyPluginAsyncTypebox = async (fastify) => {
  const users = userRepository(fastify.db);
  const sessions = sessionRepository(fastify.db);
  const revoke = revocation(fastify);
  // SIGNIN_LIMIT attempts a minute from one address, a third of that for one account.
  const perAddress = fastify.config.signInLimit;
  const perUsername = fastify.createRateLimit({
    max: Math.max(1, Math.floor(perAddress / 3)),
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const body = request.body as { username?: unknown } | undefined;
      return `login:${String(body?.username ?? '').toLowerCase()}`;
    },
  });
  const refused = () => new HttpError(401, 'Unauthorized');

  const startSession = async (userUuid: string, ip: string, userAgent: string | undefined) => {
    await users.recordSignIn(userUuid);
    const session = await sessions.create(userUuid, { ip, ...(userAgent ? { userAgent } : {}) });
    return { token: session.token, expires: session.expires.toISOString() };
  };

  fastify.post(
    '/auth/basic',
    {
      config: { rateLimit: { max: perAddress, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username (or e-mail) and password',
        body: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 254 }),
          password: Type.String({ minLength: 1, maxLength: 200 }),
        }),
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
      const user = await users.findForSignIn(request.body.username);
      const passwordOk = await verifyPassword(
        request.body.password,
        user?.password_hash ?? (await dummyHash),
      );
      if (!user || !user.active || !user.password_hash) throw refused();
      if (user.login_suspended_until && user.login_suspended_until > new Date()) throw refused();
      if (!passwordOk) {
        const suspended = await users.recordFailure(
          user.uuid,
          FAILURES_BEFORE_SUSPENSION,
          SUSPENSION_MS,
        );
        if (suspended)
          request.log.warn({ user: user.uuid }, 'sign-in suspended after repeated failures');
        throw refused();
      }
      return startSession(user.uuid, request.ip, request.headers['user-agent']);
    },
  );

  const oidc = fastify.config.oidc ? createOidcVerifier(fastify.config.oidc) : null;
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
        body: Type.Object({
          id_token: Type.String({ minLength: 1, maxLength: 16_384 }),
          state: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        }),
        response: { 200: OidcSession, 401: errors[401], 404: errors[404] },
      },
    },
    async (request, reply) => {
      if (!oidc) throw new HttpError(404, 'Third-party sign-in is not configured');
      const flow = takeOidcFlow(request, reply, request.body.state);
      let email: string;
      try {
        const identity = await oidc.verify(
          request.body.id_token,
          flow ? { nonce: flow.nonce } : {},
        );
        if (!identity.emailVerified) throw refused();
        email = identity.email;
      } catch (error) {
        if (error instanceof OidcError)
          request.log.info({ reason: error.reason }, 'third-party sign-in refused');
        throw refused();
      }
      const user = await users.findByEmail(email);
      if (!user || !user.active) throw refused();
      if (user.login_suspended_until && user.login_suspended_until > new Date()) throw refused();
      const session = await startSession(user.uuid, request.ip, request.headers['user-agent']);
      return flow?.redirect ? { ...session, redirect: flow.redirect } : session;
    },
  );

  fastify.get(
    '/auth/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, with role, privileges and private store',
        security: [{ bearer: [] }],
        response: { 200: User, 401: errors[401] },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const user = await users.get(actor.userUuid);
      if (!user) throw new HttpError(401, 'Sign in to continue');
      return userView(user, true);
    },
  );

  fastify.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session token stops working at once, its live sockets close',
        security: [{ bearer: [] }],
        response: { 204: Type.Null(), 401: errors[401] },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      if (actor.sessionHash) await revoke.endSession(actor.sessionHash);
      return reply.status(204).send(null);
    },
  );
};

export default auth;
