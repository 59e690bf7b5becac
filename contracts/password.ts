import { Type, type Static } from 'typebox';
import { Email } from './common.ts';
import { Password } from './user.ts';

/** Ask for a password-reset link by mail. */
export const PasswordForgotten = Type.Object({ email: Email });
export type PasswordForgotten = Static<typeof PasswordForgotten>;

/** A new password with the token from a mailed link (reset or account confirmation). */
export const PasswordFromLink = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  newPassword: Password,
});
export type PasswordFromLink = Static<typeof PasswordFromLink>;

/** A password set from a reset link: whose it was. */
export const PasswordReset = Type.Object({ ok: Type.Boolean(), uuid: Type.String() });
export type PasswordReset = Static<typeof PasswordReset>;

/** An account confirmed with its first password: whose, and the e-mail to sign in with. */
export const AccountConfirmed = Type.Object({
  ok: Type.Boolean(),
  uuid: Type.String(),
  email: Type.String(),
});
export type AccountConfirmed = Static<typeof AccountConfirmed>;
