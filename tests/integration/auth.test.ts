import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { emails, PASSWORD, seedWorld, signIn, type World } from '../helpers/world.ts';

describe('sign-in and sessions', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
  });

  afterAll(async () => {
    await t.close();
  });

  const me = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  it('signs in with the e-mail or the username and returns a token with its expiry', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/basic',
      payload: { username: emails.userA, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; expires: string }>();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.expires).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    const upper = await t.app.inject({
      method: 'POST',
      url: '/api/auth/basic',
      payload: { username: emails.userA.toUpperCase(), password: PASSWORD },
    });
    expect(upper.statusCode).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const token = await signIn(t.app, emails.userB);
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses a wrong password or an unknown user with a bare 401', async () => {
    for (const payload of [
      { username: emails.userA, password: 'wrong-password' },
      { username: 'nobody@world.test', password: PASSWORD },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/basic', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Unauthorized',
      });
    }
  });

  it('returns the current user with organisation, role, privileges and private store', async () => {
    const token = await signIn(t.app, emails.managerA);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uuid: world.users.managerA,
      email: emails.managerA,
      firstName: 'Anna',
      org: { uuid: world.orgs.alpha, name: 'Alpha' },
      group: { id: 2, name: 'accountmanager' },
      role: 'accountmanager',
      privileges: expect.arrayContaining(['user.create', 'org.delete', 'device.modify']),
      internal: {},
    });
  });

  it('answers 401 without a session or with a bad token, 403 with the cookie on a write from nowhere', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await me('not-a-real-token')).statusCode).toBe(401);
    const token = await signIn(t.app, emails.userA);
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `theme=dark; SESSION=${token}` },
    });
    expect(byCookie.statusCode).toBe(200);
    const writeByCookie = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `SESSION=${token}` },
    });
    expect(writeByCookie.statusCode).toBe(403);
  });

  it('signs out: the token is refused afterwards', async () => {
    const token = await signIn(t.app, emails.userA1);
    expect((await me(token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('closes sign-in from an address after 10 failures there, until a manager lifts it', async () => {
    const victim = await t.database.db
      .insertInto('users')
      .values({
        email: 'victim@world.test',
        username: 'victim',
        org_uuid: world.orgs.alpha,
        password_hash: (
          await t.database.db
            .selectFrom('users')
            .select('password_hash')
            .where('uuid', '=', world.users.userA)
            .executeTakeFirstOrThrow()
        ).password_hash,
        confirmed_at: new Date(),
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/basic',
        remoteAddress: '203.0.113.51',
        payload: { username: 'victim', password: `wrong-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/basic',
      remoteAddress: '203.0.113.51',
      payload: { username: 'victim', password: PASSWORD },
    });
    expect(right.statusCode).toBe(401);

    const manager = await signIn(t.app, emails.managerA);
    const lift = await t.app.inject({
      method: 'PUT',
      url: `/api/entity/user/${victim.uuid}`,
      headers: { authorization: `Bearer ${manager}` },
      payload: { loginSuspended: false },
    });
    expect(lift.statusCode).toBe(200);
    expect(lift.json()).toMatchObject({ loginSuspended: false });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/basic',
      remoteAddress: '203.0.113.51',
      payload: { username: 'victim', password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
  });

  it('limits sign-in attempts per username from one address', async () => {
    let limited = false;
    for (let i = 0; i < 25 && !limited; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/basic',
        remoteAddress: '203.0.113.50',
        payload: { username: 'flood@world.test', password: 'x' },
      });
      limited = res.statusCode === 429;
    }
    expect(limited).toBe(true);
  });

  it('ends the sessions of a user who is deactivated or deleted', async () => {
    const manager = await signIn(t.app, emails.managerB);
    const token = await signIn(t.app, emails.userB);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/entity/user/${world.users.userB}`,
      headers: { authorization: `Bearer ${manager}` },
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/auth/basic',
      payload: { username: emails.userB, password: PASSWORD },
    });
    expect(retry.statusCode).toBe(401);

    await t.app.inject({
      method: 'PUT',
      url: `/api/entity/user/${world.users.userB}`,
      headers: { authorization: `Bearer ${manager}` },
      payload: { active: true },
    });
    const back = await signIn(t.app, emails.userB);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/entity/user/${world.users.userB}`,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(gone.json()).toEqual({ ok: true });
    expect((await me(back)).statusCode).toBe(401);
  });
});
