import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.ts';
import type { NewUser } from '../../server/db/types.ts';
import { useWorldApp, type As } from '../helpers/world-app.ts';
import { PASSWORD, signIn } from '../helpers/world.ts';

type Method = Parameters<As>[1];

const OUTRANKED = 'You may not change a user with more rights than your own';

/**
 * An account manager works in their organisation tree, but a super user placed
 * in that tree must stay out of their reach: otherwise the manager could set
 * the super user's password and take over the platform.
 */
describe('changing a user with more rights than one’s own', () => {
  const t = useWorldApp();
  const { as } = t;
  let hash: string;
  let made = 0;

  beforeAll(async () => {
    hash = await hashPassword(PASSWORD);
  });

  /** A fresh user for one test, so no test depends on another's leftovers. */
  const addUser = async (group: 1 | 2 | 3, orgUuid: string, extra: Partial<NewUser> = {}) => {
    const email = `rank-${++made}@world.test`;
    const row = await t.database.db
      .insertInto('users')
      .values({
        email,
        username: email,
        org_uuid: orgUuid,
        group_id: group,
        first_name: 'Rank',
        last_name: 'Test',
        password_hash: hash,
        confirmed_at: new Date(),
        active: true,
        ...extra,
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    return { uuid: row.uuid, email };
  };
  const rowOf = (uuid: string) =>
    t.database.db.selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  const mailLinksOf = async (uuid: string) =>
    (
      await t.database.db
        .selectFrom('user_tokens')
        .select('token_hash')
        .where('user_uuid', '=', uuid)
        .execute()
    ).length;
  const signInStatus = async (username: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/basic',
        payload: { username, password },
      })
    ).statusCode;

  /** Every change a manager could try on another user. */
  const changes = (uuid: string): [Method, string, object?][] => {
    const url = `/api/entity/user/${uuid}`;
    return [
      ['PUT', url, { firstName: 'Owned' }],
      ['PUT', url, { email: 'attacker@world.test' }],
      ['PUT', url, { groupId: 3 }],
      ['PUT', url, { active: false }],
      ['PUT', url, { orgUuid: t.world.orgs.alpha }],
      ['PUT', url, { loginSuspended: false }],
      ['POST', `${url}/setpassword`, { newPassword: 'taken-over-1' }],
      ['POST', `${url}/resendconfirmmail`],
      ['DELETE', url],
    ];
  };

  it('refuses every change a manager tries on a super user in their organisation tree', async () => {
    const boss = await addUser(1, t.world.orgs.alphaNorth);
    const session = await signIn(t.app, boss.email);
    const before = await rowOf(boss.uuid);

    for (const [method, url, body] of changes(boss.uuid)) {
      const res = await as('managerA', method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(403);
      expect(res.json()).toMatchObject({ message: OUTRANKED });
    }

    expect(await rowOf(boss.uuid)).toEqual(before);
    expect(await mailLinksOf(boss.uuid)).toBe(0);
    expect(await signInStatus(boss.email, PASSWORD)).toBe(200);
    expect(await signInStatus(boss.email, 'taken-over-1')).toBe(401);
    const stillSignedIn = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(stillSignedIn.statusCode).toBe(200);
  });

  it('neither lifts a super user’s suspension nor mails them a confirmation link for a manager', async () => {
    const until = new Date(Date.now() + 15 * 60_000);
    const boss = await addUser(1, t.world.orgs.alpha, {
      confirmed_at: null,
      login_suspended_until: until,
    });
    const url = `/api/entity/user/${boss.uuid}`;

    const lift = await as('managerA', 'PUT', url, { loginSuspended: false });
    expect(lift.statusCode).toBe(403);
    const resend = await as('managerA', 'POST', `${url}/resendconfirmmail`);
    expect(resend.statusCode).toBe(403);
    expect(resend.json()).toMatchObject({ message: OUTRANKED });

    const row = await rowOf(boss.uuid);
    expect(row?.login_suspended_until).toEqual(until);
    expect(row?.confirmed_at).toBeNull();
    expect(await mailLinksOf(boss.uuid)).toBe(0);
  });

  it('still lets a manager see a super user in their tree, and hides one outside it', async () => {
    const boss = await addUser(1, t.world.orgs.alphaNorth);
    const seen = await as('managerA', 'GET', `/api/entity/user/${boss.uuid}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ uuid: boss.uuid, group: { id: 1 } });
    const listed = await as('managerA', 'GET', '/api/entity/users');
    expect(listed.json<{ uuid: string }[]>().map((u) => u.uuid)).toContain(boss.uuid);

    // Outside the tree the super user does not exist, not even as a 403.
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const body = method === 'PUT' ? { firstName: 'Owned' } : undefined;
      const res = await as('managerB', method, `/api/entity/user/${boss.uuid}`, body);
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('lets a manager make every change on a user in their tree', async () => {
    const plain = await addUser(3, t.world.orgs.alphaNorth, {
      confirmed_at: null,
      login_suspended_until: new Date(Date.now() + 15 * 60_000),
    });
    const url = `/api/entity/user/${plain.uuid}`;

    const edited = await as('managerA', 'PUT', url, { firstName: 'Edited', active: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ firstName: 'Edited' });
    const lifted = await as('managerA', 'PUT', url, { loginSuspended: false });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toMatchObject({ loginSuspended: false });
    const resent = await as('managerA', 'POST', `${url}/resendconfirmmail`);
    expect(resent.json()).toEqual({ ok: true });
    expect(await mailLinksOf(plain.uuid)).toBe(1);
    const password = await as('managerA', 'POST', `${url}/setpassword`, {
      newPassword: 'set-by-manager',
    });
    expect(password.json()).toEqual({ ok: true });
    expect(await signInStatus(plain.email, 'set-by-manager')).toBe(200);
    const gone = await as('managerA', 'DELETE', url);
    expect(gone.json()).toEqual({ ok: true });
    expect(await rowOf(plain.uuid)).toBeUndefined();
  });

  it('lets a manager change another manager in their tree', async () => {
    const peer = await addUser(2, t.world.orgs.alphaNorth);
    const demoted = await as('managerA', 'PUT', `/api/entity/user/${peer.uuid}`, { groupId: 3 });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ group: { id: 3 } });
  });

  it('lets a super user make every change on a manager', async () => {
    const manager = await addUser(2, t.world.orgs.alpha);
    const url = `/api/entity/user/${manager.uuid}`;

    const demoted = await as('super', 'PUT', url, { firstName: 'Demoted', groupId: 3 });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ firstName: 'Demoted', group: { id: 3 } });
    const password = await as('super', 'POST', `${url}/setpassword`, {
      newPassword: 'set-by-super',
    });
    expect(password.json()).toEqual({ ok: true });
    expect(await signInStatus(manager.email, 'set-by-super')).toBe(200);
    const gone = await as('super', 'DELETE', url);
    expect(gone.json()).toEqual({ ok: true });
    expect(await rowOf(manager.uuid)).toBeUndefined();
  });

  it('does not let a manager raise a user to super user, or create one', async () => {
    const plain = await addUser(3, t.world.orgs.alpha);
    const raised = await as('managerA', 'PUT', `/api/entity/user/${plain.uuid}`, { groupId: 1 });
    expect(raised.statusCode).toBe(403);
    expect(raised.json()).toMatchObject({
      message: 'You cannot give a user more rights than your own',
    });
    expect((await rowOf(plain.uuid))?.group_id).toBe(3);

    const created = await as('managerA', 'POST', '/api/entity/user', {
      email: 'would-be-super@world.test',
      orgUuid: t.world.orgs.alpha,
      groupId: 1,
    });
    expect(created.statusCode).toBe(403);
    const row = await t.database.db
      .selectFrom('users')
      .select('uuid')
      .where('email', '=', 'would-be-super@world.test')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('keeps the rules for one’s own record: profile and password yes, own group no', async () => {
    const self = await addUser(2, t.world.orgs.alpha);
    const session = await signIn(t.app, self.email);
    const own = (method: 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${session}` },
        payload,
      });
    const url = `/api/entity/user/${self.uuid}`;

    expect((await own('PUT', url, { firstName: 'Myself' })).statusCode).toBe(200);
    expect((await own('PUT', url, { groupId: 1 })).statusCode).toBe(403);
    const password = await own('POST', `${url}/setpassword`, {
      oldPassword: PASSWORD,
      newPassword: 'my-own-new-one',
    });
    expect(password.json()).toEqual({ ok: true });
    expect((await rowOf(self.uuid))?.group_id).toBe(2);
  });
  it('answers the privilege test as the routes act: no changing a super user for a manager', async () => {
    const boss = await addUser(1, t.world.orgs.alphaNorth);
    const plain = await addUser(3, t.world.orgs.alphaNorth);
    const names = 'user.list|user.modify|user.delete';
    const one = await as('managerA', 'GET', `/api/acl/test/${boss.uuid}/${names}`);
    expect(one.json()).toEqual({ 'user.list': true, 'user.modify': false, 'user.delete': false });
    const many = await as('managerA', 'POST', `/api/acl/test/${names}`, {
      resources: [boss.uuid, plain.uuid],
    });
    expect(many.json<{ resources: Record<string, unknown> }>().resources).toEqual({
      [boss.uuid]: { 'user.list': true, 'user.modify': false, 'user.delete': false },
      [plain.uuid]: { 'user.list': true, 'user.modify': true, 'user.delete': true },
    });
    const bySuper = await as('super', 'GET', `/api/acl/test/${boss.uuid}/${names}`);
    expect(bySuper.json()).toEqual({ 'user.list': true, 'user.modify': true, 'user.delete': true });
  });
});
