import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hashPassword } from '../../auth/password.ts';
import { HttpError } from '../../lib/http-error.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import {
  AccountConfirmed,
  PasswordForgotten,
  PasswordFromLink,
  PasswordReset,
} from '../../../contracts/password.ts';
import { userRepository } from '../../repositories/user-repository.ts';
import { revocation } from '../../services/revocation.ts';
import { emailLinkRepository } from '../../repositories/email-link-repository.ts';
import { checkPassword, sendResetMail } from '../../services/account-mail.ts';
import { signInGuard } from '../../services/sign-in-guard.ts';

/** Forgot password, set password from a mailed link, confirm an account: no sign-in needed. */
const passwords: FastifyPluginAsyncTypebox = async (fastify) => {
  const users = userRepository(fastify.db);
  const revoke = revocation(fastify);
  const links = emailLinkRepository(fastify.db);
  const lockout = signInGuard(fastify.db);
  const perEmail = fastify.createRateLimit({
    max: 5,
    timeWindow: 15 * 60_000,
    keyGenerator: (request) =>
      `forgot:${String((request.body as { email?: unknown }).email ?? '').toLowerCase()}`,
  });
  const gone = () => new HttpError(404, "user doesn't exist anymore");

  fastify.post(
    '/entity/user/forgotpassword',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['users'],
        summary: 'Send a password-reset link to the e-mail address',
        body: PasswordForgotten,
        response: { 200: Ok, 404: errors[404], 429: errors[404] },
      },
    },
    async (request, reply) => {
      const limit = await perEmail(request);
      if (!limit.isAllowed && limit.isExceeded) {
        return reply.status(429).send({
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many reset requests for this e-mail; try again later',
        });
      }
      const user = await users.findByEmail(request.body.email);
      if (!user) throw new HttpError(404, "email doesn't exist");
      await sendResetMail(fastify, user);
      return { ok: true };
    },
  );

  fastify.post(
    '/entity/user/forgotpassword/set',
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ['users'],
        summary: 'Set a new password with the token from a reset link',
        body: PasswordFromLink,
        response: {
          200: PasswordReset,
          400: errors[400],
          404: errors[404],
        },
      },
    },
    async (request) => {
      checkPassword(request.body.newPassword);
      const uuid = await links.consume(request.body.token, 'reset');
      if (!uuid) throw gone();
      await users.update(uuid, {
        password_hash: await hashPassword(request.body.newPassword),
        confirmed_at: new Date(),
        failed_logins: 0,
        login_suspended_until: null,
      });
      // Failures against the old password count no more.
      await lockout.forgive(uuid);
      // Whoever knew the old password is signed out everywhere.
      await revoke.endSessionsOf(uuid);
      return { ok: true, uuid };
    },
  );

  fastify.post(
    '/entity/user/confirm',
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ['users'],
        summary: 'Confirm a new account by setting its first password',
        body: PasswordFromLink,
        response: {
          200: AccountConfirmed,
          400: errors[400],
          404: errors[404],
        },
      },
    },
    async (request) => {
      checkPassword(request.body.newPassword);
      const uuid = await links.consume(request.body.token, 'confirm');
      const user = uuid ? await users.get(uuid) : undefined;
      if (!user) throw gone();
      await users.update(user.uuid, {
        password_hash: await hashPassword(request.body.newPassword),
        confirmed_at: new Date(),
      });
      return { ok: true, uuid: user.uuid, email: user.email };
    },
  );
};

export default passwords;
