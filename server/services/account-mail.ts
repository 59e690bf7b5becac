import type { FastifyInstance } from 'fastify';
import { MIN_PASSWORD_LENGTH } from '../auth/password.ts';
import type { User } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import { confirmAccountMail, passwordResetMail } from '../mail/templates.ts';
import { emailLinkRepository } from '../repositories/email-link-repository.ts';

export const RESET_LINK_HOURS = 1;
export const CONFIRM_LINK_HOURS = 72;

/** The spec's password rules, with its messages. */
export function checkPassword(password: string): void {
  if (password.length === 0) throw new HttpError(400, 'Password cannot be empty!');
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new HttpError(400, 'Password must contain at least 8 characters!');
  }
}

const displayName = (user: Pick<User, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.trim();

export async function sendResetMail(fastify: FastifyInstance, user: User): Promise<void> {
  const token = await emailLinkRepository(fastify.db).issue(
    user.uuid,
    'reset',
    RESET_LINK_HOURS * 3600_000,
  );
  const mail = passwordResetMail({
    language: user.language,
    name: displayName(user),
    link: `${fastify.config.publicUrl}/password/reset/${user.language}/${token}`,
    expiresInHours: RESET_LINK_HOURS,
  });
  await fastify.mailer.send({ to: user.email, ...mail });
}

export async function sendConfirmMail(
  fastify: FastifyInstance,
  user: User,
  organisation: string,
): Promise<void> {
  const token = await emailLinkRepository(fastify.db).issue(
    user.uuid,
    'confirm',
    CONFIRM_LINK_HOURS * 3600_000,
  );
  const mail = confirmAccountMail({
    language: user.language,
    name: displayName(user),
    organisation,
    link: `${fastify.config.publicUrl}/password/confirm/${user.language}/${token}`,
    expiresInHours: CONFIRM_LINK_HOURS,
  });
  await fastify.mailer.send({ to: user.email, ...mail });
}
