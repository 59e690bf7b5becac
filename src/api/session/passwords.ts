import type {
  AccountConfirmed,
  PasswordForgotten,
  PasswordFromLink,
  PasswordReset,
} from '../../../contracts/password.ts';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The password screens' calls. No one is signed in when they run and nothing
 * cached changes, so they are plain calls for the password-reset machine's
 * actors rather than mutation hooks.
 */

/** Mails a link to choose a new password (spec §5 Password reset). */
export const requestPasswordReset = (body: PasswordForgotten) =>
  apiRequest<unknown>('core', '/entity/user/forgotpassword', { method: 'POST', body });

/** Sets a new password with the token of a reset link. */
export const setPasswordFromResetLink = (body: PasswordFromLink) =>
  apiRequest<PasswordReset>('core', '/entity/user/forgotpassword/set', { method: 'POST', body });

/** Sets a new account's first password with the token of its confirmation link. */
export const confirmAccount = (body: PasswordFromLink) =>
  apiRequest<AccountConfirmed>('core', '/entity/user/confirm', { method: 'POST', body });
