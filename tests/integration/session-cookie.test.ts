import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { hashSecret } from '../../server/auth/secrets.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { emails, PASSWORD, seedWorld, signIn, type World } from '../helpers/world.ts';

const WEEK_SECONDS = 7 * 24 * 3600;

/** The attributes of the response's SESSION cookie, names in lower case; null when none was set. */
function sessionCookieOf(res: LightMyRequestResponse): Map<string, string> | null {
  const header = res.headers['set-cookie'];
  const all = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const cookie = all.find((value) => value.startsWith('SESSION='));
  if (cookie === undefined) return null;
  const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
  const parts = new Map([['value', pair.slice('SESSION='.length)]]);
  for (const attribute of attributes) {
    const [name = '', value = ''] = attribute.split('=');
    parts.set(name.toLowerCase(), value);
  }
  return parts;
}

const signInAnswer = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/basic',
    headers,
    payload: { username: emails.userA, password: PASSWORD },
  });

describe('the SESSION cookie', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
  });

  afterAll(async () => {
    await t.close();
  });

  /** A change of the user's own first name, sent with the cookie only. */
  const renameByCookie = (token: string, firstName: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/entity/user/${world.users.userA1}`,
      headers: { cookie: `SESSION=${token}`, ...headers },
      payload: { firstName },
    });
  const firstName = async () =>
    (
      await t.database.db
        .selectFrom('users')
        .select('first_name')
        .where('uuid', '=', world.users.userA1)
        .executeTakeFirstOrThrow()
    ).first_name;

  it('is set by sign-in: HttpOnly, SameSite=Strict, Path=/, ending with the session; the answer keeps the token', async () => {
    const res = await signInAnswer(t.app);
    expect(res.statusCode).toBe(200);
    const session = res.json<{ token: string; expires: string }>();
    const cookie = sessionCookieOf(res);
    expect(cookie?.get('value')).toBe(session.token);
    expect(cookie?.has('httponly')).toBe(true);
    expect(cookie?.get('samesite')).toBe('Strict');
    expect(cookie?.get('path')).toBe('/');
    // PUBLIC_URL is http here: a browser would drop a Secure cookie.
    expect(cookie?.has('secure')).toBe(false);
    const maxAge = Number(cookie?.get('max-age'));
    const untilExpiry = (new Date(session.expires).getTime() - Date.now()) / 1000;
    expect(Math.abs(maxAge - untilExpiry)).toBeLessThanOrEqual(60);
    expect(maxAge).toBeGreaterThan(WEEK_SECONDS - 60);
    expect(maxAge).toBeLessThanOrEqual(WEEK_SECONDS);
  });

  it('authenticates a write sent from this site', async () => {
    const token = await signIn(t.app, emails.userA1);
    const res = await renameByCookie(token, 'Samesite', { origin: 'http://localhost:80' });
    expect(res.statusCode).toBe(200);
    expect(await firstName()).toBe('Samesite');
  });

  it('refuses a cross-site write, or a write without Origin, and changes nothing', async () => {
    const token = await signIn(t.app, emails.userA1);
    const before = await firstName();
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost.evil.example' },
      { origin: 'null' },
      {},
    ];
    for (const headers of foreign) {
      const res = await renameByCookie(token, 'Forged', headers);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/Cross-site request refused/);
    }
    expect(await firstName()).toBe(before);
    // Reads stay open to the cookie (an <img> of a device picture sends no Origin).
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `SESSION=${token}` },
    });
    expect(read.statusCode).toBe(200);
  });

  it('keeps bearer tokens working for API clients, with no Origin needed', async () => {
    const token = await signIn(t.app, emails.userA1);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/entity/user/${world.users.userA1}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { firstName: 'Bearer' },
    });
    expect(res.statusCode).toBe(200);
    expect(await firstName()).toBe('Bearer');
    expect(sessionCookieOf(res)).toBeNull();
  });

  it('does not stand in the way of signing in again with a stale cookie from another site', async () => {
    const res = await signInAnswer(t.app, {
      cookie: 'SESSION=stale',
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(200);
  });

  it('is cleared by sign-out, which ends the session', async () => {
    const token = await signIn(t.app, emails.userA1);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `SESSION=${token}`, origin: 'http://localhost:80' },
    });
    expect(out.statusCode).toBe(204);
    const cleared = sessionCookieOf(out);
    expect(cleared?.get('value')).toBe('');
    expect(cleared?.get('max-age')).toBe('0');
    expect(cleared?.get('path')).toBe('/');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `SESSION=${token}` },
    });
    expect(after.statusCode).toBe(401);
    // A browser holding an ended session's cookie is told to forget it too.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `SESSION=${token}`, origin: 'http://localhost:80' },
    });
    expect(again.statusCode).toBe(401);
    expect(sessionCookieOf(again)?.get('max-age')).toBe('0');
  });

  it('is extended with the session, which a day of use extends', async () => {
    const token = await signIn(t.app, emails.userA1);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 5 * 24 * 3600 * 1000) })
      .where('token_hash', '=', hashSecret(token))
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `SESSION=${token}` },
    });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieOf(res);
    expect(cookie?.get('value')).toBe(token);
    expect(cookie?.has('httponly')).toBe(true);
    expect(Number(cookie?.get('max-age'))).toBeGreaterThan(WEEK_SECONDS - 60);
    // Once extended, the next request has nothing to extend.
    const next = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `SESSION=${token}` },
    });
    expect(sessionCookieOf(next)).toBeNull();
  });
});

describe('the SESSION cookie over https', () => {
  it('is Secure when PUBLIC_URL is https, and accepts writes from that origin behind a proxy', async () => {
    const t = await startTestApp({ env: { PUBLIC_URL: 'https://iot.example.com' } });
    try {
      const world = await seedWorld(t.database.db);
      const res = await signInAnswer(t.app);
      expect(res.statusCode).toBe(200);
      expect(sessionCookieOf(res)?.has('secure')).toBe(true);
      // The proxy passed its own Host on; the browser's Origin is the public one.
      const write = await t.app.inject({
        method: 'PUT',
        url: `/api/entity/user/${world.users.userA}`,
        headers: {
          host: '127.0.0.1:8080',
          origin: 'https://iot.example.com',
          cookie: `SESSION=${res.json<{ token: string }>().token}`,
        },
        payload: { firstName: 'Proxied' },
      });
      expect(write.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is Secure when a trusted proxy says the request came over https, and only then', async () => {
    const trusting = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    const plain = await startTestApp();
    try {
      for (const app of [trusting, plain]) await seedWorld(app.database.db);
      const viaProxy = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.9' };
      const trusted = await signInAnswer(trusting.app, viaProxy);
      expect(sessionCookieOf(trusted)?.has('secure')).toBe(true);
      const ignored = await signInAnswer(plain.app, viaProxy);
      expect(sessionCookieOf(ignored)?.has('secure')).toBe(false);
    } finally {
      await trusting.close();
      await plain.close();
    }
  });
});
