import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { emails, seedWorld, signIn, type World } from '../helpers/world.ts';

const CLIENT_ID = 'nordlys-console';
const REFUSED = { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' };

const google = (t: TestApp, idToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { id_token: idToken } });

const me = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { authorization: `Bearer ${token}` },
  });

describe('third-party sign-in against a local OpenID provider', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    provider = await startOidcProvider({ clientId: CLIENT_ID });
    t = await startTestApp({ env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID } });
    world = await seedWorld(t.database.db);
  });

  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const identity = (email: string, extra: Record<string, unknown> = {}) => ({
    sub: `oidc-${email}`,
    email,
    email_verified: true,
    ...extra,
  });

  it('signs in a user whose verified e-mail the provider vouches for', async () => {
    const idToken = await provider.sign(identity(emails.userA, { name: 'Arne Test' }));
    const res = await google(t, idToken);
    expect(res.statusCode).toBe(200);
    const session = res.json<{ token: string; expires: string }>();
    expect(Object.keys(session).sort()).toEqual(['expires', 'token']);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(session.expires).getTime()).toBeGreaterThan(Date.now());

    const who = await me(t, session.token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ uuid: world.users.userA, email: emails.userA });
    expect(who.json<{ lastSignIn: string | null }>().lastSignIn).not.toBeNull();
  });

  it.each<[string, () => Promise<string>]>([
    ['an expired token', () => provider.sign(identity(emails.userA), { expiresIn: '-2h' })],
    [
      'a token for another client',
      () => provider.sign(identity(emails.userA), { audience: 'someone-else' }),
    ],
    [
      'a token signed with a key the provider did not publish',
      () => provider.sign(identity(emails.userA), { useForeignKey: true }),
    ],
    [
      'a token from another issuer',
      () => provider.sign(identity(emails.userA), { issuer: 'http://issuer.invalid' }),
    ],
    [
      'an unverified e-mail',
      () => provider.sign(identity(emails.userA, { email_verified: false })),
    ],
    ['an e-mail no user has', () => provider.sign(identity('stranger@world.test'))],
    ['something that is not a JWT', () => Promise.resolve('not-a-jwt')],
  ])('refuses %s with a bare 401', async (_name, token) => {
    const res = await google(t, await token());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFUSED);
  });

  it('refuses a user who has been deactivated', async () => {
    const manager = await signIn(t.app, emails.managerB);
    const before = await google(t, await provider.sign(identity(emails.userB)));
    expect(before.statusCode).toBe(200);

    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/entity/user/${world.users.userB}`,
      headers: { authorization: `Bearer ${manager}` },
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);

    const res = await google(t, await provider.sign(identity(emails.userB)));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFUSED);
    expect((await me(t, before.json<{ token: string }>().token)).statusCode).toBe(401);
  });
});

describe('third-party sign-in with OIDC_JWKS_URL set', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    provider = await startOidcProvider({ clientId: CLIENT_ID });
    t = await startTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_JWKS_URL: provider.jwksUrl,
      },
    });
    world = await seedWorld(t.database.db);
  });

  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('accepts a valid token and refuses a forged one', async () => {
    const claims = { sub: 'manager-a', email: emails.managerA, email_verified: true };
    const ok = await google(t, await provider.sign(claims));
    expect(ok.statusCode).toBe(200);
    const who = await me(t, ok.json<{ token: string }>().token);
    expect(who.json()).toMatchObject({ uuid: world.users.managerA });

    const forged = await google(t, await provider.sign(claims, { useForeignKey: true }));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual(REFUSED);
  });
});

describe('third-party sign-in without OIDC_CLIENT_ID', () => {
  let provider: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({ clientId: CLIENT_ID });
    t = await startTestApp({ env: { OIDC_ISSUER: provider.issuer } });
    await seedWorld(t.database.db);
  });

  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('answers 404, even for a token that would otherwise be valid', async () => {
    const idToken = await provider.sign({
      sub: 'user-a',
      email: emails.userA,
      email_verified: true,
    });
    const res = await google(t, idToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Third-party sign-in is not configured',
    });
  });
});
