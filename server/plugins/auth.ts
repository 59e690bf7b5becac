import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { can, inScope, resolveScope, type Actor } from '../access/access.ts';
import { isGroupId, type Privilege, type Resource } from '../access/matrix.ts';
import { API_TOKEN_PREFIX } from '../auth/secrets.ts';
import { apiTokenRepository } from '../repositories/api-token-repository.ts';
import { sessionRepository } from '../repositories/session-repository.ts';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** A pre-handler that lets a request through only when the rule allows it. */
    guard(rule: GuardRule): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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

/**
 * The caller's actor, or 401. A device, device type or registry token may
 * only send and read its entity's data; those routes pass `scopedTokens: true`.
 */
export function requireActor(
  request: FastifyRequest,
  options: { scopedTokens?: boolean } = {},
): Actor {
  const actor = request.actor;
  if (!actor) throw new HttpError(401, 'Sign in to continue');
  if (actor.token && actor.token.type !== 'general' && !options.scopedTokens) {
    throw new HttpError(
      403,
      'This token may only send and read the data of its own ' + actor.token.type,
    );
  }
  return actor;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || null;
  // The SESSION cookie is honoured for reads only, so another site cannot make
  // a signed-in browser change anything (no CSRF through the cookie).
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  return sessionCookie(request.headers.cookie);
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
      scope: await resolveScope(db, session.groupId, session.orgUuid),
    };
  };
}

/**
 * Works out who is calling (a session or an API token, sent as a bearer token)
 * and gives routes the guard that applies the privilege matrix and the
 * caller's organisation scope in one place.
 */
export default fp(
  async (fastify) => {
    const sessions = sessionRepository(fastify.db);
    const actorOf = actorResolver(fastify.db);

    fastify.decorateRequest('actor', null);
    fastify.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const secret = bearerToken(request);
      if (secret) request.actor = await actorOf(secret);
    });

    // Expired sessions are refused anyway; this only keeps the table small.
    const sweep = setInterval(() => {
      sessions
        .deleteExpired()
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'session sweep failed'));
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
