import type { FastifyInstance } from 'fastify';
import { MIN_PASSWORD_LENGTH } from '../auth/password.ts';
import type { User } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import { MailError } from '../mail/mailer.ts';
import { confirmAccountMail, passwordResetMail, type RenderedMail } from '../mail/templates.ts';
import { emailLinkRepository, type LinkPurpose } from '../repositories/email-link-repository.ts';

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

/**
 * Issues a link, mails it, and only then retires the user's older links of
 * the same purpose: a mail that cannot be sent leaves the old link working.
 */
async function sendLink(
  fastify: FastifyInstance,
  user: User,
  purpose: LinkPurpose,
  hours: number,
  render: (link: string) => RenderedMail,
): Promise<void> {
  const links = emailLinkRepository(fastify.db);
  const token = await links.issue(user.uuid, purpose, hours * 3600_000);
  const link = `${fastify.config.publicUrl}/password/${purpose}/${user.language}/${token}`;
  try {
    await fastify.mailer.send({ to: user.email, ...render(link) });
  } catch (error) {
    await links.withdraw(token);
    if (error instanceof MailError) {
      throw new HttpError(503, 'The e-mail could not be sent. Please try again later.');
    }
    throw error;
  }
  await links.retireOthers(user.uuid, purpose, token);
}

export function sendResetMail(fastify: FastifyInstance, user: User): Promise<void> {
  return sendLink(fastify, user, 'reset', RESET_LINK_HOURS, (link) =>
    passwordResetMail({
      language: user.language,
      name: displayName(user),
      link,
      expiresInHours: RESET_LINK_HOURS,
    }),
  );
}

export function sendConfirmMail(
  fastify: FastifyInstance,
  user: User,
  organisation: string,
): Promise<void> {
  return sendLink(fastify, user, 'confirm', CONFIRM_LINK_HOURS, (link) =>
    confirmAccountMail({
      language: user.language,
      name: displayName(user),
      organisation,
      link,
      expiresInHours: CONFIRM_LINK_HOURS,
    }),
  );
}
