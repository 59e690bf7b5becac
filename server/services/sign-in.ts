import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createOidcVerifier, OidcError } from '../auth/oidc.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { newSecret } from '../auth/secrets.ts';
import { HttpError } from '../lib/http-error.ts';
import { sessionRepository } from '../repositories/session-repository.ts';
import { userRepository } from '../repositories/user-repository.ts';
import type { PasswordSignIn } from '../../contracts/session.ts';
import { signInGuard, signInSource } from './sign-in-guard.ts';

// Compared against when the user does not exist, so a wrong username takes as
// long as a wrong password and reveals nothing.
const dummyHash = hashPassword(newSecret());

/** Every refusal reads the same, so a caller learns nothing of why. */
const refused = () => new HttpError(401, 'Unauthorized');

/** Where a sign-in comes from: the caller's address, and its browser when it says. */
export interface SignInOrigin {
  ip: string;
  userAgent?: string | undefined;
  log: FastifyBaseLogger;
}

/**
 * Who may sign in, with a password (held back by the lockout, docs/access.md)
 * or with a provider's id_token, and the session a sign-in starts.
 */
export function signIn(fastify: FastifyInstance) {
  const users = userRepository(fastify.db);
  const sessions = sessionRepository(fastify.db);
  const lockout = signInGuard(fastify.db);
  const oidc = fastify.config.oidc ? createOidcVerifier(fastify.config.oidc) : null;

  return {
    /** Whether third-party sign-in is configured (OIDC_CLIENT_ID). */
    oidcConfigured: oidc !== null,

    /** The user a username (or e-mail) and password sign in; failures count towards the lockout. */
    async withPassword(body: PasswordSignIn, origin: SignInOrigin): Promise<string> {
      const user = await users.findForSignIn(body.username);
      const passwordOk = await verifyPassword(
        body.password,
        user?.password_hash ?? (await dummyHash),
      );
      const source = signInSource(origin.ip);
      // A closed pair, source or account refuses even the right password, and the attempt is not counted.
      const refusal = await lockout.refusal(user ?? null, source);
      if (refusal) {
        origin.log.info({ user: user?.uuid, source, refusal }, 'sign-in refused by the lockout');
        throw refused();
      }
      if (!user || !user.active || !user.password_hash || !passwordOk) {
        if (await lockout.failed(user?.uuid ?? null, source)) {
          origin.log.warn(
            { user: user?.uuid },
            'sign-in from unknown sources suspended after repeated failures',
          );
        }
        throw refused();
      }
      return user.uuid;
    },

    /**
     * The active user whose verified e-mail the provider's id_token carries.
     * Not held back by password failures: the provider vouched for this person.
     */
    async withIdToken(idToken: string, nonce: string | undefined, origin: SignInOrigin) {
      if (!oidc) throw new HttpError(404, 'Third-party sign-in is not configured');
      let email: string;
      try {
        const identity = await oidc.verify(idToken, nonce === undefined ? {} : { nonce });
        if (!identity.emailVerified) throw refused();
        email = identity.email;
      } catch (error) {
        if (error instanceof OidcError)
          origin.log.info({ reason: error.reason }, 'third-party sign-in refused');
        throw refused();
      }
      const user = await users.findByEmail(email);
      if (!user || !user.active) throw refused();
      return user.uuid;
    },

    /** A new session for a signed-in user; their closed pairs from this address open. */
    async startSession(userUuid: string, origin: SignInOrigin) {
      await users.recordSignIn(userUuid);
      await lockout.succeeded(userUuid, signInSource(origin.ip));
      return sessions.create(userUuid, {
        ip: origin.ip,
        ...(origin.userAgent ? { userAgent: origin.userAgent } : {}),
      });
    },
  };
}
