import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors, Ok } from '../../../contracts/common.ts';
import {
  AccountConfirmed,
  PasswordForgotten,
  PasswordFromLink,
  PasswordReset,
} from '../../../contracts/password.ts';
import { passwordLinks } from '../../services/password-links.ts';

/** Forgot password, set password from a mailed link, confirm an account: no sign-in needed. */
const passwords: FastifyPluginAsyncTypebox = async (fastify) => {
  const service = passwordLinks(fastify);
  const perEmail = fastify.createRateLimit({
    max: 5,
    timeWindow: 15 * 60_000,
    keyGenerator: (request) =>
      `forgot:${String((request.body as { email?: unknown }).email ?? '').toLowerCase()}`,
  });

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
      await service.sendReset(request.body.email);
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
    async (request) => ({ ok: true, uuid: await service.reset(request.body) }),
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
    async (request) => service.confirm(request.body),
  );
};

export default passwords;
