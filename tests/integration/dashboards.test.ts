import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  Dashboard,
  DashboardConflict,
  DASHBOARDS_MAX,
  GRAPHS_MAX,
  type Graph,
} from '../../contracts/dashboard.ts';
import { useWorldApp } from '../helpers/world-app.ts';

const chart = (id: string, x = 0): Graph => ({
  id,
  name: `Chart ${id}`,
  type: 0,
  grid: { i: id, x, y: 0, w: 6, h: 12, minW: 4, minH: 12 },
  periodType: 1,
  period: { menuId: 0, timeType: 1, chartType: 3 },
  refresh: 0,
  dataSource: { type: 0, deviceId: 1, dataKey: 'countIn', cf: 1 },
});

describe('dashboards', () => {
  const t = useWorldApp();
  const { as } = t;

  it('creates, lists, reads, saves and deletes one’s own dashboard', async () => {
    const created = await as('userA', 'POST', '/api/v2/dashboards', {
      name: 'Lobby – Aarhus Ø',
      graphs: [chart('in-a')],
    });
    expect(created.statusCode).toBe(201);
    const dashboard = created.json<Dashboard>();
    expect(Value.Check(Dashboard, dashboard)).toBe(true);
    expect(dashboard).toMatchObject({
      name: 'Lobby – Aarhus Ø',
      color: 'teal',
      description: null,
      ownerUuid: t.world.users.userA,
      orgUuid: t.world.orgs.alpha,
      version: 1,
    });
    expect(dashboard.id).toMatch(/^lobby-aarhus-o-[a-z0-9]{6}$/);

    const list = await as('userA', 'GET', '/api/v2/dashboards');
    expect(list.json<Dashboard[]>().map((d) => d.id)).toEqual([dashboard.id]);
    const read = await as('userA', 'GET', `/api/v2/dashboard/${dashboard.id}`);
    expect(read.json()).toEqual(dashboard);

    const saved = await as('userA', 'PUT', `/api/v2/dashboard/${dashboard.id}`, {
      name: 'Lobby',
      color: '#336699',
      description: 'Both doors',
      graphs: [chart('in-a'), chart('in-b', 6)],
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      id: dashboard.id,
      name: 'Lobby',
      color: '#336699',
      description: 'Both doors',
      version: 2,
    });
    expect(saved.json<Dashboard>().graphs).toEqual([chart('in-a'), chart('in-b', 6)]);

    const removed = await as('userA', 'DELETE', `/api/v2/dashboard/${dashboard.id}`);
    expect(removed.json()).toEqual({ ok: true });
    expect((await as('userA', 'GET', `/api/v2/dashboard/${dashboard.id}`)).statusCode).toBe(404);
    expect((await as('userA', 'DELETE', `/api/v2/dashboard/${dashboard.id}`)).statusCode).toBe(404);
  });

  it('gives a new dashboard the spec’s defaults and keeps a given id', async () => {
    const blank = await as('userA1', 'POST', '/api/v2/dashboards', {});
    expect(blank.json()).toMatchObject({
      name: 'My Dashboard',
      color: 'teal',
      description: null,
      graphs: [],
    });
    expect(blank.json<Dashboard>().id).toMatch(/^my-dashboard-[a-z0-9]{6}$/);
    const named = await as('userA1', 'POST', '/api/v2/dashboards', { id: 'wall-abc123' });
    expect(named.json<Dashboard>().id).toBe('wall-abc123');
    const again = await as('userA1', 'POST', '/api/v2/dashboards', { id: 'wall-abc123' });
    expect(again.statusCode).toBe(409);
    // Ids are the owner's own: someone else may hold the same one.
    const other = await as('userB', 'POST', '/api/v2/dashboards', { id: 'wall-abc123' });
    expect(other.statusCode).toBe(201);
  });

  it('answers a save from a stale version with 409 and the stored dashboard', async () => {
    const { id } = (await as('managerA', 'POST', '/api/v2/dashboards', { name: 'Tabs' })).json<{
      id: string;
    }>();
    const body = { name: 'Tabs', color: 'teal', description: null, graphs: [] };
    const first = await as('managerA', 'PUT', `/api/v2/dashboard/${id}`, {
      ...body,
      name: 'From the first tab',
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    const second = await as('managerA', 'PUT', `/api/v2/dashboard/${id}`, {
      ...body,
      name: 'From the second tab',
      version: 1,
    });
    expect(second.statusCode).toBe(409);
    const conflict = second.json<DashboardConflict>();
    expect(Value.Check(DashboardConflict, conflict)).toBe(true);
    expect(conflict.current).toMatchObject({ id, name: 'From the first tab', version: 2 });
    // Overwriting names the version the conflict showed.
    const overwrite = await as('managerA', 'PUT', `/api/v2/dashboard/${id}`, {
      ...body,
      name: 'From the second tab',
      version: conflict.current.version,
    });
    expect(overwrite.json()).toMatchObject({ name: 'From the second tab', version: 3 });
  });

  it('shows nobody else a dashboard, not even a super user or a colleague: 404', async () => {
    const { id } = (
      await as('userA', 'POST', '/api/v2/dashboards', { name: 'Private' })
    ).json<Dashboard>();
    const body = { name: 'Taken', color: 'teal', description: null, graphs: [], version: 1 };
    for (const who of ['managerA', 'super', 'userB'] as const) {
      expect((await as(who, 'GET', `/api/v2/dashboard/${id}`)).statusCode).toBe(404);
      expect((await as(who, 'PUT', `/api/v2/dashboard/${id}`, body)).statusCode).toBe(404);
      expect((await as(who, 'DELETE', `/api/v2/dashboard/${id}`)).statusCode).toBe(404);
      const theirs = (await as(who, 'GET', '/api/v2/dashboards')).json<Dashboard[]>();
      expect(theirs.map((d) => d.id)).not.toContain(id);
    }
    expect((await as('userA', 'GET', `/api/v2/dashboard/${id}`)).json()).toMatchObject({
      name: 'Private',
      version: 1,
    });
    const unsigned = await t.app.inject({ method: 'GET', url: '/api/v2/dashboards' });
    expect(unsigned.statusCode).toBe(401);
  });

  it('keeps to its limits and refuses bad dashboards with the field named', async () => {
    const tooMany = await as('userB', 'POST', '/api/v2/dashboards', {
      graphs: Array.from({ length: GRAPHS_MAX + 1 }, (_, i) => chart(`g${i}`)),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toContain('body.graphs');
    const unknownField = await as('userB', 'POST', '/api/v2/dashboards', { colour: 'red' });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json<{ message: string }>().message).toContain('colour');
    const badGraph = await as('userB', 'POST', '/api/v2/dashboards', {
      graphs: [{ ...chart('x'), type: 9 }],
    });
    expect(badGraph.statusCode).toBe(400);
    const badId = await as('userB', 'GET', '/api/v2/dashboard/Not%20An%20Id');
    expect(badId.statusCode).toBe(400);
    const huge = await as('userB', 'POST', '/api/v2/dashboards', {
      description: 'x'.repeat(1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);

    // DASHBOARDS_MAX a user: the next create is refused.
    const have = (await as('userB', 'GET', '/api/v2/dashboards')).json<Dashboard[]>().length;
    await t.database.db
      .insertInto('dashboards')
      .values(
        Array.from({ length: DASHBOARDS_MAX - have }, (_, i) => ({
          owner_uuid: t.world.users.userB,
          org_uuid: t.world.orgs.beta,
          id: `filler-${i}`,
          name: `Filler ${i}`,
        })),
      )
      .execute();
    const over = await as('userB', 'POST', '/api/v2/dashboards', {});
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toContain(String(DASHBOARDS_MAX));
  });

  it('moves a user’s dashboards along when the user moves to another organisation', async () => {
    const { id } = (
      await as('userA1', 'POST', '/api/v2/dashboards', { name: 'Moving' })
    ).json<Dashboard>();
    const moved = await as('super', 'PUT', `/api/entity/user/${t.world.users.userA1}`, {
      orgUuid: t.world.orgs.beta,
    });
    expect(moved.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('dashboards')
      .select('org_uuid')
      .where('owner_uuid', '=', t.world.users.userA1)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.org_uuid).toBe(t.world.orgs.beta);
  });
});

describe('dashboards through the spec’s internal store', () => {
  const t = useWorldApp();
  const { as } = t;
  const internal = (who: 'userA' | 'userB', body: object) =>
    as(who, 'PUT', `/api/entity/user/${t.world.users[who]}/internal`, body);
  const stored = async (who: 'userA' | 'userB') =>
    (await as(who, 'GET', '/api/auth/user')).json<{ internal: { dashboards: unknown[] } }>()
      .internal.dashboards;

  it('writes the rows a spec client sends and reads them back in the spec’s shape', async () => {
    const old = {
      id: 'old-wall-q1w2e3',
      name: 'Old wall',
      // A spec client's graph: no grid, no period, no refresh, a partial data source.
      graphs: [
        { id: 'g-1', name: 'Entrance', type: 0, dataSource: { deviceId: 5, dataKey: 'in' } },
      ],
    };
    const res = await internal('userA', {
      settings: { theme: 1 },
      dashboards: [old, { name: 'Fresh', color: 'red', description: 'new', graphs: [] }],
    });
    expect(res.statusCode).toBe(200);

    const dashboards = await stored('userA');
    expect(dashboards).toHaveLength(2);
    expect(dashboards[0]).toEqual({
      id: 'old-wall-q1w2e3',
      name: 'Old wall',
      color: 'teal',
      description: null,
      graphs: [
        {
          id: 'g-1',
          name: 'Entrance',
          type: 0,
          periodType: 0,
          refresh: 0,
          period: { menuId: 3, timeType: 2, chartType: 3 },
          dataSource: { type: 0, deviceId: 5, dataKey: 'in', cf: 1 },
        },
      ],
    });
    expect(dashboards[1]).toMatchObject({ name: 'Fresh', color: 'red', description: 'new' });

    // The same rows through the dashboard routes; the graph without grid is kept as it is.
    const rows = (await as('userA', 'GET', '/api/v2/dashboards')).json<Dashboard[]>();
    expect(rows.map((d) => d.id)).toEqual(dashboards.map((d) => (d as { id: string }).id));
    expect(rows[0]?.graphs[0]).not.toHaveProperty('grid');
    expect(rows[0]?.version).toBe(1);
    // The settings stay in the store, the dashboards do not.
    const user = await t.database.db
      .selectFrom('users')
      .select('internal')
      .where('uuid', '=', t.world.users.userA)
      .executeTakeFirstOrThrow();
    expect(user.internal).toEqual({ settings: { theme: 1 } });

    // The console's repair: grid added, saved with its version.
    const repaired = await as('userA', 'PUT', `/api/v2/dashboard/${old.id}`, {
      name: 'Old wall',
      color: 'teal',
      description: null,
      graphs: [{ ...rows[0]?.graphs[0], grid: { i: 'g-1', x: 0, y: 0, w: 6, h: 12 } }],
      version: 1,
    });
    expect(repaired.statusCode).toBe(200);

    // Sending the read list back unchanged changes nothing; a changed one bumps only it; a missing one goes.
    const again = await stored('userA');
    const [first, second] = again as [{ id: string }, { id: string; name: string }];
    expect((await internal('userA', { dashboards: again })).statusCode).toBe(200);
    const before = (await as('userA', 'GET', '/api/v2/dashboards')).json<Dashboard[]>();
    expect(before.map((d) => d.version)).toEqual([2, 1]);
    await internal('userA', { dashboards: [{ ...second, name: 'Renamed' }] });
    const after = (await as('userA', 'GET', '/api/v2/dashboards')).json<Dashboard[]>();
    expect(after.map((d) => [d.id, d.name, d.version])).toEqual([[second.id, 'Renamed', 2]]);
    expect((await as('userA', 'GET', `/api/v2/dashboard/${first.id}`)).statusCode).toBe(404);
  });

  it('refuses an invalid dashboard naming it and its graph, and writes nothing', async () => {
    await internal('userB', { dashboards: [{ id: 'keep-aaaaaa', name: 'Keep' }] });
    const res = await internal('userB', {
      settings: { theme: 2 },
      dashboards: [
        { name: 'Fine' },
        {
          name: 'Broken',
          graphs: [{ id: 'g', name: 'Bad period', type: 0, period: { menuId: 99 } }],
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(
      /Dashboard 2 "Broken", graph 1 "Bad period": period\.menuId/,
    );
    const dashboards = await stored('userB');
    expect(dashboards).toEqual([
      { id: 'keep-aaaaaa', name: 'Keep', color: 'teal', description: null, graphs: [] },
    ]);
    const user = await t.database.db
      .selectFrom('users')
      .select('internal')
      .where('uuid', '=', t.world.users.userB)
      .executeTakeFirstOrThrow();
    expect(user.internal).not.toHaveProperty('settings');

    const duplicate = await internal('userB', {
      dashboards: [{ id: 'same-aaaaaa' }, { id: 'same-aaaaaa' }],
    });
    expect(duplicate.statusCode).toBe(400);
    const badId = await internal('userB', { dashboards: [{ id: 'Not An Id' }] });
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ message: string }>().message).toContain('Dashboard 1');
  });

  it('lets only the user write their own store', async () => {
    expect((await internal('userA', { dashboards: [{ name: 'Mine' }] })).statusCode).toBe(200);
    const res = await as('super', 'PUT', `/api/entity/user/${t.world.users.userA}/internal`, {
      dashboards: [],
    });
    expect(res.statusCode).toBe(403);
    const left = (await as('userA', 'GET', '/api/v2/dashboards')).json<Dashboard[]>();
    expect(left.map((d) => d.name)).toEqual(['Mine']);
  });

  it('keeps the order dashboards were made in, however quickly they were made', async () => {
    // Named against the alphabet: ordered by id, they would come out reversed.
    const names = ['Zulu', 'Yankee', 'X-ray', 'Whiskey', 'Victor', 'Uniform'];
    const res = await internal('userB', { dashboards: names.map((name) => ({ name })) });
    expect(res.statusCode).toBe(200);
    for (const name of ['Tango', 'Sierra']) {
      const made = await as('userB', 'POST', '/api/v2/dashboards', { name });
      expect(made.statusCode).toBe(201);
    }
    const listed = (await as('userB', 'GET', '/api/v2/dashboards')).json<Dashboard[]>();
    expect(listed.map((d) => d.name)).toEqual([...names, 'Tango', 'Sierra']);
  });
});
