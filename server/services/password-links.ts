import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/password.ts';
import { HttpError } from '../lib/http-error.ts';
import { emailLinkRepository } from '../repositories/email-link-repository.ts';
import { userRepository } from '../repositories/user-repository.ts';
import type { AccountConfirmed, PasswordFromLink } from '../../contracts/password.ts';
import { checkPassword, sendResetMail } from './account-mail.ts';
import { revocation } from './revocation.ts';
import { signInGuard } from './sign-in-guard.ts';

const gone = () => new HttpError(404, "user doesn't exist anymore");

/** Passwords set from mailed links, by people who cannot sign in yet: a reset, or a new account's first. */
export function passwordLinks(fastify: FastifyInstance) {
  const users = userRepository(fastify.db);
  const links = emailLinkRepository(fastify.db);
  const revoke = revocation(fastify);
  const lockout = signInGuard(fastify.db);

  return {
    async sendReset(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) throw new HttpError(404, "email doesn't exist");
      await sendResetMail(fastify, user);
    },

    /**
     * A new password from a reset link. Failures against the old password
     * count no more, and whoever knew it is signed out everywhere.
     */
    async reset({ token, newPassword }: PasswordFromLink): Promise<string> {
      checkPassword(newPassword);
      const uuid = await links.consume(token, 'reset');
      if (!uuid) throw gone();
      await users.update(uuid, {
        password_hash: await hashPassword(newPassword),
        confirmed_at: new Date(),
        failed_logins: 0,
        login_suspended_until: null,
      });
      await lockout.forgive(uuid);
      await revoke.endSessionsOf(uuid);
      return uuid;
    },

    /** A new account's first password, which confirms it. */
    async confirm({ token, newPassword }: PasswordFromLink): Promise<AccountConfirmed> {
      checkPassword(newPassword);
      const uuid = await links.consume(token, 'confirm');
      const user = uuid ? await users.get(uuid) : undefined;
      if (!user) throw gone();
      await users.update(user.uuid, {
        password_hash: await hashPassword(newPassword),
        confirmed_at: new Date(),
      });
      return { ok: true, uuid: user.uuid, email: user.email };
    },
  };
}
