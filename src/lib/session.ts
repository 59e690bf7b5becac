/**
 * The session token lives in the SESSION cookie with the server's expiry, so
 * a reload or a new tab stays signed in; API calls send it as a bearer token.
 */
const COOKIE = 'SESSION';

export function readSession(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return decodeURIComponent(value.join('=')) || null;
  }
  return null;
}

export function saveSession(token: string, expires: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(token)}; Expires=${new Date(expires).toUTCString()}; Path=/; SameSite=Lax${secure}`;
}

export function removeSession(): void {
  document.cookie = `${COOKIE}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax`;
}
