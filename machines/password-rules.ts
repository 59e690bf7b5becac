/** Why a new password is refused; the UI turns these into translated messages. */
export type PasswordError = 'passwordEmpty' | 'passwordUnder8' | 'passwordMismatch';

export const MIN_PASSWORD_LENGTH = 8;

/**
 * The spec's password rules, first failing rule wins: empty, then too short, then mismatch.
 * Length counts UTF-16 units, as the server's `checkPassword` does, so the console never accepts
 * a password the server then refuses.
 */
export function validatePassword(password: string, confirmation: string): PasswordError | null {
  if (password.length === 0) return 'passwordEmpty';
  if (password.length < MIN_PASSWORD_LENGTH) return 'passwordUnder8';
  if (password !== confirmation) return 'passwordMismatch';
  return null;
}
