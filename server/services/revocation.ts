import type { FastifyInstance } from 'fastify';
import { sessionRepository } from '../repositories/session-repository.ts';

/**
 * Ends sessions and users' access, and tells every node at once
 * (`fastify.accessEvents`), so live sockets and connections they opened
 * close now rather than at the next minutely check (docs/access.md).
 */
export function revocation(fastify: FastifyInstance) {
  const sessions = sessionRepository(fastify.db);
  const ended = (hashes: readonly string[]) => {
    for (const sessionHash of hashes) {
      fastify.accessEvents.emit({ type: 'session.revoked', sessionHash });
    }
  };
  return {
    /** One session (sign-out). */
    async endSession(sessionHash: string): Promise<void> {
      await sessions.revoke(sessionHash);
      ended([sessionHash]);
    },
    /** Every session of a user (a new password); their API tokens keep working. */
    async endSessionsOf(userUuid: string): Promise<void> {
      ended(await sessions.revokeAllOf(userUuid));
    },
    /**
     * The user was deleted, deactivated, or given another group or organisation:
     * their sessions end, and whatever they opened with a session or API token closes.
     */
    async userRevoked(userUuid: string): Promise<void> {
      await sessions.revokeAllOf(userUuid);
      fastify.accessEvents.emit({ type: 'user.revoked', userUuid });
    },
  };
}
