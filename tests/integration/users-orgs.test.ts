import { describe, expect, it } from 'vitest';
import { useWorldApp } from '../helpers/world-app.ts';

describe('users', () => {
  const t = useWorldApp();
  const { as } = t;

  it('creates a user in a sub-organisation with Danish phone formatting', async () => {
    const res = await as('managerA', 'POST', '/api/entity/user', {
      email: 'Ny.Bruger@world.test',
      orgUuid: t.world.orgs.alphaNorth,
      firstName: 'Ny',
      lastName: 'Bruger',
      phone: '33 12 34 56',
      mobile: 'ring til receptionen',
      tags: ['pilot'],
      social: { linkedin: 'https://www.linkedin.com/in/ny-bruger' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'Ny.Bruger@world.test',
      username: 'Ny.Bruger@world.test',
      org: { uuid: t.world.orgs.alphaNorth, name: 'Alpha North' },
      group: { id: 3, name: 'user' },
      phone: '+45 33 12 34 56',
      mobile: 'ring til receptionen',
      tags: ['pilot'],
      active: true,
      confirmed: false,
      confirmationMailSent: true,
    });
    expect(res.json()).not.toHaveProperty('internal');
  });

  it('refuses an e-mail that is already taken, in any case', async () => {
    const res = await as('super', 'POST', '/api/entity/user', {
      email: 'USER.A@world.test',
      orgUuid: t.world.orgs.beta,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'E-mail is already assigned to a user account!' });
  });

  it('requires e-mail and organisation', async () => {
    const noOrg = await as('super', 'POST', '/api/entity/user', { email: 'x@world.test' });
    expect(noOrg.statusCode).toBe(400);
    expect(noOrg.json<{ message: string }>().message).toMatch(/orgUuid/);
    const noEmail = await as('super', 'POST', '/api/entity/user', { orgUuid: t.world.orgs.beta });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json<{ message: string }>().message).toMatch(/email/);
  });

  it('lets a user edit their own profile but not their access', async () => {
    const own = await as('userA', 'PUT', `/api/entity/user/${t.world.users.userA}`, {
      firstName: 'Arnold',
      bio: 'Driftsoperatør',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ firstName: 'Arnold', bio: 'Driftsoperatør', internal: {} });
    for (const payload of [{ groupId: 2 }, { active: false }, { orgUuid: t.world.orgs.beta }]) {
      const res = await as('userA', 'PUT', `/api/entity/user/${t.world.users.userA}`, payload);
      expect(res.statusCode).toBe(403);
    }
  });

  it('takes back one’s own profile as it was read, unchanged access included, and stays signed in', async () => {
    const read = await as('userA', 'GET', `/api/entity/user/${t.world.users.userA}`);
    const user = read.json<{ group: { id: number }; org: { uuid: string }; active: boolean }>();
    const res = await as('userA', 'PUT', `/api/entity/user/${t.world.users.userA}`, {
      groupId: user.group.id,
      orgUuid: user.org.uuid,
      active: user.active,
      position: 'Vagthavende',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ position: 'Vagthavende' });
    // Sending the unchanged group and organisation ends no session.
    const again = await as('userA', 'GET', '/api/auth/user');
    expect(again.statusCode).toBe(200);
  });

  it('lets a manager move a user within their organisations and change the group, not above their own', async () => {
    const created = await as('managerA', 'POST', '/api/entity/user', {
      email: 'mover@world.test',
      orgUuid: t.world.orgs.alpha,
    });
    const uuid = created.json<{ uuid: string }>().uuid;
    const moved = await as('managerA', 'PUT', `/api/entity/user/${uuid}`, {
      orgUuid: t.world.orgs.alphaNorth,
      groupId: 2,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      org: { uuid: t.world.orgs.alphaNorth },
      group: { id: 2 },
    });
    const elevated = await as('managerA', 'PUT', `/api/entity/user/${uuid}`, { groupId: 1 });
    expect(elevated.statusCode).toBe(403);
  });

  it('keeps settings, favourites and dashboards in the user’s own store', async () => {
    const store = {
      settings: { language: 'en', theme: 1, trp: 25 },
      favourites: [{ id: t.world.alphaThings.device.id, name: 'Alpha device', type: 'device' }],
      dashboards: [{ id: 'my-dashboard-a1b2c3', name: 'My Dashboard', color: 'teal', graphs: [] }],
    };
    const saved = await as(
      'userA1',
      'PUT',
      `/api/entity/user/${t.world.users.userA1}/internal`,
      store,
    );
    expect(saved.json()).toEqual({ ok: true });
    const partial = await as('userA1', 'PUT', `/api/entity/user/${t.world.users.userA1}/internal`, {
      settings: { language: 'da' },
    });
    expect(partial.statusCode).toBe(200);
    const me = await as('userA1', 'GET', '/api/auth/user');
    // Dashboards are rows of their own, read back in the spec's shape (description null when not given).
    expect(me.json<{ internal: unknown }>().internal).toEqual({
      ...store,
      dashboards: [{ ...store.dashboards[0], description: null }],
      settings: { language: 'da' },
    });

    const other = await as(
      'managerA',
      'PUT',
      `/api/entity/user/${t.world.users.userA1}/internal`,
      store,
    );
    expect(other.statusCode).toBe(403);
    const huge = await as('userA1', 'PUT', `/api/entity/user/${t.world.users.userA1}/internal`, {
      settings: Object.fromEntries(
        Array.from({ length: 60 }, (_, i) => [`note${i}`, 'x'.repeat(10_000)]),
      ),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json<{ message: string }>().message).toMatch(/512 KB/);
  });

  it('changes one’s own password only with the current one, and signs out other sessions', async () => {
    const wrong = await as(
      'userA1',
      'POST',
      `/api/entity/user/${t.world.users.userA1}/setpassword`,
      {
        oldPassword: 'nope-nope',
        newPassword: 'brand-new-pass',
      },
    );
    expect(wrong.statusCode).toBe(400);
    const right = await as(
      'userA1',
      'POST',
      `/api/entity/user/${t.world.users.userA1}/setpassword`,
      {
        oldPassword: 'world-password-1',
        newPassword: 'brand-new-pass',
      },
    );
    expect(right.json()).toEqual({ ok: true });
    expect((await as('userA1', 'GET', '/api/auth/user')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/basic',
      payload: { username: 'user.a1@world.test', password: 'brand-new-pass' },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('organisations', () => {
  const t = useWorldApp();
  const { as } = t;
  const address = { address: 'Havnegade 4', zip: '8000', city: 'Aarhus C', country: 'Denmark' };

  it('creates a sub-organisation with the required fields', async () => {
    const res = await as('managerA', 'POST', '/api/entity/organisation', {
      name: 'Alpha South',
      parentUuid: t.world.orgs.alpha,
      website: 'https://south.alpha.example',
      phone: '+45 33 12 34 56',
      metadata: { contract: 'S-1', floor: 3 },
      ...address,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Alpha South',
      parent: { uuid: t.world.orgs.alpha, name: 'Alpha' },
      city: 'Aarhus C',
      timeZone: 'Europe/Copenhagen',
      counts: { devices: 0, projects: 0, collections: 0 },
    });
    const subs = await as(
      'managerA',
      'GET',
      `/api/entity/organisation/${t.world.orgs.alpha}/suborgs`,
    );
    expect(
      subs
        .json<{ name: string }[]>()
        .map((o) => o.name)
        .sort(),
    ).toEqual(['Alpha North', 'Alpha South']);
    const uuid = res.json<{ uuid: string }>().uuid;
    const meta = await as('managerA', 'GET', `/api/orgMetadata/${uuid}`);
    expect(meta.json()).toEqual({ uuid, metadata: { contract: 'S-1', floor: 3 } });
  });

  it('requires name, address, city, zip, country and parent', async () => {
    for (const missing of ['name', 'address', 'city', 'zip', 'country', 'parentUuid']) {
      const body = Object.fromEntries(
        Object.entries({ name: 'X', parentUuid: t.world.orgs.alpha, ...address }).filter(
          ([key]) => key !== missing,
        ),
      );
      const res = await as('managerA', 'POST', '/api/entity/organisation', body);
      expect(res.statusCode, missing).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(missing);
    }
    const blank = await as('managerA', 'POST', '/api/entity/organisation', {
      name: '   ',
      parentUuid: t.world.orgs.alpha,
      ...address,
    });
    expect(blank.statusCode).toBe(400);
  });

  it('keeps a country as its code, whether the code or its English or Danish name was sent', async () => {
    const made: { uuid: string; country: string }[] = [];
    for (const [name, country] of [
      ['Alpha Dansk', 'Danmark'],
      ['Alpha English', 'Denmark'],
      ['Alpha Code', 'dk'],
      ['Alpha Svensk', 'Sverige'],
    ] as const) {
      const res = await as('managerA', 'POST', '/api/entity/organisation', {
        name,
        parentUuid: t.world.orgs.alpha,
        ...address,
        country,
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<{ uuid: string; country: string }>());
    }
    expect(made.map((org) => org.country)).toEqual(['DK', 'DK', 'DK', 'SE']);

    const uuid = made[0]?.uuid ?? '';
    const renamed = await as('managerA', 'PUT', `/api/entity/organisation/${uuid}`, {
      country: 'Germany',
    });
    expect(renamed.json()).toMatchObject({ country: 'DE' });
    const unknown = await as('managerA', 'PUT', `/api/entity/organisation/${uuid}`, {
      country: 'Nordlysland',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/^Unknown country: Nordlysland\./);

    // A name stored before countries were kept as codes reads as the code.
    await t.database.db
      .updateTable('organisations')
      .set({ country: 'Danmark' })
      .where('uuid', '=', uuid)
      .execute();
    const read = await as('managerA', 'GET', `/api/entity/organisation/${uuid}`);
    expect(read.json()).toMatchObject({ country: 'DK' });

    for (const org of made) {
      expect(
        (await as('managerA', 'DELETE', `/api/entity/organisation/${org.uuid}`)).statusCode,
      ).toBe(200);
    }
  });

  it("answers a bad website with 'Not a valid URL'", async () => {
    for (const website of ['not a url', 'ftp://files.example.com', 'http://localhost']) {
      const res = await as('managerA', 'POST', '/api/entity/organisation', {
        name: 'Web',
        parentUuid: t.world.orgs.alpha,
        website,
        ...address,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Not a valid URL' });
    }
  });

  it('refuses to delete an organisation that still has users, and deletes an empty one', async () => {
    const busy = await as(
      'managerA',
      'DELETE',
      `/api/entity/organisation/${t.world.orgs.alphaNorth}`,
    );
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ message: 'Organisation still has users' });

    const empty = await as('managerA', 'POST', '/api/entity/organisation', {
      name: 'Short-lived',
      parentUuid: t.world.orgs.alpha,
      ...address,
    });
    const uuid = empty.json<{ uuid: string }>().uuid;
    const gone = await as('managerA', 'DELETE', `/api/entity/organisation/${uuid}`);
    expect(gone.json()).toEqual({ ok: true });
    expect((await as('managerA', 'GET', `/api/entity/organisation/${uuid}`)).statusCode).toBe(404);
  });

  it('will not place an organisation under its own sub-organisation', async () => {
    const res = await as('super', 'PUT', `/api/entity/organisation/${t.world.orgs.alpha}`, {
      parentUuid: t.world.orgs.alphaNorth,
    });
    expect(res.statusCode).toBe(400);
    const row = await t.database.db
      .selectFrom('organisations')
      .select('parent_uuid')
      .where('uuid', '=', t.world.orgs.alpha)
      .executeTakeFirstOrThrow();
    expect(row.parent_uuid).toBe(t.world.orgs.platform);
  });

  it('counts devices through the sub-organisations and serves metadata', async () => {
    const total = await as('managerA', 'GET', `/api/v2/total-devices/${t.world.orgs.alpha}`);
    expect(total.json()).toEqual({ total: 2 });
    await as('managerA', 'PUT', `/api/entity/organisation/${t.world.orgs.alpha}`, {
      metadata: { contract: 'A-42' },
    });
    const meta = await as('userA', 'GET', `/api/orgMetadata/${t.world.orgs.alpha}`);
    expect(meta.json()).toEqual({ uuid: t.world.orgs.alpha, metadata: { contract: 'A-42' } });
  });
});
