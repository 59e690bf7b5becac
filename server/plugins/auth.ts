import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { can, inScope, resolveScope, type Actor } from '../access/access.ts';
import { isGroupId, type Privilege, type Resource } from '../access/matrix.ts';
import { API_TOKEN_PREFIX } from '../auth/secrets.ts';
import { apiTokenRepository } from '../repositories/api-token-repository.ts';
import { sessionRepository } from '../repositories/session-repository.ts';
import { HttpError } from '../lib/http-error.ts';
import { cookieMayAuthenticate, sessionCookieHeader } from '../auth/session-cookie.ts';
import { signInGuard } from '../services/sign-in-guard.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** Set when the SESSION cookie came with a write from another site and was not used. */
    crossSiteCookie: boolean;
  }
  interface FastifyInstance {
    /** A pre-handler that lets a request through only when the rule allows it. */
    guard(rule: GuardRule): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Lends an already resolved caller to requests this server injects into itself (a
     * batch's reads): they carry the headers instead of the caller's credentials, and are
     * answered as that caller without resolving the credentials again. Released once they are done.
     */
    lendActor(actor: Actor): LentActor;
  }
}

export interface GuardRule {
  resource: Resource;
  privilege: Privilege;
  /**
   * The organisation of the entity the request acts on (or creates in).
   * Undefined: only the matrix decides. Null: the entity does not exist.
   */
  target?: (request: FastifyRequest) => Promise<string | null | undefined>;
  /** Lets a user act on their own record whatever the matrix says (own profile). */
  self?: (request: FastifyRequest) => string | undefined;
}

export interface LentActor {
  /** Headers that make an injected request act as the lent caller. */
  headers: Record<string, string>;
  release(): void;
}

/**
 * The header an injected request names its lent caller by. Its value is a random key known only
 * inside this process while the lending request runs; any other value is ignored.
 */
const LENT_ACTOR_HEADER = 'x-nordlys-lent-actor';

/**
 * The caller's actor, or 401. A device, device type or registry token may
 * only send and read its entity's data; those routes pass `scopedTokens: true`.
 */
export function requireActor(
  request: FastifyRequest,
  options: { scopedTokens?: boolean } = {},
): Actor {
  const actor = request.actor;
  if (!actor && request.crossSiteCookie) {
    throw new HttpError(
      403,
      'Cross-site request refused: the session cookie only works from this site',
    );
  }
  if (!actor) throw new HttpError(401, 'Sign in to continue');
  if (actor.token && actor.token.type !== 'general' && !options.scopedTokens) {
    throw new HttpError(
      403,
      'This token may only send and read the data of its own ' + actor.token.type,
    );
  }
  return actor;
}

/** The caller's secret: a bearer token, or else the SESSION cookie. */
function credentialOf(request: FastifyRequest): { secret: string; cookie: boolean } | null {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) {
    const secret = header.slice(7).trim();
    return secret ? { secret, cookie: false } : null;
  }
  const secret = sessionCookie(request.headers.cookie);
  return secret ? { secret, cookie: true } : null;
}

/** The session token in a Cookie header's `SESSION` cookie, if any. */
export function sessionCookie(header: string | undefined): string | null {
  for (const cookie of header?.split(';') ?? []) {
    const [name, ...value] = cookie.trim().split('=');
    if (name !== 'SESSION') continue;
    try {
      return decodeURIComponent(value.join('=')) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Who a secret belongs to: a live session's user, or an API token acting for
 * the user who made it (each use is counted); null when it is neither. The
 * live feed signs its sockets in with the same rules.
 */
export function actorResolver(db: Kysely<DB>) {
  const sessions = sessionRepository(db);
  const tokens = apiTokenRepository(db);
  return async (secret: string): Promise<Actor | null> => {
    if (!secret || secret.length > 200) return null;
    if (secret.startsWith(API_TOKEN_PREFIX)) {
      const token = await tokens.useToken(secret);
      if (!token || !isGroupId(token.groupId)) return null;
      return {
        userUuid: token.userUuid,
        orgUuid: token.orgUuid,
        group: token.groupId,
        via: 'token',
        token: { id: token.id, type: token.type, reference: token.reference },
        scope: await resolveScope(db, token.groupId, token.orgUuid),
      };
    }
    const session = await sessions.findUser(secret);
    if (!session || !isGroupId(session.groupId)) return null;
    return {
      userUuid: session.userUuid,
      orgUuid: session.orgUuid,
      group: session.groupId,
      via: 'session',
      sessionHash: session.tokenHash,
      ...(session.renewedUntil ? { sessionRenewedUntil: session.renewedUntil } : {}),
      scope: await resolveScope(db, session.groupId, session.orgUuid),
    };
  };
}

/**
 * Works out who is calling (a session or an API token sent as a bearer token,
 * or the console's SESSION cookie) and gives routes the guard that applies
 * the privilege matrix and the caller's organisation scope in one place.
 */
export default fp(
  async (fastify) => {
    const sessions = sessionRepository(fastify.db);
    const actorOf = actorResolver(fastify.db);

    const lent = new Map<string, Actor>();
    fastify.decorate('lendActor', (actor: Actor): LentActor => {
      const key = randomBytes(24).toString('base64url');
      lent.set(key, actor);
      return { headers: { [LENT_ACTOR_HEADER]: key }, release: () => lent.delete(key) };
    });

    fastify.decorateRequest('actor', null);
    fastify.decorateRequest('crossSiteCookie', false);
    fastify.addHook('onRequest', async (request, reply) => {
      // Probes answer without the database's queue, so they resolve no caller.
      if (!request.url.startsWith('/api/') || request.routeOptions.config.probe) return;
      const key = request.headers[LENT_ACTOR_HEADER];
      const borrowed = typeof key === 'string' ? lent.get(key) : undefined;
      if (borrowed) {
        request.actor = borrowed;
        return;
      }
      const credential = credentialOf(request);
      if (!credential) return;
      // Another site can make a signed-in browser send the cookie with a write (CSRF).
      if (credential.cookie && !cookieMayAuthenticate(request)) {
        request.crossSiteCookie = true;
        return;
      }
      request.actor = await actorOf(credential.secret);
      // The session was just extended: so is the cookie, or it would end first.
      const renewed = request.actor?.sessionRenewedUntil;
      if (credential.cookie && renewed) {
        reply.header('set-cookie', sessionCookieHeader(request, credential.secret, renewed));
      }
    });

    // Expired sessions and old sign-in failures are ignored anyway; this only keeps the tables small.
    const lockout = signInGuard(fastify.db);
    const sweep = setInterval(() => {
      Promise.all([sessions.deleteExpired(), lockout.forgetOld()]).catch((error: unknown) =>
        fastify.log.warn({ err: error }, 'session sweep failed'),
      );
    }, 3600_000);
    sweep.unref();
    fastify.addHook('onClose', async () => clearInterval(sweep));

    fastify.decorate('guard', (rule: GuardRule) => async (request: FastifyRequest) => {
      const actor = requireActor(request);
      const ownRecord = rule.self?.(request);
      if (ownRecord !== undefined && ownRecord === actor.userUuid && actor.via === 'session')
        return;
      const target = rule.target ? await rule.target(request) : undefined;
      // An entity outside the caller's organisations is answered as missing:
      // no one learns what other tenants have.
      if (target === null || (target !== undefined && !inScope(actor, target))) {
        throw new HttpError(404, 'Resource not found');
      }
      if (!can(actor, rule.resource, rule.privilege, target)) {
        throw new HttpError(403, `Your group may not ${rule.privilege} ${rule.resource} here`);
      }
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
