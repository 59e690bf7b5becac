import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../server/db/json.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll, type World, type WorldUser } from '../helpers/world.ts';

/**
 * The global search box (GET /api/v2/search?q=): suggestions grouped as
 * projects, devices, collections, users and organisations, each a
 * case-insensitive prefix of the name, at most 5 per group, among what the
 * caller may see (spec §2, §5).
 */
describe('global search suggestions', () => {
  interface Suggestion {
    id: number | string;
    name: string;
    path: string;
  }
  type Groups = Record<'projects' | 'devices' | 'collections' | 'users' | 'orgs', Suggestion[]>;

  let t: TestApp;
  let world: World;
  let as: (who: WorldUser, method: 'GET', url: string) => Promise<LightMyRequestResponse>;
  const ids: { project: number; betaProject: number; collection: number; nordhavn: number } = {
    project: 0,
    betaProject: 0,
    collection: 0,
    nordhavn: 0,
  };

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
    ({ as } = await signInAll(t.app));
    const db = t.database.db;
    const project = (title: string, org: string) =>
      db
        .insertInto('projects')
        .values({
          title,
          start_date: '2026-01-01',
          end_date: '2026-12-31',
          org_uuid: org,
          contact: json({}),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    ids.project = await project('Bylivsmåling Nørrebro', world.orgs.alpha);
    ids.betaProject = await project('Bylivsmåling Beta', world.orgs.beta);
    ids.collection = (
      await db
        .insertInto('data_collections')
        .values({ name: 'Byliv tællinger', org_uuid: world.orgs.alpha })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const device = (name: string, org: string, uniqueName: string | null = null) =>
      db
        .insertInto('devices')
        .values({ name, unique_name: uniqueName, org_uuid: org })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    ids.nordhavn = await device('Nordhavn counter', world.orgs.alpha, 'nhv-001');
    await device('Æblehaven sensor', world.orgs.alpha);
    await device('Bylivs counter', world.orgs.alpha);
    for (const n of [7, 3, 5, 1, 6, 2, 4]) await device(`Many ${n}`, world.orgs.alpha);
    await device('Many 0 of Beta', world.orgs.beta);
  });

  afterAll(async () => {
    await t.close();
  });

  const search = async (who: WorldUser, q: string) => {
    const res = await as(who, 'GET', `/api/v2/search?q=${encodeURIComponent(q)}`);
    expect([q, res.statusCode]).toEqual([q, 200]);
    return res.json<Groups>();
  };
  const names = (group: Suggestion[]) => group.map((s) => s.name);
  const empty: Groups = { projects: [], devices: [], collections: [], users: [], orgs: [] };

  it('groups suggestions and links each to its console route', async () => {
    const found = await search('managerA', 'byliv');
    expect(found).toEqual({
      projects: [
        { id: ids.project, name: 'Bylivsmåling Nørrebro', path: `/project/${ids.project}` },
      ],
      devices: [
        {
          id: expect.any(Number),
          name: 'Bylivs counter',
          path: expect.stringMatching(/^\/device\/\d+$/),
        },
      ],
      collections: [
        { id: ids.collection, name: 'Byliv tællinger', path: `/collection/${ids.collection}` },
      ],
      users: [],
      orgs: [],
    });
    const people = await search('managerA', 'anna');
    expect(people.users).toEqual([
      {
        id: world.users.managerA,
        name: 'Anna Test',
        path: `/management/user/${world.users.managerA}`,
      },
    ]);
    const orgs = await search('managerA', 'alpha n');
    expect(orgs.orgs).toEqual([
      {
        id: world.orgs.alphaNorth,
        name: 'Alpha North',
        path: `/management/org/${world.orgs.alphaNorth}`,
      },
    ]);
    expect(names(orgs.devices)).toEqual(['Alpha North device']);
  });

  it('matches a prefix only, never the middle of a name', async () => {
    expect(names((await search('managerA', 'nordh')).devices)).toEqual(['Nordhavn counter']);
    expect((await search('managerA', 'havn')).devices).toEqual([]);
    expect((await search('managerA', 'counter')).devices).toEqual([]);
    expect((await search('managerA', 'måling')).projects).toEqual([]);
  });

  it('ignores case, also beyond ASCII', async () => {
    for (const q of ['NORDHAVN', 'nOrDhAvN c', 'Nordhavn Counter']) {
      expect(names((await search('managerA', q)).devices)).toEqual(['Nordhavn counter']);
    }
    expect(names((await search('managerA', 'æblE')).devices)).toEqual(['Æblehaven sensor']);
    expect(names((await search('managerA', 'BYLIVSMÅ')).projects)).toEqual([
      'Bylivsmåling Nørrebro',
    ]);
  });

  it('trims the query', async () => {
    expect(names((await search('managerA', '   nordhavn  ')).devices)).toEqual([
      'Nordhavn counter',
    ]);
  });

  it('finds devices by unique name and people by e-mail, also by prefix', async () => {
    expect((await search('managerA', 'NHV-0')).devices).toEqual([
      { id: ids.nordhavn, name: 'Nordhavn counter', path: `/device/${ids.nordhavn}` },
    ]);
    expect(names((await search('managerA', 'manager.a@')).users)).toEqual(['Anna Test']);
    expect((await search('managerA', 'world.test')).users).toEqual([]);
  });

  it('gives at most 5 per group, in name order', async () => {
    expect(names((await search('managerA', 'many')).devices)).toEqual([
      'Many 1',
      'Many 2',
      'Many 3',
      'Many 4',
      'Many 5',
    ]);
    const a = await search('super', 'a');
    for (const group of Object.values(a)) expect(group.length).toBeLessThanOrEqual(5);
  });

  it('suggests nothing for an empty or blank query', async () => {
    for (const q of ['', ' ', '   \t ']) expect(await search('managerA', q)).toEqual(empty);
    const none = await as('managerA', 'GET', '/api/v2/search');
    expect(none.json()).toEqual(empty);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    for (const q of ['%', '_', '%a', 'M_ny', '\\']) expect(await search('super', q)).toEqual(empty);
  });

  it('suggests only what the caller may see', async () => {
    // managerB works in Beta only: nothing of Alpha, its people or its devices.
    const beta = await search('managerB', 'alpha');
    expect(beta).toEqual(empty);
    expect(names((await search('managerB', 'many')).devices)).toEqual(['Many 0 of Beta']);
    expect(names((await search('managerB', 'bylivs')).projects)).toEqual(['Bylivsmåling Beta']);
    expect((await search('managerB', 'anna')).users).toEqual([]);
    // userA works in Alpha only: not Alpha North's device, user or organisation.
    const userA = await search('userA', 'a');
    expect(names(userA.users)).toEqual(['Anna Test', 'Arne Test']);
    expect(names(userA.orgs)).toEqual(['Alpha']);
    expect(names(userA.devices)).toEqual(['Alpha device']);
    expect(names((await search('userA', 'bylivsmåling')).projects)).toEqual([
      'Bylivsmåling Nørrebro',
    ]);
    // A super user sees every tenant.
    expect(names((await search('super', 'bylivsm')).projects)).toEqual([
      'Bylivsmåling Beta',
      'Bylivsmåling Nørrebro',
    ]);
    expect(names((await search('super', 'b')).users)).toEqual(['Bent Test', 'Birte Test']);
  });

  it('refuses a query over 100 characters and a caller without a session', async () => {
    const long = await as('managerA', 'GET', `/api/v2/search?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain('q');
    expect((await search('managerA', 'a'.repeat(100))).devices).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v2/search?q=alpha' });
    expect(anonymous.statusCode).toBe(401);
  });
});
