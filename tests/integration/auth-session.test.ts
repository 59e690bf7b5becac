import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { emails, seedWorld, signIn } from '../helpers/world.ts';

/** GET /api/auth/session: whether the caller is signed in, without a 401 for a visitor. */
describe('the session route', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await seedWorld(t.database.db);
  });

  afterAll(async () => {
    await t.close();
  });

  const session = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers });

  it('answers a visitor without a session with no user, not an error', async () => {
    const res = await session({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('answers an ended or unknown session with no user', async () => {
    const token = await signIn(t.app, emails.userA1);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await session({ cookie: `SESSION=${token}` })).json()).toEqual({ user: null });
    expect((await session({ cookie: 'SESSION=not-a-session' })).json()).toEqual({ user: null });
  });

  it('answers a signed-in caller with the same user as /api/auth/user', async () => {
    const token = await signIn(t.app, emails.userA1);
    const res = await session({ cookie: `SESSION=${token}` });
    expect(res.statusCode).toBe(200);
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `SESSION=${token}` },
    });
    expect(res.json<{ user: { email: string } }>().user.email).toBe(emails.userA1);
    expect(res.json()).toEqual({ user: user.json() });
  });
});
