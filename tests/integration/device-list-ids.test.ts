import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll, type World } from '../helpers/world.ts';

interface Page {
  items: { id: number; name: string }[];
  total: number;
}

/** GET /api/v2/devices?ids=…: a dashboard reads all its devices in one request, within the caller's scope. */
describe('the device list by ids', () => {
  let t: TestApp;
  let world: World;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t.database.db);
    ({ as } = await signInAll(t.app));
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers just the devices named that the caller may see', async () => {
    const alpha = world.alphaThings.device.id;
    const north = world.alphaNorthThings.device.id;
    const beta = world.betaThings.device.id;
    const list = async (who: 'managerA' | 'userA', ids: string) => {
      const res = await as(who, 'GET', `/api/v2/devices?pageSize=100&sort=id&ids=${ids}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>();
    };
    const manager = await list('managerA', `${beta},${north},${alpha}`);
    expect(manager.items.map((d) => d.id)).toEqual([alpha, north].sort((a, b) => a - b));
    expect(manager.total).toBe(2);
    // A user of Alpha sees Alpha's device only, and never Beta's.
    expect((await list('userA', `${alpha},${beta}`)).items.map((d) => d.id)).toEqual([alpha]);
  });

  it('refuses a malformed list or more than 100 ids', async () => {
    for (const ids of ['1,,2', 'a', '0', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const res = await as('managerA', 'GET', `/api/v2/devices?ids=${ids}`);
      expect(res.statusCode, ids).toBe(400);
    }
  });
});
