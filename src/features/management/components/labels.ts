import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { ApiError } from '../../../lib/api-client.ts';
import type { GroupId, Language } from '../../../../contracts/user.ts';

export const groupLabels: Record<GroupId, MessageDescriptor> = {
  1: msg`Super user`,
  2: msg`Account manager`,
  3: msg`User`,
};

export const languageLabels: Record<Language, MessageDescriptor> = {
  da: msg`Danish`,
  en: msg`English`,
};

/** Server refusals the console names in the user's language; anything else is shown as it came. */
const serverMessages: Record<string, MessageDescriptor> = {
  'E-mail is already assigned to a user account!': msg`E-mail is already assigned to a user account!`,
  'Organisation still has users': msg`Organisation still has users`,
  'Organisation still has sub-organisations': msg`Organisation still has sub-organisations`,
  'Not a valid URL': msg`Not a valid URL`,
  'The current password is not right': msg`The current password is not right`,
  'You cannot delete your own organisation': msg`You cannot delete your own organisation`,
  'You cannot delete your own account': msg`You cannot delete your own account`,
  'The username is already taken': msg`The username is already taken`,
};

/** The server's message for a failed call (ApiError), translated where we know it. */
export function errorText(i18n: I18n, error: unknown, fallback: MessageDescriptor): string {
  if (!(error instanceof ApiError) || !error.message) return i18n._(fallback);
  const known = serverMessages[error.message];
  return known ? i18n._(known) : error.message;
}
