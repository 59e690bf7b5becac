import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import { Dashboard, graphTypes, type Graph } from '../../contracts/dashboard.ts';
import { demoLogins, seedDemo } from '../../server/demo/seed.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signIn } from '../helpers/world.ts';

const PASSWORD = 'demo-secret-1';
const demoEnv = { DEMO: '1', DEMO_PASSWORD: PASSWORD, DEMO_HISTORY_DAYS: '0' };

/** Every device a graph reads. */
function devicesOf(graph: Graph): number[] {
  const ids = [graph.dataSource.deviceId];
  if (graph.type === graphTypes.difference)
    ids.push(graph.dataSources.a.deviceId, graph.dataSources.b.deviceId);
  if (graph.type === graphTypes.multiChart) ids.push(...graph.deviceIds);
  return ids.filter((id): id is number => id !== null);
}

/** GET and DELETE as a demo user, signed in on `app`. */
async function signedIn(app: FastifyInstance, email: string) {
  const token = await signIn(app, email, PASSWORD);
  return (url: string, method: 'GET' | 'DELETE' = 'GET') =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
}

async function dashboardsOf(app: FastifyInstance, email: string): Promise<Dashboard[]> {
  const res = await (await signedIn(app, email))('/api/v2/dashboards');
  expect(res.statusCode).toBe(200);
  return res.json<Dashboard[]>();
}

describe('demo dashboards', () => {
  let t: TestApp;

  // Seeding without history is quick, but migrations and sign-ins share two busy cores.
  beforeAll(async () => {
    t = await startTestApp({ env: demoEnv });
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('gives each demo user a "Persontællere" dashboard, in their language, over devices they may read', async () => {
    for (const { email } of demoLogins) {
      const dashboards = await dashboardsOf(t.app, email);
      expect(dashboards, email).toHaveLength(1);
      const [dashboard] = dashboards;
      if (!dashboard) continue;
      expect(Value.Check(Dashboard, dashboard), email).toBe(true);
      // The demo users speak Danish: so does their dashboard.
      expect(dashboard).toMatchObject({ name: 'Persontællere', color: 'teal', version: 1 });
      expect(dashboard.id).toMatch(/^persontaellere-[a-z0-9]{6}$/);
      expect(dashboard.graphs.map((graph) => graph.name)).toContain('Personer ind i dag');
      expect(dashboard.graphs.length).toBeGreaterThanOrEqual(6);

      const get = await signedIn(t.app, email);
      const devices = new Set(dashboard.graphs.flatMap(devicesOf));
      expect(devices.size, email).toBeGreaterThan(0);
      for (const id of devices) expect((await get(`/api/v2/device/${id}`)).statusCode).toBe(200);
    }
  });

  it('shows a plain user only their own organisation’s counters', async () => {
    const email = demoLogins[2].email;
    const [dashboard] = await dashboardsOf(t.app, email);
    const shown = [...new Set(dashboard?.graphs.flatMap(devicesOf) ?? [])];
    const { org_uuid: org } = await t.database.db
      .selectFrom('users')
      .select('org_uuid')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const orgs = await t.database.db
      .selectFrom('devices')
      .select('org_uuid')
      .where('id', 'in', shown)
      .execute();
    expect(orgs.map((row) => row.org_uuid)).toEqual(shown.map(() => org));
    // The check above can fail: the user cannot read an Aarhus counter.
    const aarhus = await t.database.db
      .selectFrom('devices')
      .select('id')
      .where('unique_name', '=', 'aar-001')
      .executeTakeFirstOrThrow();
    const get = await signedIn(t.app, email);
    expect((await get(`/api/v2/device/${aarhus.id}`)).statusCode).not.toBe(200);
  });

  it('adds none on a second seed or a restart, and does not bring back a deleted one', async () => {
    expect(await seedDemo(t.database.db, PASSWORD)).toBe(false);
    const user = demoLogins[2].email;
    const [mine] = await dashboardsOf(t.app, user);
    const removed = await (await signedIn(t.app, user))(`/api/v2/dashboard/${mine?.id}`, 'DELETE');
    expect(removed.statusCode).toBe(200);

    const restarted = await startTestApp({ database: t.database, env: demoEnv });
    try {
      expect(restarted.app.demo?.seeded).toBe(false);
      for (const { email } of demoLogins)
        expect(await dashboardsOf(restarted.app, email), email).toHaveLength(
          email === user ? 0 : 1,
        );
    } finally {
      await restarted.close();
    }
  });
});
