import { createHash, randomBytes } from 'node:crypto';

/** API tokens carry a prefix so that secret scanners and people can recognise them. */
export const API_TOKEN_PREFIX = 'nly_';

/** 256 random bits, URL-safe: session tokens, e-mail links and API tokens. */
export function newSecret(prefix = ''): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Only this hash is stored; a leaked table gives no usable secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
