import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  ACCOUNT_FAILURES,
  LOCKOUT_WINDOW_MS,
  PAIR_FAILURES,
  SOURCE_FAILURES,
} from '../../server/services/sign-in-guard.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { emails, PASSWORD, seedWorld, signIn, type World } from '../helpers/world.ts';

describe('the sign-in lockout', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
  });

  afterAll(async () => {
    await t.close();
  });

  /** A new active user with the world's password; group 1 is the super user. */
  async function newUser(name: string, groupId = 3): Promise<string> {
    const { password_hash } = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('uuid', '=', world.users.userA)
      .executeTakeFirstOrThrow();
    const row = await t.database.db
      .insertInto('users')
      .values({
        email: `${name}@lockout.test`,
        username: name,
        org_uuid: world.orgs.alpha,
        group_id: groupId,
        active: true,
        password_hash,
        confirmed_at: new Date(),
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    return row.uuid;
  }

  const attempt = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/basic',
      remoteAddress,
      payload: { username, password },
    });

  async function fail(username: string, remoteAddress: string, times: number) {
    for (let i = 0; i < times; i++) {
      const res = await attempt(username, `wrong-${i}`, remoteAddress);
      expect(res.statusCode).toBe(401);
    }
  }

  it('closes only the (account, address) pair: a stranger cannot lock the super user out', async () => {
    await newUser('root', 1);
    const stranger = '203.0.113.10';
    await fail('root', stranger, PAIR_FAILURES + 2);

    const fromStranger = await attempt('root', PASSWORD, stranger);
    expect(fromStranger.statusCode).toBe(401);
    expect(fromStranger.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Unauthorized',
    });
    const fromOwner = await attempt('root', PASSWORD, '198.51.100.20');
    expect(fromOwner.statusCode).toBe(200);
    // The owner's success does not open the stranger's pair.
    expect((await attempt('root', PASSWORD, stranger)).statusCode).toBe(401);
  });

  it('opens a closed pair again after 15 minutes', async () => {
    const uuid = await newUser('patient');
    const address = '203.0.113.11';
    await fail('patient', address, PAIR_FAILURES);
    expect((await attempt('patient', PASSWORD, address)).statusCode).toBe(401);
    await t.database.db
      .updateTable('sign_in_failures')
      .set({ at: sql<Date>`now() - interval '16 minutes'` })
      .where('user_uuid', '=', uuid)
      .execute();
    expect((await attempt('patient', PASSWORD, address)).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one source', async () => {
    await newUser('six');
    for (let i = 0; i < PAIR_FAILURES; i++) {
      const res = await attempt('six', 'wrong', `2001:db8:1:2::${(i + 1).toString(16)}`);
      expect(res.statusCode).toBe(401);
    }
    expect((await attempt('six', PASSWORD, '2001:db8:1:2:ffff::1')).statusCode).toBe(401);
    expect((await attempt('six', PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('closes an address failing across many accounts to accounts it never signed in from', async () => {
    await newUser('colleague');
    await newUser('newcomer');
    const office = '203.0.113.12';
    // The colleague signed in from the office before; the newcomer never did.
    expect((await attempt('colleague', PASSWORD, office)).statusCode).toBe(200);
    for (let i = 0; i < SOURCE_FAILURES; i++) {
      const res = await attempt(`sprayed-${i}@lockout.test`, PASSWORD, office);
      expect(res.statusCode).toBe(401);
    }
    expect((await attempt('newcomer', PASSWORD, office)).statusCode).toBe(401);
    expect((await attempt('colleague', PASSWORD, office)).statusCode).toBe(200);
    expect((await attempt('newcomer', PASSWORD, '198.51.100.21')).statusCode).toBe(200);
  });

  it('suspends an account failing from many addresses for unknown ones, never for its owner’s known address', async () => {
    const uuid = await newUser('target', 2);
    const home = '198.51.100.22';
    expect((await attempt('target', PASSWORD, home)).statusCode).toBe(200);
    // A botnet: a few guesses from each of many addresses, under the pair limit.
    const perAddress = 3;
    for (let i = 0; i < ACCOUNT_FAILURES / perAddress; i++) {
      await fail('target', `192.0.2.${i + 1}`, perAddress);
    }
    expect((await attempt('target', PASSWORD, '192.0.2.200')).statusCode).toBe(401);
    expect((await attempt('target', PASSWORD, home)).statusCode).toBe(200);

    const manager = await signIn(t.app, emails.managerA);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/entity/user/${uuid}`,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(seen.json()).toMatchObject({ loginSuspended: true });
    const until = new Date(
      seen.json<{ loginSuspendedUntil: string }>().loginSuspendedUntil,
    ).getTime();
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 5_000);

    const lift = await t.app.inject({
      method: 'PUT',
      url: `/api/entity/user/${uuid}`,
      headers: { authorization: `Bearer ${manager}` },
      payload: { loginSuspended: false },
    });
    expect(lift.statusCode).toBe(200);
    expect((await attempt('target', PASSWORD, '192.0.2.200')).statusCode).toBe(200);
  });

  it('shows a closed pair to the manager as a suspension, who opens it by lifting it', async () => {
    const uuid = await newUser('forgiven');
    const address = '203.0.113.13';
    const manager = await signIn(t.app, emails.managerA);
    const read = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/entity/user/${uuid}`,
          headers: { authorization: `Bearer ${manager}` },
        })
      ).json<{ loginSuspended: boolean; loginSuspendedUntil: string | null }>();
    await fail('forgiven', address, PAIR_FAILURES - 1);
    expect(await read()).toMatchObject({ loginSuspended: false, loginSuspendedUntil: null });
    const before = Date.now();
    await fail('forgiven', address, 1);
    expect((await attempt('forgiven', PASSWORD, address)).statusCode).toBe(401);
    // The manager the user calls sees why they cannot sign in, and until when.
    const held = await read();
    expect(held.loginSuspended).toBe(true);
    const until = Date.parse(held.loginSuspendedUntil ?? '');
    expect(until).toBeGreaterThan(before + LOCKOUT_WINDOW_MS - 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + LOCKOUT_WINDOW_MS);
    const lift = await t.app.inject({
      method: 'PUT',
      url: `/api/entity/user/${uuid}`,
      headers: { authorization: `Bearer ${manager}` },
      payload: { loginSuspended: false },
    });
    expect(lift.statusCode).toBe(200);
    expect(lift.json()).toMatchObject({ loginSuspended: false, loginSuspendedUntil: null });
    expect((await attempt('forgiven', PASSWORD, address)).statusCode).toBe(200);
  });
});
