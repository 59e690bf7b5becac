import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAGE_PAYLOAD_BUDGET_BYTES,
  PAYLOAD_PREVIEW_CHARS,
} from '../../server/repositories/message-repository.ts';
import { makeDevice, makeRegistry } from '../helpers/ingest-world.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll, type World } from '../helpers/world.ts';

interface Item {
  id: number;
  payload: string;
  truncated?: boolean;
}

/** The message log answers at most about 1 MiB of packets a page, and still reaches every one. */
describe('message log pages by size', () => {
  let t: TestApp;
  let world: World;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];
  let deviceId: number;
  const PACKET_CHARS = 200 * 1024;
  const PACKETS = 10;

  beforeAll(async () => {
    t = await startTestApp();
    const db = t.database.db;
    world = await seedWorld(db);
    ({ as } = await signInAll(t.app));
    const registry = await makeRegistry(db, world.orgs.alpha, 'http');
    deviceId = await makeDevice(db, { org_uuid: world.orgs.alpha, registry_id: registry });
    for (let i = 0; i < PACKETS; i++) {
      const payload = Buffer.from(`${i}`.padEnd(PACKET_CHARS, 'x'));
      const outcome = await t.app.ingest.ingest({
        registryId: registry,
        deviceId,
        payload,
        transport: 'http',
        receivedAt: new Date(Date.UTC(2026, 0, 1, 12, 0, i)),
      });
      expect(outcome.ok).toBe(true);
    }
  });

  afterAll(async () => {
    await t.close();
  });

  /** Packets whole while they fit in the budget (newest first), previews after. */
  function expectWithinBudget(items: Item[]) {
    const whole = Math.floor(PAGE_PAYLOAD_BUDGET_BYTES / PACKET_CHARS);
    expect(items).toHaveLength(PACKETS);
    items.forEach((item, i) => {
      expect(item.payload.startsWith(String(PACKETS - 1 - i))).toBe(true);
      if (i < whole) {
        expect(item.payload).toHaveLength(PACKET_CHARS);
        expect(item.truncated).toBeUndefined();
      } else {
        expect(item.payload).toHaveLength(PAYLOAD_PREVIEW_CHARS);
        expect(item.truncated).toBe(true);
      }
    });
  }

  it('a page of the log keeps its count but carries whole packets only up to 1 MiB', async () => {
    const res = await as('managerA', 'GET', `/api/v1/messages/?deviceId=${deviceId}&pageSize=25`);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: Item[]; total: number }>();
    process.stdout.write(
      `a page of ${PACKETS} packets of 200 KiB: ${(res.body.length / 1024).toFixed(0)} KiB\n`,
    );
    expect(page.total).toBe(PACKETS);
    expectWithinBudget(page.items);
    expect(res.body.length).toBeLessThan(PAGE_PAYLOAD_BUDGET_BYTES + 64 * 1024);

    // The rest of a cut packet is one call away.
    const cut = page.items.at(-1);
    const one = await as('managerA', 'GET', `/api/v1/messages/${cut?.id}`);
    expect(one.json<Item>().payload).toHaveLength(PACKET_CHARS);
    expect(one.json<Item>().truncated).toBeUndefined();
  });

  it("a device's messages by time keep to the same budget", async () => {
    const res = await as(
      'managerA',
      'GET',
      `/api/v1/messages/device/${deviceId}/2026-01-01 00:00:00/2026-01-02 00:00:00`,
    );
    expect(res.statusCode).toBe(200);
    expectWithinBudget(res.json<Item[]>());
  });
});
