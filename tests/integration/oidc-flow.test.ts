import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { emails, seedWorld, type World } from '../helpers/world.ts';

const CLIENT_ID = 'nordlys-console';
const PUBLIC_URL = 'http://console.test';
const CALLBACK = `${PUBLIC_URL}/login/callback`;
const REFUSED = { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' };

interface Started {
  /** The provider URL Nordlys redirected to. */
  location: URL;
  /** `NORDLYS_OIDC=…`, ready for a Cookie header. */
  cookie: string;
  /** The whole Set-Cookie header, attributes included. */
  setCookie: string;
}

async function start(t: TestApp, query = ''): Promise<Started> {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/start${query}` });
  expect(res.statusCode).toBe(302);
  const setCookie = String(res.headers['set-cookie']);
  return {
    location: new URL(String(res.headers.location)),
    cookie: setCookie.split(';')[0] ?? '',
    setCookie,
  };
}

/** The browser's visit to the provider: where it is sent back, with the fragment read. */
async function visitProvider(location: URL): Promise<{ callback: URL; fragment: URLSearchParams }> {
  const res = await fetch(location, { redirect: 'manual' });
  expect(res.status).toBe(302);
  await res.body?.cancel();
  const callback = new URL(res.headers.get('location') ?? '');
  return { callback, fragment: new URLSearchParams(callback.hash.slice(1)) };
}

function cookiePayload(cookie: string): Record<string, unknown> {
  const value = cookie.slice(cookie.indexOf('=') + 1);
  const [, , payload] = value.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

const google = (t: TestApp, body: Record<string, unknown>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/google',
    payload: body,
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe('third-party sign-in in the browser (authorization redirect and callback)', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  let world: World;

  const userA = () => ({ sub: 'oidc-user-a', email: emails.userA, email_verified: true });

  beforeAll(async () => {
    provider = await startOidcProvider({ clientId: CLIENT_ID, redirectUris: [CALLBACK] });
    t = await startTestApp({
      env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID, PUBLIC_URL },
    });
    world = await seedWorld(t.database.db);
  });

  beforeEach(() => provider.setLogin(userA()));

  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('redirects to the discovered authorization endpoint with state and nonce in a cookie', async () => {
    const { location, cookie, setCookie } = await start(t, '?redirect=/devices&language=da');
    expect(`${location.origin}${location.pathname}`).toBe(provider.authorizationEndpoint);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'id_token',
      scope: 'openid email profile',
      redirect_uri: CALLBACK,
      prompt: 'select_account',
      ui_locales: 'da',
    });
    expect(location.search).toContain('scope=openid%20email%20profile');
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.nonce).not.toBe(params.state);

    expect(cookie.startsWith(`NORDLYS_OIDC=${params.state}.${params.nonce}.`)).toBe(true);
    expect(cookiePayload(cookie)).toEqual({ redirect: '/devices', language: 'da' });
    const attributes = setCookie.split(';').map((part) => part.trim());
    expect(attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/api/auth', 'Max-Age=600']),
    );
    // PUBLIC_URL is http here, so the cookie cannot be Secure or the browser would drop it.
    expect(attributes).not.toContain('Secure');

    const second = await start(t);
    expect(second.location.searchParams.get('state')).not.toBe(params.state);
  });

  it('signs in with the id_token from the callback, once, and tells the console where to go', async () => {
    const { location, cookie } = await start(t, '?redirect=/devices');
    const { callback, fragment } = await visitProvider(location);
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    expect(fragment.get('state')).toBe(location.searchParams.get('state'));
    const idToken = fragment.get('id_token');
    expect(idToken).toBeTruthy();

    const res = await google(t, { id_token: idToken, state: fragment.get('state') }, cookie);
    expect(res.statusCode).toBe(200);
    const session = res.json<{ token: string; expires: string; redirect: string }>();
    expect(Object.keys(session).sort()).toEqual(['expires', 'redirect', 'token']);
    expect(session.redirect).toBe('/devices');
    expect(new Date(session.expires).getTime()).toBeGreaterThan(Date.now());

    const setCookies = [res.headers['set-cookie'] ?? []].flat();
    const cleared = (setCookies.find((c) => c.startsWith('NORDLYS_OIDC=')) ?? '')
      .split(';')
      .map((part) => part.trim());
    expect(cleared[0]).toBe('NORDLYS_OIDC=');
    expect(cleared).toEqual(expect.arrayContaining(['Max-Age=0', 'Path=/api/auth']));
    // The browser's session is the server's HttpOnly cookie, as after a password sign-in.
    const sessionCookie = (setCookies.find((c) => c.startsWith('SESSION=')) ?? '')
      .split(';')
      .map((part) => part.trim());
    expect(sessionCookie[0]).toBe(`SESSION=${session.token}`);
    expect(sessionCookie).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict']),
    );

    const who = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ uuid: world.users.userA, email: emails.userA });

    // The browser has dropped the cookie; posting the same callback again is a
    // state without its flow, which is refused.
    const replay = await google(t, { id_token: idToken, state: fragment.get('state') });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(REFUSED);
  });

  it('answers without redirect when the flow named none', async () => {
    const { location, cookie } = await start(t);
    expect(cookiePayload(cookie)).toEqual({});
    const { fragment } = await visitProvider(location);
    const res = await google(
      t,
      { id_token: fragment.get('id_token'), state: fragment.get('state') },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['expires', 'token']);
  });

  it('refuses a state that does not match the cookie, and clears the cookie anyway', async () => {
    const { location, cookie } = await start(t);
    const { fragment } = await visitProvider(location);
    const other = await start(t);
    const res = await google(
      t,
      { id_token: fragment.get('id_token'), state: other.location.searchParams.get('state') },
      cookie,
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFUSED);
    expect(String(res.headers['set-cookie'])).toMatch(/^NORDLYS_OIDC=;.*Max-Age=0/);

    const missing = await google(t, { id_token: fragment.get('id_token') }, cookie);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual(REFUSED);
  });

  it('refuses a valid token minted for another nonce (a token from another sign-in)', async () => {
    const { location, cookie } = await start(t);
    const state = location.searchParams.get('state');
    const foreign = await provider.sign({ ...userA(), nonce: 'someone-elses-nonce' });
    const res = await google(t, { id_token: foreign, state }, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFUSED);

    const noNonce = await provider.sign(userA());
    expect((await google(t, { id_token: noNonce, state }, cookie)).statusCode).toBe(401);

    // The token of another browser flow carries that flow's nonce, not this one's.
    const elsewhere = await start(t);
    const { fragment } = await visitProvider(elsewhere.location);
    const swapped = await google(t, { id_token: fragment.get('id_token'), state }, cookie);
    expect(swapped.statusCode).toBe(401);
  });

  it('refuses an unreadable cookie', async () => {
    const { location } = await start(t);
    const { fragment } = await visitProvider(location);
    const res = await google(
      t,
      { id_token: fragment.get('id_token'), state: fragment.get('state') },
      'NORDLYS_OIDC=garbage',
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFUSED);
  });

  it('still signs in an API client that sends only an id_token (no cookie, no state)', async () => {
    const res = await google(t, { id_token: await provider.sign(userA()) });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['expires', 'token']);
    // No flow cookie is touched; the session cookie comes as with every sign-in.
    const setCookies = [res.headers['set-cookie'] ?? []].flat();
    expect(setCookies.map((c) => c.split('=')[0])).toEqual(['SESSION']);
  });

  it.each([
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example/', undefined],
    ['devices', undefined],
    ['/devices?tab=map', '/devices?tab=map'],
  ])('keeps only console paths as redirect: %s', async (redirect, kept) => {
    const { cookie } = await start(t, `?redirect=${encodeURIComponent(redirect)}`);
    expect(cookiePayload(cookie)).toEqual(kept === undefined ? {} : { redirect: kept });
  });

  it('ignores a language the console does not speak', async () => {
    const { location, cookie } = await start(t, '?language=xx');
    expect(location.searchParams.has('ui_locales')).toBe(false);
    expect(cookiePayload(cookie)).toEqual({});
  });

  it('sends a declined sign-in back to the callback with the error (the console shows it)', async () => {
    provider.setLogin(null);
    const { location } = await start(t);
    const { callback, fragment } = await visitProvider(location);
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('state')).toBe(location.searchParams.get('state'));
    expect(fragment.has('id_token')).toBe(false);
  });

  it('describes the start route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>();
    const parameters = doc.paths['/api/auth/oidc/start']?.get?.parameters ?? [];
    expect(parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:language',
      'query:redirect',
    ]);
  });
});

describe('browser sign-in when the provider cannot be reached', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, so discovery fails at once.
    t = await startTestApp({
      env: { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: CLIENT_ID, PUBLIC_URL },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('sends the browser to the callback with an error instead of a JSON page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${CALLBACK}#error=temporarily_unavailable`);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('browser sign-in with an https PUBLIC_URL', () => {
  let provider: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({ clientId: CLIENT_ID });
    t = await startTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        PUBLIC_URL: 'https://console.example',
      },
    });
  });

  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('marks the flow cookie Secure', async () => {
    const { location, setCookie } = await start(t);
    expect(location.searchParams.get('redirect_uri')).toBe(
      'https://console.example/login/callback',
    );
    expect(setCookie.split(';').map((part) => part.trim())).toContain('Secure');
  });
});

describe('browser sign-in without OIDC_CLIENT_ID', () => {
  let provider: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({ clientId: CLIENT_ID });
    t = await startTestApp({ env: { OIDC_ISSUER: provider.issuer, PUBLIC_URL } });
  });

  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('answers 404 and sets no cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start?redirect=/x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Third-party sign-in is not configured',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
