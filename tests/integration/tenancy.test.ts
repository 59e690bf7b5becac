import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPoints } from '../helpers/device-data.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  emails,
  seedWorld,
  signIn,
  signInAll,
  type World,
  type WorldUser,
} from '../helpers/world.ts';

/**
 * The tenancy model, as these tests assert it:
 *
 *   Platform (super)
 *   ├── Alpha (managerA, userA)          registry, device type, function, device, project
 *   │   └── Alpha North (userA1)         registry, device type, function, device, project
 *   └── Beta (managerB, userB)           registry, device type, function, device, project
 *
 * - A super user sees and does everything everywhere.
 * - An account manager works in their organisation and its sub-organisations
 *   (managerA: Alpha and Alpha North; never Beta or Platform).
 * - A user works in their own organisation only (userA: Alpha, not Alpha North
 *   nor Beta), read-only except for modifying devices and their own profile.
 * - Anything outside the caller's organisations is answered as missing (404,
 *   or the route's own "does not exist" 400), never 403, so no one learns what
 *   other tenants have. An action in scope that the privilege matrix forbids is 403.
 *
 * Every test creates what it changes or deletes and removes it again, so the
 * tests do not depend on each other's order.
 */
/** A 1×1 PNG, as the picture upload takes it. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('tenancy: no read or write across organisations', () => {
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  type OrgKey = keyof World['orgs'];
  type Problem = string;

  let t: TestApp;
  let world: World;
  let tokens: Record<WorldUser, string>;
  let passwordHash: string | null;

  const actors: WorldUser[] = ['super', 'managerA', 'userA', 'userA1', 'managerB', 'userB'];
  const orgKeys: OrgKey[] = ['platform', 'alpha', 'alphaNorth', 'beta'];

  /** The model: which organisations each world user works in. */
  const scope: Record<WorldUser, readonly OrgKey[]> = {
    super: ['platform', 'alpha', 'alphaNorth', 'beta'],
    managerA: ['alpha', 'alphaNorth'],
    userA: ['alpha'],
    userA1: ['alphaNorth'],
    managerB: ['beta'],
    userB: ['beta'],
  };
  const home: Record<WorldUser, OrgKey> = {
    super: 'platform',
    managerA: 'alpha',
    userA: 'alpha',
    userA1: 'alphaNorth',
    managerB: 'beta',
    userB: 'beta',
  };
  const group: Record<WorldUser, 1 | 2 | 3> = {
    super: 1,
    managerA: 2,
    userA: 3,
    userA1: 3,
    managerB: 2,
    userB: 3,
  };
  const children: Record<OrgKey, readonly OrgKey[]> = {
    platform: ['alpha', 'beta'],
    alpha: ['alphaNorth'],
    alphaNorth: [],
    beta: [],
  };
  const subtreeOf: Record<OrgKey, readonly OrgKey[]> = {
    platform: ['platform', 'alpha', 'alphaNorth', 'beta'],
    alpha: ['alpha', 'alphaNorth'],
    alphaNorth: ['alphaNorth'],
    beta: ['beta'],
  };
  const devicesIn: Record<OrgKey, number> = { platform: 0, alpha: 1, alphaNorth: 1, beta: 1 };

  const sees = (who: WorldUser, org: OrgKey) => scope[who].includes(org);
  /** The registry, device type, function and device seedWorld made in an organisation. */
  const thingsOf = (org: OrgKey) =>
    org === 'platform'
      ? null
      : { alpha: world.alphaThings, alphaNorth: world.alphaNorthThings, beta: world.betaThings }[
          org
        ];
  const usersOf = (org: OrgKey) => actors.filter((u) => home[u] === org);
  const sorted = (values: readonly string[]) => [...values].sort();
  const unique = () => randomUUID().slice(0, 8);

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
    ({ tokens } = await signInAll(t.app));
    passwordHash = (
      await t.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('uuid', '=', world.users.userA)
        .executeTakeFirstOrThrow()
    ).password_hash;
  });

  afterAll(async () => {
    await t.close();
  });

  const send = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const call = (who: WorldUser, method: Method, url: string, payload?: object) =>
    send(tokens[who], method, url, payload);

  /** Checks a status against the allowed ones, and that an error carries a message. */
  function check(label: string, res: LightMyRequestResponse, allowed: readonly number[]) {
    const problems: Problem[] = [];
    if (!allowed.includes(res.statusCode)) {
      problems.push(`${label}: ${res.statusCode} (want ${allowed.join('/')}) ${res.body}`);
    } else if (res.statusCode >= 400) {
      const body = res.json<{ statusCode: number; message: string }>();
      if (body.statusCode !== res.statusCode || !body.message) {
        problems.push(`${label}: error body without statusCode/message: ${res.body}`);
      }
    }
    return problems;
  }

  // Rows made directly in the database, so each test owns what it changes.
  const db = () => t.database.db;
  async function insertUser(orgUuid: string, label: string): Promise<string> {
    const email = `${label}-${unique()}@tenancy.test`;
    const row = await db()
      .insertInto('users')
      .values({
        email,
        username: email,
        org_uuid: orgUuid,
        group_id: 3,
        first_name: 'Victim',
        last_name: label,
        password_hash: passwordHash,
        active: true,
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    return row.uuid;
  }
  async function insertOrg(parentUuid: string, label: string): Promise<string> {
    const row = await db()
      .insertInto('organisations')
      .values({
        name: `${label} ${unique()}`,
        parent_uuid: parentUuid,
        address: 'Vej 2',
        zip: '2000',
        city: 'Aarhus',
        country: 'Denmark',
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    return row.uuid;
  }
  const userRow = (uuid: string) =>
    db().selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  const orgRow = (uuid: string) =>
    db().selectFrom('organisations').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  async function removeUsers(where: { uuids?: string[]; emails?: string[] }) {
    if (where.uuids?.length)
      await db().deleteFrom('users').where('uuid', 'in', where.uuids).execute();
    if (where.emails?.length)
      await db().deleteFrom('users').where('email', 'in', where.emails).execute();
  }
  async function removeOrgs(where: { uuids?: string[]; names?: string[] }) {
    // Names first: a leaked create may sit under a row made here, never the other way round.
    if (where.names?.length)
      await db().deleteFrom('organisations').where('name', 'in', where.names).execute();
    if (where.uuids?.length)
      await db().deleteFrom('organisations').where('uuid', 'in', where.uuids).execute();
  }
  const orgBody = (parentUuid: string, name: string) => ({
    name,
    parentUuid,
    address: 'Vej 3',
    zip: '3000',
    city: 'Helsingør',
    country: 'Denmark',
  });

  describe('lists', () => {
    it.each(actors)('%s lists exactly the users of the organisations in scope', async (who) => {
      const res = await call(who, 'GET', '/api/entity/users');
      expect(res.statusCode).toBe(200);
      const listed = res.json<{ uuid: string; email: string; org: { uuid: string } }[]>();
      const expected = actors.filter((u) => sees(who, home[u]));
      expect(sorted(listed.map((u) => u.email))).toEqual(sorted(expected.map((u) => emails[u])));
      expect(sorted(listed.map((u) => u.uuid))).toEqual(
        sorted(expected.map((u) => world.users[u])),
      );
      const allowedOrgs = scope[who].map((o) => world.orgs[o]);
      expect(listed.every((u) => allowedOrgs.includes(u.org.uuid))).toBe(true);
    });

    it.each(actors)('%s lists exactly the organisations in scope', async (who) => {
      const res = await call(who, 'GET', '/api/entity/organisations');
      expect(res.statusCode).toBe(200);
      const listed = res.json<{ uuid: string }[]>().map((o) => o.uuid);
      expect(sorted(listed)).toEqual(sorted(scope[who].map((o) => world.orgs[o])));
    });

    /** The device-domain lists, and which of a world organisation's things each one holds. */
    const thingLists = [
      { url: '/api/v2/registries', thing: 'registry' },
      { url: '/api/v2/devicetypes', thing: 'deviceType' },
      { url: '/api/v2/cloudfunctions', thing: 'function' },
      { url: '/api/v2/devices', thing: 'device' },
      { url: '/api/v2/projects', thing: 'project' },
      { url: '/api/v2/collections', thing: 'collection' },
    ] as const;

    it.each(actors)(
      '%s lists exactly the registries, device types, functions, devices, projects and collections in scope',
      async (who) => {
        for (const list of thingLists) {
          const res = await call(who, 'GET', `${list.url}?pageSize=500`);
          expect(res.statusCode).toBe(200);
          const page = res.json<{ items: { uuid: string }[]; total: number }>();
          const expected = orgKeys
            .filter((org) => sees(who, org))
            .flatMap((org) => thingsOf(org)?.[list.thing].uuid ?? []);
          expect([list.url, sorted(page.items.map((i) => i.uuid))]).toEqual([
            list.url,
            sorted(expected),
          ]);
          expect(page.total).toBe(expected.length);
          // Asking for an organisation out of scope lists nothing.
          for (const org of orgKeys.filter((o) => !sees(who, o))) {
            const foreign = await call(who, 'GET', `${list.url}?orgUuid=${world.orgs[org]}`);
            expect([list.url, org, foreign.json()]).toEqual([
              list.url,
              org,
              { items: [], total: 0, page: 1, pageSize: 25 },
            ]);
          }
        }
      },
    );

    it.each(actors)(
      '%s gets search suggestions from the organisations in scope only',
      async (who) => {
        const visibleUsers: string[] = actors
          .filter((u) => sees(who, home[u]))
          .map((u) => world.users[u]);
        const visibleOrgs: string[] = scope[who].map((o) => world.orgs[o]);
        const visibleDevices = scope[who].flatMap((o) => thingsOf(o)?.device.id ?? []);
        for (const q of ['a', 'alpha', 'b', 'beta', 'p', 's']) {
          const res = await call(who, 'GET', `/api/v2/search?q=${q}`);
          expect(res.statusCode).toBe(200);
          const found = res.json<Record<string, { id: string | number }[]>>();
          const leaks = [
            ...(found.users ?? []).filter((x) => !visibleUsers.includes(String(x.id))),
            ...(found.orgs ?? []).filter((x) => !visibleOrgs.includes(String(x.id))),
            ...(found.devices ?? []).filter((x) => !visibleDevices.includes(Number(x.id))),
          ];
          expect([q, leaks]).toEqual([q, []]);
        }
      },
    );

    it.each(actors)('%s maps exactly the devices in scope, and their values only', async (who) => {
      const devices = orgKeys.flatMap((org) => thingsOf(org)?.device.id ?? []);
      const key = `tenancy-map-${unique()}`;
      await db()
        .updateTable('devices')
        .set({ calibrated: true, lat: 55.7, lng: 12.6 })
        .where('id', 'in', devices)
        .execute();
      for (const id of devices)
        await insertPoints(db(), id, [{ key, time: '2026-11-20T12:00:00Z', value: id }]);
      try {
        const expected = scope[who]
          .flatMap((o) => thingsOf(o)?.device.id ?? [])
          .sort((a, b) => a - b);
        const map = await call(who, 'GET', '/api/v2/devices/map');
        expect(map.statusCode).toBe(200);
        const drawn = map.json<{ items: { id: number }[]; total: number }>();
        expect(drawn.items.map((d) => d.id)).toEqual(expected);
        expect(drawn.total).toBe(expected.length);
        // Named or not, a foreign device's value is never in the answer.
        for (const ids of ['', `&ids=${devices.join(',')}`]) {
          const res = await call(
            who,
            'GET',
            `/api/v2/devices/map/values?key=${key}&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z${ids}`,
          );
          expect(res.statusCode).toBe(200);
          const values = res.json<{ items: { deviceId: number; value: number }[] }>().items;
          expect([ids, values.map((v) => v.deviceId)]).toEqual([ids, expected]);
        }
      } finally {
        await db().deleteFrom('device_data').where('key', '=', key).execute();
        await db()
          .updateTable('devices')
          .set({ calibrated: false, lat: null, lng: null })
          .where('id', 'in', devices)
          .execute();
      }
    });

    it.each(actors)('%s sees the birthdays of exactly the users in scope', async (who) => {
      const all = Object.values(world.users);
      await db()
        .updateTable('users')
        .set({ birthday: '1990-05-17' })
        .where('uuid', 'in', all)
        .execute();
      try {
        const res = await call(who, 'GET', '/api/v2/annual/2026-01-01/2026-12-31/da');
        expect(res.statusCode).toBe(200);
        const days = res.json<{ userId?: string }[]>();
        const expected = actors.filter((u) => sees(who, home[u])).map((u) => world.users[u]);
        expect(sorted(days.map((day) => day.userId ?? ''))).toEqual(sorted(expected));
      } finally {
        await db().updateTable('users').set({ birthday: null }).where('uuid', 'in', all).execute();
      }
    });

    it('the super user sees every user and organisation there is', async () => {
      const [users, orgs] = await Promise.all([
        db().selectFrom('users').select('uuid').execute(),
        db().selectFrom('organisations').select('uuid').execute(),
      ]);
      const listedUsers = (await call('super', 'GET', '/api/entity/users')).json<
        { uuid: string }[]
      >();
      const listedOrgs = (await call('super', 'GET', '/api/entity/organisations')).json<
        { uuid: string }[]
      >();
      expect(sorted(listedUsers.map((u) => u.uuid))).toEqual(sorted(users.map((u) => u.uuid)));
      expect(sorted(listedOrgs.map((o) => o.uuid))).toEqual(sorted(orgs.map((o) => o.uuid)));
    });
  });

  describe('details and counts', () => {
    /** Every read keyed by an organisation, with what an in-scope answer must contain. */
    const orgReads: {
      name: string;
      url: (org: string) => string;
      body: (who: WorldUser, org: OrgKey) => unknown;
      read: (res: LightMyRequestResponse) => unknown;
    }[] = [
      {
        name: 'organisation',
        url: (org) => `/api/entity/organisation/${org}`,
        body: (_who, org) => world.orgs[org],
        read: (res) => res.json<{ uuid: string }>().uuid,
      },
      {
        name: 'suborgs',
        url: (org) => `/api/entity/organisation/${org}/suborgs`,
        body: (who, org) =>
          sorted(children[org].filter((c) => sees(who, c)).map((c) => world.orgs[c])),
        read: (res) => sorted(res.json<{ uuid: string }[]>().map((o) => o.uuid)),
      },
      {
        name: 'users of organisation',
        url: (org) => `/api/entity/users/${org}`,
        body: (_who, org) => sorted(usersOf(org).map((u) => world.users[u])),
        read: (res) => sorted(res.json<{ uuid: string }[]>().map((u) => u.uuid)),
      },
      {
        name: 'total devices',
        url: (org) => `/api/v2/total-devices/${org}`,
        body: (who, org) => ({
          total: subtreeOf[org].filter((o) => sees(who, o)).reduce((n, o) => n + devicesIn[o], 0),
        }),
        read: (res) => res.json(),
      },
      {
        name: 'metadata',
        url: (org) => `/api/orgMetadata/${org}`,
        body: (_who, org) => ({ uuid: world.orgs[org], metadata: {} }),
        read: (res) => res.json(),
      },
      {
        name: 'API tokens',
        url: (org) => `/api/tokens/${org}`,
        body: () => [],
        read: (res) => res.json(),
      },
    ];

    it.each(actors)(
      '%s reads organisations in scope (200, right content) and nothing else (404)',
      async (who) => {
        const problems: Problem[] = [];
        for (const route of orgReads) {
          for (const org of orgKeys) {
            const label = `${route.name} of ${org}`;
            const res = await call(who, 'GET', route.url(world.orgs[org]));
            if (sees(who, org)) {
              problems.push(...check(label, res, [200]));
              if (res.statusCode === 200) {
                const got = route.read(res);
                const want = route.body(who, org);
                if (JSON.stringify(got) !== JSON.stringify(want))
                  problems.push(
                    `${label}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`,
                  );
              }
            } else {
              problems.push(...check(label, res, [404]));
              if (
                res.body.includes('Alpha') ||
                res.body.includes('Beta') ||
                res.body.includes('Platform')
              )
                problems.push(`${label}: a 404 names an organisation: ${res.body}`);
            }
          }
          const missing = await call(who, 'GET', route.url(randomUUID()));
          problems.push(...check(`${route.name} of an unknown uuid`, missing, [404]));
        }
        expect(problems).toEqual([]);
      },
    );

    it.each(actors)(
      '%s reads the data history of devices in scope (200) and of no other (404)',
      async (who) => {
        const problems: Problem[] = [];
        const devices: [OrgKey, number][] = [
          ['alpha', world.alphaThings.device.id],
          ['alphaNorth', world.alphaNorthThings.device.id],
          ['beta', world.betaThings.device.id],
        ];
        const range = `${encodeURIComponent('2024-01-01 00:00:00')}/${encodeURIComponent('2024-01-01 23:59:59')}`;
        for (const [org, id] of devices) {
          for (const url of [
            `/api/v2/devicedata-clean/${id}/${range}/temperature`,
            `/api/v2/devicedata-clean/${id}/temperature/${range}/sum`,
            `/api/v2/devicedata-clean/${id}/${range}/temperature?raw=true`,
            `/api/v2/devicedata-clean/${id}/${range}/temperature?raw=true&timeZone=UTC`,
          ]) {
            problems.push(
              ...check(
                `${url} (${org})`,
                await call(who, 'GET', url),
                sees(who, org) ? [200] : [404],
              ),
            );
          }
        }
        expect(problems).toEqual([]);
      },
    );

    it.each(actors)(
      '%s reads the same history in one batch, each read answered as it is alone',
      async (who) => {
        const range = `${encodeURIComponent('2024-01-01 00:00:00')}/${encodeURIComponent('2024-01-01 23:59:59')}`;
        const reads: { url: string; org: OrgKey }[] = [];
        for (const [org, id] of [
          ['alpha', world.alphaThings.device.id],
          ['alphaNorth', world.alphaNorthThings.device.id],
          ['beta', world.betaThings.device.id],
        ] as const) {
          reads.push(
            { org, url: `/api/v2/devicedata-clean/${id}/${range}/temperature?raw=true` },
            { org, url: `/api/v2/devicedata-clean/${id}/temperature/${range}/sum` },
          );
        }
        const res = await call(who, 'POST', '/api/v2/devicedata-batch', {
          requests: reads.map(({ url }, index) => ({ id: String(index), url })),
        });
        expect(res.statusCode).toBe(200);
        const { responses } = res.json<{ responses: { id: string; status: number }[] }>();
        expect(responses.map(({ id, status }) => [id, status])).toEqual(
          reads.map(({ org }, index) => [String(index), sees(who, org) ? 200 : 404]),
        );
      },
    );

    it('counts only the devices in scope', async () => {
      const total = async (who: WorldUser, org: OrgKey) =>
        (await call(who, 'GET', `/api/v2/total-devices/${world.orgs[org]}`)).json<{
          total: number;
        }>().total;
      expect(await total('super', 'platform')).toBe(3);
      expect(await total('super', 'alpha')).toBe(2);
      expect(await total('managerA', 'alpha')).toBe(2);
      expect(await total('managerA', 'alphaNorth')).toBe(1);
      expect(await total('userA', 'alpha')).toBe(1);
      expect(await total('managerB', 'beta')).toBe(1);
    });

    it.each(actors)('%s reads the users in scope and no one else', async (who) => {
      const problems: Problem[] = [];
      for (const target of actors) {
        const res = await call(who, 'GET', `/api/entity/user/${world.users[target]}`);
        if (sees(who, home[target]) || who === target) {
          problems.push(...check(`user ${target}`, res, [200]));
          if (res.statusCode === 200 && res.json<{ uuid: string }>().uuid !== world.users[target])
            problems.push(`user ${target}: wrong user ${res.body}`);
        } else {
          problems.push(...check(`user ${target}`, res, [404]));
          if (res.body.includes(emails[target])) problems.push(`user ${target}: 404 leaks e-mail`);
        }
      }
      problems.push(
        ...check('unknown user', await call(who, 'GET', `/api/entity/user/${randomUUID()}`), [404]),
      );
      expect(problems).toEqual([]);
    });

    it.each(actors)(
      '%s reads registries, device types, functions, devices, projects and collections in scope (200) and nothing else (404)',
      async (who) => {
        const problems: Problem[] = [];
        const reads = (things: ReturnType<typeof thingsOf>) =>
          [
            [
              'registry',
              `/api/v2/registry/${things?.registry.id ?? 999_999}`,
              things?.registry.uuid,
            ],
            [
              'registry (plural path)',
              `/api/v2/registries/${things?.registry.id ?? 999_999}`,
              things?.registry.uuid,
            ],
            [
              'device type',
              `/api/v2/devicetype/${things?.deviceType.id ?? 999_999}`,
              things?.deviceType.uuid,
            ],
            [
              'function',
              `/api/v2/cloudfunction/${things?.function.id ?? 999_999}`,
              things?.function.uuid,
            ],
            ['device', `/api/v2/device/${things?.device.id ?? 999_999}`, things?.device.uuid],
            ['project', `/api/v2/project/${things?.project.id ?? 999_999}`, things?.project.uuid],
            [
              'collection',
              `/api/v2/collection/${things?.collection.id ?? 999_999}`,
              things?.collection.uuid,
            ],
            [
              'devices of registry',
              `/api/v2/devices/${things?.registry.id ?? 999_999}`,
              things?.device.uuid,
            ],
          ] as const;
        for (const org of ['alpha', 'alphaNorth', 'beta'] as const) {
          for (const [name, url, uuid] of reads(thingsOf(org))) {
            const label = `${name} of ${org}`;
            const res = await call(who, 'GET', url);
            if (sees(who, org)) {
              problems.push(...check(label, res, [200]));
              const body = res.json<{ uuid?: string; items?: { uuid: string }[] }>();
              const got = body.items ? body.items.map((i) => i.uuid) : [body.uuid];
              if (res.statusCode === 200 && JSON.stringify(got) !== JSON.stringify([uuid]))
                problems.push(`${label}: got ${res.body.slice(0, 200)}`);
            } else {
              problems.push(...check(label, res, [404]));
              if (res.body.includes('Alpha') || res.body.includes('Beta'))
                problems.push(`${label}: a 404 names an organisation: ${res.body}`);
            }
          }
        }
        for (const [name, url] of reads(null)) {
          problems.push(...check(`${name} of an unknown id`, await call(who, 'GET', url), [404]));
        }
        expect(problems).toEqual([]);
      },
    );

    it.each(actors)(
      '%s reads the device history, data keys and data of collections in scope (200) and nothing else (404)',
      async (who) => {
        const problems: Problem[] = [];
        const range = 'from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z';
        const reads = (id: number) => [
          ['history', `/api/v2/collection/${id}/devices`],
          ['keys', `/api/v2/collection/${id}/keys`],
          ['data', `/api/v2/collection/${id}/data/temperature?${range}`],
        ];
        for (const org of ['alpha', 'alphaNorth', 'beta'] as const) {
          for (const [what, url] of reads(thingsOf(org)?.collection.id ?? 999_999)) {
            const res = await call(who, 'GET', url ?? '');
            problems.push(...check(`${what} of ${org}`, res, sees(who, org) ? [200] : [404]));
            const body = res.statusCode === 200 ? res.json<unknown>() : null;
            const shaped =
              what === 'history'
                ? Array.isArray(body)
                : 'keys' in Object(body) || 'segments' in Object(body);
            if (body !== null && !shaped)
              problems.push(`${what} of ${org}: ${res.body.slice(0, 200)}`);
          }
        }
        for (const [what, url] of reads(999_999)) {
          problems.push(
            ...check(`${what} of an unknown collection`, await call(who, 'GET', url ?? ''), [404]),
          );
        }
        expect(problems).toEqual([]);
      },
    );

    it.each(actors)(
      '%s reads the pictures of devices in scope (200) and nothing else (404)',
      async (who) => {
        const problems: Problem[] = [];
        for (const org of ['alpha', 'alphaNorth', 'beta'] as const) {
          const device = thingsOf(org)?.device.id ?? 999_999;
          const picture = await db()
            .insertInto('device_pictures')
            .values({
              device_id: device,
              file_name: 'probe.png',
              content_type: 'image/png',
              size_bytes: 1,
              storage_key: `device-pictures/${device}/probe-${unique()}`,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          try {
            const list = await call(who, 'GET', `/api/v2/device/${device}/pictures`);
            // The row has no file behind it: in scope that is a 404 too, so only the list tells.
            const one = await call(who, 'GET', `/api/v2/device/${device}/picture/${picture.id}`);
            if (sees(who, org)) {
              problems.push(...check(`pictures of ${org}`, list, [200]));
              if (!list.json<{ id: number }[]>().some((p) => p.id === picture.id))
                problems.push(`pictures of ${org}: the picture is not listed`);
            } else {
              problems.push(...check(`pictures of ${org}`, list, [404]));
              problems.push(...check(`picture of ${org}`, one, [404]));
            }
          } finally {
            await db().deleteFrom('device_pictures').where('id', '=', picture.id).execute();
          }
        }
        problems.push(
          ...check(
            'pictures of an unknown device',
            await call(who, 'GET', '/api/v2/device/999999/pictures'),
            [404],
          ),
        );
        expect(problems).toEqual([]);
      },
    );

    it.each(actors)(
      '%s reads the MQTT forward state of devices in scope (200) and nothing else (404)',
      async (who) => {
        const problems: Problem[] = [];
        for (const org of ['alpha', 'alphaNorth', 'beta'] as const) {
          const device = thingsOf(org)?.device.id ?? 999_999;
          const res = await call(who, 'GET', `/api/v2/device/${device}/mqtt-forward`);
          problems.push(...check(`forward state of ${org}`, res, [sees(who, org) ? 200 : 404]));
        }
        const unknown = await call(who, 'GET', '/api/v2/device/999999/mqtt-forward');
        problems.push(...check('forward state of an unknown device', unknown, [404]));
        expect(problems).toEqual([]);
      },
    );

    it('answers a caller without a session 401 on every read', async () => {
      const urls = [
        '/api/entity/users',
        '/api/entity/organisations',
        `/api/entity/users/${world.orgs.alpha}`,
        `/api/entity/user/${world.users.userA}`,
        `/api/entity/organisation/${world.orgs.alpha}`,
        `/api/entity/organisation/${world.orgs.alpha}/suborgs`,
        `/api/v2/total-devices/${world.orgs.alpha}`,
        `/api/orgMetadata/${world.orgs.alpha}`,
        `/api/tokens/${world.orgs.alpha}`,
        `/api/acl/test/${world.alphaThings.device.uuid}/device.list`,
        '/api/v2/registries',
        '/api/v2/devicetypes',
        '/api/v2/cloudfunctions',
        '/api/v2/devices',
        '/api/v2/devices/map',
        '/api/v2/devices/map/values?key=t&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z',
        `/api/v2/registry/${world.alphaThings.registry.id}`,
        `/api/v2/registries/${world.alphaThings.registry.id}`,
        `/api/v2/devicetype/${world.alphaThings.deviceType.id}`,
        `/api/v2/cloudfunction/${world.alphaThings.function.id}`,
        `/api/v2/device/${world.alphaThings.device.id}`,
        `/api/v2/devices/${world.alphaThings.registry.id}`,
        '/api/v2/projects',
        `/api/v2/project/${world.alphaThings.project.id}`,
        '/api/v2/collections',
        `/api/v2/collection/${world.alphaThings.collection.id}`,
        `/api/v2/collection/${world.alphaThings.collection.id}/devices`,
        `/api/v2/device/${world.alphaThings.device.id}/pictures`,
        `/api/v2/device/${world.alphaThings.device.id}/picture/1`,
        '/api/v2/search?q=a',
      ];
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url });
        expect([url, res.statusCode]).toEqual([url, 401]);
      }
    });
  });

  describe('writes on foreign entities', () => {
    interface Targets {
      /** The organisation written into or on. */
      org: string;
      /** A fresh, unconfirmed user in `org`. */
      user: string;
      /** A fresh, empty sub-organisation of `org`. */
      emptyOrg: string;
      /** The id of a device in `org`, when it has one. */
      deviceId: number | null;
      /**
       * An organisation the caller may see that could be moved: a fresh sub-organisation of a
       * manager's own; a user sees no sub-organisations, so their own organisation (never removed).
       */
      ownOrg: string;
      ownOrgIsFresh: boolean;
      /** A fresh user in the caller's own organisation. */
      ownUser: string;
      /** Names of anything a create may make, so it can be found and removed. */
      newEmail: string;
      newOrgName: string;
      /** Fresh, unlinked device-domain entities in `org`, for updates and deletes. */
      registry: number;
      deviceType: number;
      cloudFunction: number;
      device: number;
      project: number;
      /** A fresh data collection in `org`, and one in the caller's own organisation. */
      collection: number;
      ownCollection: number;
      /** A picture of `device` (its row only; the route removes a missing file quietly). */
      picture: number;
      /** Fresh entities in `org` that probes link to (never deleted by a probe). */
      refs: { registry: number; deviceType: number; decoder: number };
      /** A fresh registry and device in the caller's own organisation. */
      ownRegistry: number;
      ownDevice: number;
      /** The name of any registry, device type, function or device a create may make. */
      newThingName: string;
      /** Every device-domain row made for these targets. */
      things: {
        registries: number[];
        deviceTypes: number[];
        functions: number[];
        devices: number[];
        projects: number[];
        collections: number[];
      };
    }
    interface Probe {
      name: string;
      send: (who: WorldUser, x: Targets) => Promise<LightMyRequestResponse>;
      /** What a caller outside `org` gets. */
      foreign: (who: WorldUser) => readonly number[];
      /** What an account manager gets in their own organisation (proves the request is valid). */
      own: readonly number[];
    }
    const missing = [404] as const;
    // A create names its organisation in the body; "does not exist" (400) is as good as 404 there.
    const missingOrAbsentParent = [404, 400] as const;

    const probes: Probe[] = [
      {
        name: 'PUT user (profile)',
        send: (who, x) =>
          call(who, 'PUT', `/api/entity/user/${x.user}`, { firstName: 'Hacked', lastName: 'X' }),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'PUT user (deactivate)',
        send: (who, x) => call(who, 'PUT', `/api/entity/user/${x.user}`, { active: false }),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'PUT user image',
        send: (who, x) =>
          call(who, 'PUT', `/api/entity/user/${x.user}/image`, {
            contentType: 'image/png',
            data: PNG_1X1,
          }),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'DELETE user image',
        send: (who, x) => call(who, 'DELETE', `/api/entity/user/${x.user}/image`),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'resend confirmation mail',
        send: (who, x) => call(who, 'POST', `/api/entity/user/${x.user}/resendconfirmmail`, {}),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'set password',
        send: (who, x) =>
          call(who, 'POST', `/api/entity/user/${x.user}/setpassword`, {
            newPassword: 'hijacked-password-1',
          }),
        foreign: () => missing,
        own: [200],
      },
      {
        // Not scoped by organisation: only the user themself may, so everyone else gets the
        // same 403 whether the user exists or not (no existence leak).
        name: 'PUT user internal store',
        send: (who, x) =>
          call(who, 'PUT', `/api/entity/user/${x.user}/internal`, { settings: { theme: 'x' } }),
        foreign: () => [403],
        own: [403],
      },
      {
        name: 'DELETE user',
        send: (who, x) => call(who, 'DELETE', `/api/entity/user/${x.user}`),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'PUT organisation',
        send: (who, x) =>
          call(who, 'PUT', `/api/entity/organisation/${x.emptyOrg}`, { name: 'Hacked' }),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'PUT the organisation itself',
        send: (who, x) => call(who, 'PUT', `/api/entity/organisation/${x.org}`, { city: 'Hacked' }),
        foreign: () => missing,
        // managerA's own organisation: allowed.
        own: [200],
      },
      {
        name: 'DELETE organisation',
        send: (who, x) => call(who, 'DELETE', `/api/entity/organisation/${x.emptyOrg}`),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'POST user into the organisation',
        send: (who, x) =>
          call(who, 'POST', '/api/entity/user', { email: x.newEmail, orgUuid: x.org }),
        foreign: () => missingOrAbsentParent,
        own: [201],
      },
      {
        name: 'POST organisation under it',
        send: (who, x) =>
          call(who, 'POST', '/api/entity/organisation', orgBody(x.org, x.newOrgName)),
        foreign: () => missingOrAbsentParent,
        own: [201],
      },
      {
        name: 'move an own organisation under it',
        send: (who, x) =>
          call(who, 'PUT', `/api/entity/organisation/${x.ownOrg}`, { parentUuid: x.org }),
        // A user may not modify organisations at all (403 before the parent is looked at).
        foreign: (who) => (group[who] === 3 ? [403] : [404, 400]),
        own: [200],
      },
      {
        // Moving a user the caller manages into a foreign organisation must fail as for an
        // organisation that does not exist; a 403 would confirm that it exists.
        name: 'move an own user into it',
        send: (who, x) => call(who, 'PUT', `/api/entity/user/${x.ownUser}`, { orgUuid: x.org }),
        foreign: (who) => (group[who] === 3 ? [403] : [404, 400]),
        own: [200],
      },
      {
        name: 'PUT registry',
        send: (who, x) => call(who, 'PUT', '/api/v2/registry', { id: x.registry, name: 'Hacked' }),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'PUT device type',
        send: (who, x) =>
          call(who, 'PUT', '/api/v2/devicetype', { id: x.deviceType, name: 'Hacked' }),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'PUT cloud function',
        send: (who, x) =>
          call(who, 'PUT', '/api/v2/cloudfunction', { id: x.cloudFunction, code: 'hacked()' }),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'PUT device',
        send: (who, x) =>
          call(who, 'PUT', '/api/v2/device', { id: x.device, name: 'Hacked', lat: 1, lng: 1 }),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'PUT project',
        send: (who, x) =>
          call(who, 'PUT', '/api/v2/project', {
            id: x.project,
            title: 'Hacked',
            endDate: '2030-01-01',
          }),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'POST project into the organisation',
        send: (who, x) =>
          call(who, 'POST', '/api/v2/project', {
            title: x.newThingName,
            startDate: '2026-05-01',
            endDate: '2026-06-01',
            orgUuid: x.org,
          }),
        foreign: () => missingOrAbsentParent,
        own: [201],
      },
      {
        name: 'PUT collection',
        send: (who, x) =>
          call(who, 'PUT', '/api/v2/collection', {
            id: x.collection,
            name: 'Hacked',
            state: 'inactive',
          }),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'POST collection into the organisation',
        send: (who, x) =>
          call(who, 'POST', '/api/v2/collection', { name: x.newThingName, orgUuid: x.org }),
        foreign: () => missingOrAbsentParent,
        own: [201],
      },
      {
        // The device's side: the caller changes their own collection but not the device's organisation.
        name: 'assign a device of the organisation to an own collection',
        send: (who, x) =>
          call(who, 'PUT', `/api/v2/collection/${x.ownCollection}/device`, { deviceId: x.device }),
        foreign: (who) => (group[who] === 3 ? [403] : missingOrAbsentParent),
        own: [200],
      },
      {
        // The collection's side.
        name: 'assign an own device to a collection of the organisation',
        send: (who, x) =>
          call(who, 'PUT', `/api/v2/collection/${x.collection}/device`, { deviceId: x.ownDevice }),
        foreign: () => missing,
        own: [200],
      },
      {
        name: "unassign a collection's device",
        send: (who, x) => call(who, 'DELETE', `/api/v2/collection/${x.collection}/device`),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'POST registry into the organisation',
        send: (who, x) =>
          call(who, 'POST', '/api/v2/registry', { name: x.newThingName, orgUuid: x.org }),
        foreign: () => missingOrAbsentParent,
        own: [201],
      },
      {
        name: 'POST device type into the organisation',
        send: (who, x) =>
          call(who, 'POST', '/api/v2/devicetype', { name: x.newThingName, orgUuid: x.org }),
        foreign: () => missingOrAbsentParent,
        own: [201],
      },
      {
        name: 'POST cloud function into the organisation',
        send: (who, x) =>
          call(who, 'POST', '/api/v2/cloudfunction', {
            name: x.newThingName,
            type: 'decoder',
            orgUuid: x.org,
          }),
        foreign: () => missingOrAbsentParent,
        own: [201],
      },
      {
        name: 'POST device into the organisation',
        send: (who, x) =>
          call(who, 'POST', '/api/v2/device', { name: x.newThingName, orgUuid: x.org }),
        foreign: () => missingOrAbsentParent,
        own: [201],
      },
      {
        // A link to a foreign registry, type or decoder must fail as for one that does not exist.
        name: 'POST own device using its registry, type and decoder',
        send: (who, x) =>
          call(who, 'POST', '/api/v2/device', {
            name: x.newThingName,
            orgUuid: x.ownOrg,
            registryId: x.refs.registry,
            deviceTypeId: x.refs.deviceType,
            decoderFunctionIds: [x.refs.decoder],
          }),
        // A user may not create devices at all (403 before the links are looked at).
        foreign: (who) => (group[who] === 3 ? [403] : [400]),
        own: [201],
      },
      {
        name: 'POST own device type using its decoder',
        send: (who, x) =>
          call(who, 'POST', '/api/v2/devicetype', {
            name: x.newThingName,
            orgUuid: x.ownOrg,
            decoderFunctionId: x.refs.decoder,
          }),
        foreign: (who) => (group[who] === 3 ? [403] : [400]),
        own: [201],
      },
      {
        // Users operate their devices, so they get as far as the links too.
        name: 'PUT own device onto its registry',
        send: (who, x) =>
          call(who, 'PUT', '/api/v2/device', { id: x.ownDevice, registryId: x.refs.registry }),
        foreign: () => [400],
        own: [200],
      },
      {
        name: 'PUT own device onto its decoder',
        send: (who, x) =>
          call(who, 'PUT', '/api/v2/device', {
            id: x.ownDevice,
            decoderFunctionIds: [x.refs.decoder],
          }),
        foreign: () => [400],
        own: [200],
      },
      {
        name: 'move an own registry into it',
        send: (who, x) =>
          call(who, 'PUT', '/api/v2/registry', { id: x.ownRegistry, orgUuid: x.org }),
        foreign: (who) => (group[who] === 3 ? [403] : [400]),
        own: [200],
      },
      {
        name: 'move an own device into it',
        send: (who, x) => call(who, 'PUT', '/api/v2/device', { id: x.ownDevice, orgUuid: x.org }),
        foreign: () => [400],
        own: [200],
      },
      {
        name: 'devices of its registry',
        send: (who, x) => call(who, 'GET', `/api/v2/devices/${x.registry}`),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'POST device picture',
        send: (who, x) =>
          call(who, 'POST', `/api/v2/device/${x.device}/pictures`, {
            fileName: 'probe.png',
            contentType: 'image/png',
            data: PNG_1X1,
          }),
        foreign: () => missing,
        own: [201],
      },
      {
        name: 'DELETE device picture',
        send: (who, x) => call(who, 'DELETE', `/api/v2/device/${x.device}/picture/${x.picture}`),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'DELETE device',
        send: (who, x) => call(who, 'DELETE', `/api/v2/device/${x.device}`),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'DELETE collection',
        send: (who, x) => call(who, 'DELETE', `/api/v2/collection/${x.collection}`),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'DELETE project',
        send: (who, x) => call(who, 'DELETE', `/api/v2/project/${x.project}`),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'DELETE registry',
        send: (who, x) => call(who, 'DELETE', `/api/v2/registry/${x.registry}`),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'DELETE device type',
        send: (who, x) => call(who, 'DELETE', `/api/v2/devicetype/${x.deviceType}`),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'DELETE cloud function',
        send: (who, x) => call(who, 'DELETE', `/api/v2/cloudfunction/${x.cloudFunction}`),
        foreign: () => missing,
        own: [200],
      },
      {
        name: 'device token for its device',
        send: (who, x) =>
          call(who, 'POST', '/api/generateToken', {
            label: 'probe',
            type: 'device',
            reference: x.deviceId ?? 999_999,
          }),
        foreign: () => missing,
        own: [201],
      },
    ];

    /** A registry, device type, decoder and device in `orgUuid`, none linked to another. */
    async function insertThings(orgUuid: string, label: string) {
      const name = `${label} ${unique()}`;
      const registry = await db()
        .insertInto('registries')
        .values({ name, org_uuid: orgUuid })
        .returning('id')
        .executeTakeFirstOrThrow();
      const deviceType = await db()
        .insertInto('device_types')
        .values({ name, org_uuid: orgUuid })
        .returning('id')
        .executeTakeFirstOrThrow();
      const decoder = await db()
        .insertInto('cloud_functions')
        .values({ name, type: 'decoder', org_uuid: orgUuid })
        .returning('id')
        .executeTakeFirstOrThrow();
      const device = await db()
        .insertInto('devices')
        .values({ name, org_uuid: orgUuid, calibrated: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      const project = await db()
        .insertInto('projects')
        .values({
          title: name,
          start_date: '2026-01-01',
          end_date: '2026-12-31',
          org_uuid: orgUuid,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        registry: registry.id,
        deviceType: deviceType.id,
        decoder: decoder.id,
        device: device.id,
        project: project.id,
        collection: (
          await db()
            .insertInto('data_collections')
            .values({ name, org_uuid: orgUuid })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      };
    }

    async function insertPicture(deviceId: number): Promise<number> {
      const row = await db()
        .insertInto('device_pictures')
        .values({
          device_id: deviceId,
          file_name: 'victim.png',
          content_type: 'image/png',
          size_bytes: 1,
          storage_key: `device-pictures/${deviceId}/victim-${unique()}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    async function makeTargets(who: WorldUser, org: OrgKey): Promise<Targets> {
      const fresh = await insertThings(world.orgs[org], 'Victim');
      const refs = await insertThings(world.orgs[org], 'Linked');
      const own = await insertThings(world.orgs[home[who]], 'Own');
      const orgUuid = world.orgs[org];
      const things = {
        alpha: world.alphaThings,
        alphaNorth: world.alphaNorthThings,
        beta: world.betaThings,
      };
      return {
        org: orgUuid,
        user: await insertUser(orgUuid, 'victim'),
        emptyOrg: await insertOrg(orgUuid, 'Empty'),
        deviceId: org === 'platform' ? null : things[org].device.id,
        ownOrg:
          group[who] === 3 ? world.orgs[home[who]] : await insertOrg(world.orgs[home[who]], 'Own'),
        ownOrgIsFresh: group[who] !== 3,
        ownUser: await insertUser(world.orgs[home[who]], 'own'),
        newEmail: `new-${unique()}@tenancy.test`,
        newOrgName: `New ${unique()}`,
        registry: fresh.registry,
        deviceType: fresh.deviceType,
        cloudFunction: fresh.decoder,
        device: fresh.device,
        project: fresh.project,
        collection: fresh.collection,
        ownCollection: own.collection,
        picture: await insertPicture(fresh.device),
        refs: { registry: refs.registry, deviceType: refs.deviceType, decoder: refs.decoder },
        ownRegistry: own.registry,
        ownDevice: own.device,
        newThingName: `New thing ${unique()}`,
        things: {
          registries: [fresh.registry, refs.registry, own.registry],
          deviceTypes: [fresh.deviceType, refs.deviceType, own.deviceType],
          functions: [fresh.decoder, refs.decoder, own.decoder],
          devices: [fresh.device, refs.device, own.device],
          projects: [fresh.project, refs.project, own.project],
          collections: [fresh.collection, refs.collection, own.collection],
        },
      };
    }
    async function cleanUp(x: Targets) {
      await db().deleteFrom('api_tokens').where('label', '=', 'probe').execute();
      // Devices first: they link to the rest, and organisations cannot go while they own things.
      const named = x.newThingName;
      await db()
        .deleteFrom('devices')
        .where((eb) => eb.or([eb('id', 'in', x.things.devices), eb('name', '=', named)]))
        .execute();
      await db()
        .deleteFrom('device_types')
        .where((eb) => eb.or([eb('id', 'in', x.things.deviceTypes), eb('name', '=', named)]))
        .execute();
      await db()
        .deleteFrom('registries')
        .where((eb) => eb.or([eb('id', 'in', x.things.registries), eb('name', '=', named)]))
        .execute();
      await db()
        .deleteFrom('cloud_functions')
        .where((eb) => eb.or([eb('id', 'in', x.things.functions), eb('name', '=', named)]))
        .execute();
      await db()
        .deleteFrom('data_collections')
        .where((eb) => eb.or([eb('id', 'in', x.things.collections), eb('name', '=', named)]))
        .execute();
      await db()
        .deleteFrom('projects')
        .where((eb) => eb.or([eb('id', 'in', x.things.projects), eb('title', '=', named)]))
        .execute();
      await removeUsers({ uuids: [x.user, x.ownUser], emails: [x.newEmail] });
      await removeOrgs({
        uuids: x.ownOrgIsFresh ? [x.emptyOrg, x.ownOrg] : [x.emptyOrg],
        names: [x.newOrgName],
      });
    }
    const snapshot = async (x: Targets) => ({
      things: {
        registries: await db()
          .selectFrom('registries')
          .selectAll()
          .where('id', 'in', x.things.registries)
          .orderBy('id')
          .execute(),
        deviceTypes: await db()
          .selectFrom('device_types')
          .selectAll()
          .where('id', 'in', x.things.deviceTypes)
          .orderBy('id')
          .execute(),
        functions: await db()
          .selectFrom('cloud_functions')
          .selectAll()
          .where('id', 'in', x.things.functions)
          .orderBy('id')
          .execute(),
        devices: await db()
          .selectFrom('devices')
          .selectAll()
          .where('id', 'in', x.things.devices)
          .orderBy('id')
          .execute(),
        projects: await db()
          .selectFrom('projects')
          .selectAll()
          .where('id', 'in', x.things.projects)
          .orderBy('id')
          .execute(),
        collections: await db()
          .selectFrom('data_collections')
          .selectAll()
          .where('id', 'in', x.things.collections)
          .orderBy('id')
          .execute(),
        periods: await db()
          .selectFrom('collection_devices')
          .selectAll()
          .where((eb) =>
            eb.or([
              eb('collection_id', 'in', x.things.collections),
              eb('device_id', 'in', x.things.devices),
            ]),
          )
          .orderBy('id')
          .execute(),
        createdCollections: await db()
          .selectFrom('data_collections')
          .select('id')
          .where('name', '=', x.newThingName)
          .execute(),
        createdProjects: await db()
          .selectFrom('projects')
          .select('id')
          .where('title', '=', x.newThingName)
          .execute(),
        pictures: await db()
          .selectFrom('device_pictures')
          .selectAll()
          .where('device_id', 'in', x.things.devices)
          .orderBy('id')
          .execute(),
        pipelines: await db()
          .selectFrom('device_functions')
          .selectAll()
          .where('device_id', 'in', x.things.devices)
          .orderBy('device_id')
          .orderBy('position')
          .execute(),
        created: await Promise.all(
          (['registries', 'device_types', 'cloud_functions', 'devices'] as const).map((table) =>
            db().selectFrom(table).select('id').where('name', '=', x.newThingName).execute(),
          ),
        ),
      },
      org: await orgRow(x.org),
      emptyOrg: await orgRow(x.emptyOrg),
      ownOrg: await orgRow(x.ownOrg),
      user: await userRow(x.user),
      ownUser: await userRow(x.ownUser),
      links: await db()
        .selectFrom('user_tokens')
        .select('token_hash')
        .where('user_uuid', '=', x.user)
        .execute(),
      created: {
        users: await db()
          .selectFrom('users')
          .select('uuid')
          .where('email', '=', x.newEmail)
          .execute(),
        orgs: await db()
          .selectFrom('organisations')
          .select('uuid')
          .where('name', '=', x.newOrgName)
          .execute(),
        tokens: await db()
          .selectFrom('api_tokens')
          .select('id')
          .where('label', '=', 'probe')
          .execute(),
      },
    });

    const foreignPairs: [WorldUser, OrgKey][] = [
      ['managerA', 'beta'],
      ['managerA', 'platform'],
      ['userA', 'alphaNorth'],
      ['userA', 'beta'],
      ['userA1', 'alpha'],
      ['userA1', 'beta'],
      ['managerB', 'alpha'],
      ['managerB', 'alphaNorth'],
      ['managerB', 'platform'],
      ['userB', 'alpha'],
      ['userB', 'alphaNorth'],
    ];

    it.each(probes)(
      '$name: every caller outside the organisation gets "missing" and nothing changes',
      async (probe) => {
        const problems: Problem[] = [];
        for (const [who, org] of foreignPairs) {
          expect(sees(who, org)).toBe(false);
          const x = await makeTargets(who, org);
          try {
            const before = await snapshot(x);
            const res = await probe.send(who, x);
            problems.push(...check(`${who} in ${org}`, res, probe.foreign(who)));
            // Straight from the database: every row exactly as it was (password hash, modified
            // time and all), no mail link issued, nothing created.
            const after = await snapshot(x);
            if (JSON.stringify(after) !== JSON.stringify(before))
              problems.push(`${who} in ${org}: the database changed`);
          } finally {
            await cleanUp(x);
          }
        }
        expect(problems).toEqual([]);
      },
    );

    it.each(['managerA', 'managerB'] as const)(
      'the same requests succeed for %s in their own organisation (the probes are valid)',
      async (who) => {
        const x = await makeTargets(who, home[who]);
        try {
          const problems: Problem[] = [];
          for (const probe of probes) {
            problems.push(...check(probe.name, await probe.send(who, x), probe.own));
          }
          expect(problems).toEqual([]);
          expect(await userRow(x.user)).toBeUndefined();
          expect(await orgRow(x.emptyOrg)).toBeUndefined();
          expect(await userRow(x.ownUser)).toMatchObject({ org_uuid: x.org });
        } finally {
          await db()
            .updateTable('organisations')
            .set({ city: 'København' })
            .where('uuid', '=', x.org)
            .execute();
          await cleanUp(x);
        }
      },
    );

    it.each(probes)(
      '$name: a foreign entity is answered exactly like one that does not exist',
      async (probe) => {
        // Ids in messages ('No device with id 7') differ by nature; the wording may not.
        const shape = (res: LightMyRequestResponse) =>
          `${res.statusCode} ${(res.json<{ message?: string }>().message ?? '').replace(/\d+/g, '<n>')}`;
        const problems: Problem[] = [];
        for (const [who, org] of foreignPairs) {
          const real = await makeTargets(who, org);
          const fake: Targets = {
            ...real,
            org: randomUUID(),
            user: randomUUID(),
            emptyOrg: randomUUID(),
            deviceId: 999_999,
            registry: 999_999,
            deviceType: 999_999,
            cloudFunction: 999_999,
            device: 999_999,
            project: 999_999,
            collection: 999_999,
            picture: 999_999,
            refs: { registry: 999_999, deviceType: 999_999, decoder: 999_999 },
          };
          try {
            const foreign = shape(await probe.send(who, real));
            const missing = shape(await probe.send(who, fake));
            if (foreign !== missing)
              problems.push(`${who} in ${org}: foreign "${foreign}" vs missing "${missing}"`);
          } finally {
            await cleanUp(real);
          }
        }
        expect(problems).toEqual([]);
      },
    );

    it('a manager cannot move a sub-organisation under a foreign parent', async () => {
      const child = await insertOrg(world.orgs.alpha, 'Movable');
      try {
        const before = await orgRow(child);
        for (const parent of [world.orgs.beta, world.orgs.platform, randomUUID()]) {
          const res = await call('managerA', 'PUT', `/api/entity/organisation/${child}`, {
            parentUuid: parent,
          });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({ message: 'The parent organisation does not exist' });
        }
        expect(await orgRow(child)).toEqual(before);
      } finally {
        await removeOrgs({ uuids: [child] });
      }
    });
  });

  describe('matrix refusals in scope', () => {
    it('a user cannot create users or organisations in their own organisation (403)', async () => {
      const email = `made-by-user-${unique()}@tenancy.test`;
      const name = `Made by user ${unique()}`;
      try {
        const user = await call('userA', 'POST', '/api/entity/user', {
          email,
          orgUuid: world.orgs.alpha,
        });
        expect(user.statusCode).toBe(403);
        expect(user.json<{ message: string }>().message).not.toBe('');
        const org = await call(
          'userA',
          'POST',
          '/api/entity/organisation',
          orgBody(world.orgs.alpha, name),
        );
        expect(org.statusCode).toBe(403);
        expect(
          await db().selectFrom('users').select('uuid').where('email', '=', email).execute(),
        ).toEqual([]);
        expect(
          await db().selectFrom('organisations').select('uuid').where('name', '=', name).execute(),
        ).toEqual([]);
      } finally {
        await removeUsers({ emails: [email] });
        await removeOrgs({ names: [name] });
      }
    });

    it('a user cannot delete a user, nor modify another user, of their own organisation (403)', async () => {
      const victim = await insertUser(world.orgs.alpha, 'colleague');
      try {
        const before = await userRow(victim);
        const managerBefore = await userRow(world.users.managerA);
        expect((await call('userA', 'DELETE', `/api/entity/user/${victim}`)).statusCode).toBe(403);
        for (const [target, body] of [
          [victim, { firstName: 'Hacked' }],
          [world.users.managerA, { firstName: 'Hacked' }],
          [victim, { active: false }],
          [world.users.managerA, { groupId: 3 }],
        ] as const) {
          const res = await call('userA', 'PUT', `/api/entity/user/${target}`, body);
          expect([target, res.statusCode]).toEqual([target, 403]);
        }
        const password = await call('userA', 'POST', `/api/entity/user/${victim}/setpassword`, {
          newPassword: 'hijacked-password-1',
        });
        expect(password.statusCode).toBe(403);
        expect(await userRow(victim)).toEqual(before);
        expect(await userRow(world.users.managerA)).toEqual(managerBefore);
      } finally {
        await removeUsers({ uuids: [victim] });
      }
    });

    it('a user can update their own profile, but not their own group, organisation or access', async () => {
      const me = world.users.userA;
      const original = await userRow(me);
      try {
        const ok = await call('userA', 'PUT', `/api/entity/user/${me}`, { firstName: 'Arnold' });
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toMatchObject({ uuid: me, firstName: 'Arnold', group: { id: 3 } });
        expect(await userRow(me)).toMatchObject({ first_name: 'Arnold' });
        const changed = await userRow(me);
        for (const body of [
          { groupId: 2 },
          { groupId: 1 },
          { orgUuid: world.orgs.alphaNorth },
          { orgUuid: world.orgs.beta },
          { active: false },
          { firstName: 'Sneaky', groupId: 2 },
        ]) {
          const res = await call('userA', 'PUT', `/api/entity/user/${me}`, body);
          expect([body, res.statusCode]).toEqual([body, 403]);
          expect(res.json()).toMatchObject({
            message: 'You cannot change your own group, organisation or access',
          });
        }
        expect(await userRow(me)).toEqual(changed);
      } finally {
        await db()
          .updateTable('users')
          .set({
            first_name: original?.first_name ?? 'Arne',
            group_id: 3,
            org_uuid: world.orgs.alpha,
            active: true,
          })
          .where('uuid', '=', me)
          .execute();
        // Should a refusal have failed and ended the sessions, the other tests still get one.
        const still = await t.app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { authorization: `Bearer ${tokens.userA}` },
        });
        if (still.statusCode !== 200) tokens.userA = await signIn(t.app, emails.userA);
      }
    });

    it('a manager cannot create a super user (403) but can create another manager', async () => {
      const superEmail = `would-be-super-${unique()}@tenancy.test`;
      const managerEmail = `manager-${unique()}@tenancy.test`;
      try {
        const res = await call('managerA', 'POST', '/api/entity/user', {
          email: superEmail,
          orgUuid: world.orgs.alpha,
          groupId: 1,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          message: 'You cannot give a user more rights than your own',
        });
        expect(
          await db().selectFrom('users').select('uuid').where('email', '=', superEmail).execute(),
        ).toEqual([]);
        const promote = await call('managerA', 'PUT', `/api/entity/user/${world.users.userA}`, {
          groupId: 1,
        });
        expect(promote.statusCode).toBe(403);
        expect(await userRow(world.users.userA)).toMatchObject({ group_id: 3 });

        const manager = await call('managerA', 'POST', '/api/entity/user', {
          email: managerEmail,
          orgUuid: world.orgs.alphaNorth,
          groupId: 2,
        });
        expect(manager.statusCode).toBe(201);
        expect(manager.json()).toMatchObject({
          group: { id: 2 },
          org: { uuid: world.orgs.alphaNorth },
        });
      } finally {
        await removeUsers({ emails: [superEmail, managerEmail] });
      }
    });

    it('a manager cannot delete (409) or move (403) their own organisation', async () => {
      const before = await orgRow(world.orgs.alpha);
      // Deleting is allowed by the matrix; the organisation's state forbids it, hence 409.
      const del = await call('managerA', 'DELETE', `/api/entity/organisation/${world.orgs.alpha}`);
      expect(del.statusCode).toBe(409);
      expect(del.json()).toMatchObject({ message: 'You cannot delete your own organisation' });
      for (const parent of [world.orgs.alphaNorth, world.orgs.beta]) {
        const move = await call('managerA', 'PUT', `/api/entity/organisation/${world.orgs.alpha}`, {
          parentUuid: parent,
        });
        expect(move.statusCode).toBe(403);
        expect(move.json()).toMatchObject({ message: 'You cannot move your own organisation' });
      }
      expect(await orgRow(world.orgs.alpha)).toEqual(before);
    });
  });

  describe('ACL answers', () => {
    const path = `/api/acl/test/${encodeURIComponent('user.create|device.modify')}`;
    const cases: { who: WorldUser; own: OrgKey; foreign: OrgKey | null }[] = [
      { who: 'super', own: 'platform', foreign: null },
      { who: 'managerA', own: 'alpha', foreign: 'beta' },
      { who: 'userA', own: 'alpha', foreign: 'alphaNorth' },
      { who: 'userA1', own: 'alphaNorth', foreign: 'alpha' },
      { who: 'managerB', own: 'beta', foreign: 'alpha' },
      { who: 'userB', own: 'beta', foreign: 'alphaNorth' },
    ];
    const deviceOf = (org: OrgKey) =>
      ({
        platform: null,
        alpha: world.alphaThings.device.uuid,
        alphaNorth: world.alphaNorthThings.device.uuid,
        beta: world.betaThings.device.uuid,
      })[org];

    it.each(cases)(
      '$who: own organisation as the group allows, foreign and unknown all false',
      async ({ who, own, foreign }) => {
        const global = { 'user.create': group[who] <= 2, 'device.modify': true };
        const none = { 'user.create': false, 'device.modify': false };
        const random = randomUUID();
        // A super user's "foreign" is simply another organisation, which they may use too.
        const other = foreign ?? 'beta';
        const otherAnswer = foreign === null ? global : none;
        const res = await call(who, 'POST', path, {
          resources: [world.orgs[own], world.orgs[other], deviceOf(other), random],
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          privileges: global,
          resources: {
            [world.orgs[own]]: global,
            [world.orgs[other]]: otherAnswer,
            [deviceOf(other) ?? '']: otherAnswer,
            [random]: none,
          },
        });
      },
    );

    it('answers on one resource: a foreign device is not listable, for a super user it is', async () => {
      const url = (device: string) => `/api/acl/test/${device}/device.list`;
      const beta = world.betaThings.device.uuid;
      expect((await call('managerA', 'GET', url(beta))).json()).toEqual({ 'device.list': false });
      expect((await call('userA', 'GET', url(beta))).json()).toEqual({ 'device.list': false });
      expect((await call('userA', 'GET', url(world.alphaNorthThings.device.uuid))).json()).toEqual({
        'device.list': false,
      });
      expect(
        (await call('managerA', 'GET', url(world.alphaNorthThings.device.uuid))).json(),
      ).toEqual({ 'device.list': true });
      expect((await call('super', 'GET', url(beta))).json()).toEqual({ 'device.list': true });
      expect((await call('userB', 'GET', url(beta))).json()).toEqual({ 'device.list': true });
      expect((await call('super', 'GET', url(randomUUID()))).json()).toEqual({
        'device.list': false,
      });
    });

    it('refuses an unknown privilege name with 400', async () => {
      for (const name of ['device.fly', 'org.changeparent', 'nonsense', 'user.create|bogus.list']) {
        const post = await call(
          'managerA',
          'POST',
          `/api/acl/test/${encodeURIComponent(name)}`,
          {},
        );
        expect([name, post.statusCode]).toEqual([name, 400]);
        expect(post.json<{ message: string }>().message).toMatch(/^Unknown privilege: /);
        const get = await call(
          'managerA',
          'GET',
          `/api/acl/test/${world.alphaThings.device.uuid}/${encodeURIComponent(name)}`,
        );
        expect([name, get.statusCode]).toEqual([name, 400]);
      }
    });
  });

  describe('API tokens', () => {
    const makeToken = async (who: WorldUser, label: string) => {
      const res = await call(who, 'POST', '/api/generateToken', { label, type: 'general' });
      expect(res.statusCode).toBe(201);
      return res.json<{ id: number; token: string; orgUuid: string }>();
    };

    it('lists an organisation’s tokens only in scope', async () => {
      const token = await makeToken('managerA', `list-${unique()}`);
      try {
        const own = await call('managerA', 'GET', `/api/tokens/${world.orgs.alpha}`);
        expect(own.statusCode).toBe(200);
        expect(own.json<{ id: number }[]>().map((r) => r.id)).toEqual([token.id]);
        for (const [who, org] of [
          ['managerA', 'beta'],
          ['managerA', 'platform'],
          ['managerB', 'alpha'],
          ['userB', 'alpha'],
          ['userA1', 'alpha'],
        ] as const) {
          const res = await call(who, 'GET', `/api/tokens/${world.orgs[org]}`);
          expect([who, org, res.statusCode]).toEqual([who, org, 404]);
        }
        // In Alpha, a plain user sees only tokens they made themselves.
        const user = await call('userA', 'GET', `/api/tokens/${world.orgs.alpha}`);
        expect(user.statusCode).toBe(200);
        expect(user.json()).toEqual([]);
      } finally {
        await db().deleteFrom('api_tokens').where('id', '=', token.id).execute();
      }
    });

    it('a general token acts only in its maker’s scope', async () => {
      const token = await makeToken('managerA', `scope-${unique()}`);
      try {
        expect(token.orgUuid).toBe(world.orgs.alpha);
        const users = await send(token.token, 'GET', '/api/entity/users');
        expect(users.statusCode).toBe(200);
        expect(sorted(users.json<{ email: string }[]>().map((u) => u.email))).toEqual(
          sorted(['managerA', 'userA', 'userA1'].map((u) => emails[u as WorldUser])),
        );
        const orgs = await send(token.token, 'GET', '/api/entity/organisations');
        expect(sorted(orgs.json<{ uuid: string }[]>().map((o) => o.uuid))).toEqual(
          sorted([world.orgs.alpha, world.orgs.alphaNorth]),
        );
        const before = await userRow(world.users.userB);
        for (const [method, url, body] of [
          ['GET', `/api/entity/user/${world.users.userB}`, undefined],
          ['GET', `/api/entity/organisation/${world.orgs.beta}`, undefined],
          ['GET', `/api/v2/total-devices/${world.orgs.platform}`, undefined],
          ['PUT', `/api/entity/user/${world.users.userB}`, { firstName: 'Hacked' }],
          ['DELETE', `/api/entity/user/${world.users.userB}`, undefined],
        ] as const) {
          const res = await send(token.token, method, url, body);
          expect([method, url, res.statusCode]).toEqual([method, url, 404]);
        }
        expect(await userRow(world.users.userB)).toEqual(before);
      } finally {
        await db().deleteFrom('api_tokens').where('id', '=', token.id).execute();
      }
    });

    it('another tenant cannot delete a token (404), and it keeps working', async () => {
      const token = await makeToken('managerA', `keep-${unique()}`);
      try {
        for (const who of ['managerB', 'userB', 'userA'] as const) {
          const res = await call(who, 'POST', `/api/deletetoken/${token.id}`);
          expect([who, res.statusCode]).toEqual([who, 404]);
        }
        expect(
          await db().selectFrom('api_tokens').select('id').where('id', '=', token.id).execute(),
        ).toEqual([{ id: token.id }]);
        expect((await send(token.token, 'GET', '/api/entity/users')).statusCode).toBe(200);
        // Its maker can delete it, and then it stops working.
        expect((await call('managerA', 'POST', `/api/deletetoken/${token.id}`)).json()).toEqual({
          ok: true,
        });
        expect((await send(token.token, 'GET', '/api/entity/users')).statusCode).toBe(401);
      } finally {
        await db().deleteFrom('api_tokens').where('id', '=', token.id).execute();
      }
    });
  });

  it('classifies every route of the API (a new route must be placed in this walk)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    /** Routes that hold no tenant's data, and why. */
    const outsideTenancy: Record<string, string> = {
      'GET /api/health': 'public, no tenant data',
      'GET /api/ready': 'public, no tenant data',
      'GET /api/config': 'public console configuration',
      'GET /api/branding': 'public, by host name',
      'GET /api/branding/hosts': 'platform-wide, super users only',
      'PUT /api/branding/{host}': 'platform-wide, super users only',
      'DELETE /api/branding/{host}': 'platform-wide, super users only',
      'POST /api/auth/basic': 'public sign-in',
      'POST /api/auth/google': 'public sign-in',
      'GET /api/auth/user': 'the caller only',
      'GET /api/auth/session': 'the caller only',
      'POST /api/auth/logout': 'the caller only',
      'POST /api/entity/user/forgotpassword': 'public, by e-mail',
      'POST /api/entity/user/forgotpassword/set': 'public, by mailed token',
      'POST /api/entity/user/confirm': 'public, by mailed token',
      'GET /api/auth/oidc/start': 'public, starts third-party sign-in',
      'GET /api/v2/holidays/{from}/{to}/{language}':
        "public holidays of the caller's own organisation's country (calendar.test.ts)",
      'POST /api/v2/cloudfunction/test':
        'runs the posted code only; reads no tenant data (function-test-run.test.ts)',
      'GET /api/v2/map/basemap/{layer}': 'public geography, no sign-in (map-tiles.test.ts)',
      'GET /api/v2/map/tiles/{z}/{x}/{y}':
        "public, the operator's map tiles, no sign-in (map-tiles.test.ts)",
    };
    /** Routes that touch a tenant's data, and the tests above that walk them. */
    const walked: Record<string, string> = {
      'GET /api/entity/users': 'lists',
      'GET /api/entity/organisations': 'lists',
      'GET /api/entity/users/{id}': 'details',
      'GET /api/entity/user/{uuid}': 'details',
      'GET /api/entity/organisation/{id}': 'details',
      'GET /api/entity/organisation/{id}/suborgs': 'details',
      'GET /api/v2/total-devices/{id}': 'details and counts',
      'GET /api/orgMetadata/{id}': 'details',
      'GET /api/tokens/{id}': 'details, API tokens',
      'PUT /api/entity/user/{uuid}': 'foreign writes, refusals',
      'DELETE /api/entity/user/{uuid}': 'foreign writes, refusals',
      'GET /api/entity/user/{uuid}/image': 'user-image.test.ts: in scope 200, foreign 404',
      'PUT /api/entity/user/{uuid}/image': 'foreign writes; user-image.test.ts',
      'DELETE /api/entity/user/{uuid}/image': 'foreign writes; user-image.test.ts',
      'POST /api/entity/user': 'foreign writes, refusals',
      'PUT /api/entity/user/{uuid}/internal': 'foreign writes (self only)',
      'POST /api/entity/user/{uuid}/resendconfirmmail': 'foreign writes',
      'POST /api/entity/user/{uuid}/setpassword': 'foreign writes, refusals',
      'POST /api/entity/organisation': 'foreign writes, refusals',
      'PUT /api/entity/organisation/{uuid}': 'foreign writes, refusals',
      'DELETE /api/entity/organisation/{id}': 'foreign writes, refusals',
      'POST /api/acl/test/{privileges}': 'ACL',
      'GET /api/acl/test/{resource}/{privileges}': 'ACL',
      'POST /api/generateToken': 'foreign writes, API tokens',
      'POST /api/deletetoken/{id}': 'API tokens',
      'GET /api/v2/registries': 'lists',
      'GET /api/v2/devicetypes': 'lists',
      'GET /api/v2/cloudfunctions': 'lists',
      'GET /api/v2/devices': 'lists',
      'GET /api/v2/devices/map': 'lists (device-map.test.ts: scope, filters, calibrated only)',
      'GET /api/v2/devices/map/values': 'lists (device-map.test.ts: scope, foreign ids left out)',
      'GET /api/v2/search': 'lists (search suggestions)',
      'GET /api/v2/annual/{from}/{to}/{language}':
        'lists (birthdays of the users in scope; calendar.test.ts)',
      'GET /api/v2/address/reverse': 'public address data, signed in only (address.test.ts)',
      'GET /api/v2/address/search': 'public address data, signed in only (address.test.ts)',
      'GET /api/v2/weather': 'public weather data, signed in only (weather.test.ts)',
      'GET /api/v2/registry/{id}': 'details',
      'GET /api/v2/registries/{id}': 'details',
      'GET /api/v2/devicetype/{id}': 'details',
      'GET /api/v2/cloudfunction/{id}': 'details',
      'GET /api/v2/device/{id}': 'details',
      'GET /api/v2/devicedata-clean/{deviceId}/{from}/{to}/{dataField}': 'data history',
      'GET /api/v2/devicedata-clean/{deviceId}/{key}/{from}/{to}/{dataField}': 'data history',
      'POST /api/v2/devicedata-batch': 'data history (in one batch, each read as alone)',
      'GET /api/v2/devicedata-function/{deviceId}/{functionId}/{from}/{to}/{dataField}':
        'function-series.test.ts: other organisations’ devices and functions 404',
      'GET /api/v2/devices/{id}': 'details, foreign writes (read probe)',
      'POST /api/v2/registry': 'foreign writes',
      'PUT /api/v2/registry': 'foreign writes (update, move)',
      'DELETE /api/v2/registry/{id}': 'foreign writes',
      'POST /api/v2/devicetype': 'foreign writes (organisation, decoder link)',
      'PUT /api/v2/devicetype': 'foreign writes',
      'DELETE /api/v2/devicetype/{id}': 'foreign writes',
      'POST /api/v2/cloudfunction': 'foreign writes',
      'PUT /api/v2/cloudfunction': 'foreign writes',
      'DELETE /api/v2/cloudfunction/{id}': 'foreign writes',
      'POST /api/v2/device': 'foreign writes (organisation, links)',
      'PUT /api/v2/device': 'foreign writes (update, links, move)',
      'DELETE /api/v2/device/{id}': 'foreign writes',
      'GET /api/v2/collections': 'lists',
      'GET /api/v2/collection/{id}': 'details',
      'GET /api/v2/collection/{id}/devices': 'details (device history of collections)',
      'GET /api/v2/collection/{id}/keys': 'details (device history of collections)',
      'GET /api/v2/collection/{id}/data/{key}': 'details (device history of collections)',
      'POST /api/v2/collection': 'foreign writes',
      'PUT /api/v2/collection': 'foreign writes',
      'DELETE /api/v2/collection/{id}': 'foreign writes',
      'PUT /api/v2/collection/{id}/device': 'foreign writes (both sides)',
      'DELETE /api/v2/collection/{id}/device': 'foreign writes',
      'GET /api/v2/projects': 'lists',
      'GET /api/v2/project/{id}': 'details',
      'POST /api/v2/project': 'foreign writes',
      'PUT /api/v2/project': 'foreign writes',
      'DELETE /api/v2/project/{id}': 'foreign writes',
      'GET /api/v2/device/{id}/pictures': 'device pictures reads',
      'GET /api/v2/device/{id}/mqtt-forward': 'MQTT forward state reads',
      'GET /api/v2/device/{id}/picture/{pictureId}':
        'device pictures reads (and device-pictures.test.ts with real files)',
      'POST /api/v2/device/{id}/pictures': 'foreign writes',
      'DELETE /api/v2/device/{id}/picture/{pictureId}': 'foreign writes',
      'GET /api/v1/messages/': 'lists (ingest-http.test.ts: foreign messages are not listed)',
      'GET /api/v1/messages/{id}': 'details (ingest-http.test.ts: a foreign message is 404)',
      'GET /api/v1/messages/device/{id}/{from}/{to}':
        'details (ingest-http.test.ts: a foreign device is 404)',
      'POST /api/v1/ingest/{registryId}/{deviceId}':
        "only the device's or its registry's token (ingest-http.test.ts)",
      'GET /api/v2/dashboards': "the caller's own only (dashboards.test.ts)",
      'POST /api/v2/dashboards': "the caller's own only (dashboards.test.ts)",
      'GET /api/v2/dashboard/{id}': "another's is 404, even to a super user (dashboards.test.ts)",
      'PUT /api/v2/dashboard/{id}': "another's is 404, even to a super user (dashboards.test.ts)",
      'DELETE /api/v2/dashboard/{id}':
        "another's is 404, even to a super user (dashboards.test.ts)",
    };
    expect(operations.filter((op) => !(op in walked) && !(op in outsideTenancy))).toEqual([]);
    expect(Object.keys(walked).filter((op) => !operations.includes(op))).toEqual([]);
  });
});
