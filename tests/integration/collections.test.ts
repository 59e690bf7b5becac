import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  Collection,
  CollectionData,
  CollectionDevicePeriod,
  type CollectionDevicePeriod as Period,
} from '../../contracts/collection.ts';
import type { PageOf } from '../../contracts/list.ts';
import type { Project } from '../../contracts/project.ts';
import { useWorldApp } from '../helpers/world-app.ts';

/**
 * Data collections and their assignments (spec §3 Data collection, §4
 * Assignment): to a project, to an organisation, and the device that
 * measures for them, with every period kept.
 */
describe('data collections', () => {
  const t = useWorldApp();
  const { as } = t;
  const unique = () => randomUUID().slice(0, 8);
  const db = () => t.database.db;

  async function project(orgUuid = t.world.orgs.alpha) {
    const res = await as('managerA', 'POST', '/api/v2/project', {
      title: `Havnefront ${unique()}`,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      orgUuid,
    });
    expect(res.statusCode).toBe(201);
    return res.json<Project>();
  }

  async function collection(extra: object = {}) {
    const res = await as('managerA', 'POST', '/api/v2/collection', {
      name: `Kajkant ${unique()}`,
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    return res.json<Collection>();
  }

  async function device(orgUuid = t.world.orgs.alpha) {
    const row = await db()
      .insertInto('devices')
      .values({ name: `Tæller ${unique()}`, org_uuid: orgUuid })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const periods = async (id: number) => {
    const res = await as('userA', 'GET', `/api/v2/collection/${id}/devices`);
    expect(res.statusCode).toBe(200);
    return res.json<Period[]>();
  };

  it('creates a collection in a project, reads it and lists it by project and state', async () => {
    const p = await project();
    const made = await collection({
      description: 'Nordlige kaj',
      projectId: p.id,
      endOfService: '2027-06-30',
    });
    expect(Value.Check(Collection, made)).toBe(true);
    expect(made).toMatchObject({
      description: 'Nordlige kaj',
      state: 'active',
      endOfService: '2027-06-30',
      org: { uuid: t.world.orgs.alpha },
      project: { id: p.id, name: p.title },
      device: null,
      deviceStartDate: null,
    });
    expect((await as('userA', 'GET', `/api/v2/collection/${made.id}`)).json()).toEqual(made);
    const listed = await as('userA', 'GET', `/api/v2/collections?projectId=${p.id}&state=active`);
    expect(listed.json<PageOf<Collection>>().items.map((c) => c.id)).toEqual([made.id]);
    // The project counts it.
    expect(
      (await as('userA', 'GET', `/api/v2/project/${p.id}`)).json<Project>().collectionCount,
    ).toBe(1);
  });

  it('keeps every device that measured for it, and since when', async () => {
    const made = await collection();
    const first = await device();
    const second = await device();
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const assigned = await as('managerA', 'PUT', `/api/v2/collection/${made.id}/device`, {
      deviceId: first,
      from,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<Collection>()).toMatchObject({
      device: { id: first },
      deviceStartDate: from,
    });

    // Reassigned: the first device's period ends when the second's begins.
    const reassigned = await as('managerA', 'PUT', `/api/v2/collection/${made.id}/device`, {
      deviceId: second,
    });
    expect(reassigned.json<Collection>().device?.id).toBe(second);
    const history = await periods(made.id);
    expect(history.every((p) => Value.Check(CollectionDevicePeriod, p))).toBe(true);
    expect(history.map((p) => p.device.id)).toEqual([second, first]);
    expect(history[1]).toMatchObject({ from, to: history[0]?.from });
    expect(history[0]?.to).toBeNull();

    // Unassigned: nothing measures now, and the history stays.
    const unassigned = await as('managerA', 'DELETE', `/api/v2/collection/${made.id}/device`);
    expect(unassigned.json<Collection>()).toMatchObject({ device: null, deviceStartDate: null });
    const after = await periods(made.id);
    expect(after).toHaveLength(2);
    expect(after[0]?.to).not.toBeNull();
  });

  it("reads its data from each device over that device's period only", async () => {
    const made = await collection();
    const first = await device();
    const second = await device();
    const hour = 3_600_000;
    const base = Math.floor(Date.now() / hour) * hour - 6 * hour;
    const at = (hours: number) => new Date(base + hours * hour);
    for (const month of new Set([at(0), at(6)].map((d) => d.toISOString().slice(0, 7))))
      await sql`select ensure_device_data_partition(${`${month}-01T00:00:00Z`}::timestamptz)`.execute(
        db(),
      );
    const point = (device: number, time: Date, value: number, key = 'countIn') =>
      ({ device_id: device, key, time, value, text_value: null }) as const;
    await db()
      .insertInto('device_data')
      .values([
        point(first, new Date(base + 10 * 60_000), 100), // before its period
        point(first, at(2), 10),
        point(first, at(4), 999), // after it moved on
        point(first, at(5), 1, 'other'),
        point(second, at(2), 888), // before its period
        point(second, at(4), 20),
        point(second, at(5), 30),
        point(second, at(4), 7, 'level'),
      ])
      .execute();
    const assign = (deviceId: number, from: Date) =>
      as('managerA', 'PUT', `/api/v2/collection/${made.id}/device`, {
        deviceId,
        from: from.toISOString(),
      });
    expect((await assign(first, at(1))).statusCode).toBe(200);
    expect((await assign(second, at(3))).statusCode).toBe(200);
    // The first device has since moved to another organisation: what it measured stays the collection's.
    await db()
      .updateTable('devices')
      .set({ org_uuid: t.world.orgs.beta })
      .where('id', '=', first)
      .execute();

    const url = `/api/v2/collection/${made.id}/data/countIn?from=${at(0).toISOString()}&to=${at(6).toISOString()}&points=7`;
    const res = await as('userA', 'GET', url);
    expect(res.statusCode).toBe(200);
    const data = res.json<CollectionData>();
    expect(Value.Check(CollectionData, data)).toBe(true);
    expect(data).toMatchObject({ collectionId: made.id, key: 'countIn', bucketSeconds: 3600 });
    expect(
      data.segments.map((s) => ({
        device: s.device.id,
        from: s.from,
        to: s.to,
        points: s.points.map((p) => [p.time, p.value]),
      })),
    ).toEqual([
      {
        device: first,
        from: at(1).toISOString(),
        to: at(3).toISOString(),
        points: [[at(2).toISOString(), 10]],
      },
      {
        device: second,
        from: at(3).toISOString(),
        to: at(6).toISOString(),
        points: [
          [at(4).toISOString(), 20],
          [at(5).toISOString(), 30],
        ],
      },
    ]);

    const keys = await as('userA', 'GET', `/api/v2/collection/${made.id}/keys`);
    expect(keys.json()).toEqual({ timeZone: 'Europe/Copenhagen', keys: ['countIn', 'level'] });

    // Another organisation's user, and ranges that make no sense.
    expect((await as('userB', 'GET', url)).statusCode).toBe(404);
    const backwards = await as(
      'userA',
      'GET',
      `/api/v2/collection/${made.id}/data/countIn?from=${at(6).toISOString()}&to=${at(0).toISOString()}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ message: 'from must be before to' });
    const range = `from=${at(0).toISOString()}&to=${at(6).toISOString()}`;
    for (const bad of [
      `data/countIn?from=yesterday&to=${at(6).toISOString()}`,
      `data/countIn?to=${at(6).toISOString()}`,
      `data/countIn?${range}&points=1`,
      `data/countIn?${range}&points=2001`,
      `data/countIn?${range}&granularity=2`,
      `data/count%20in?${range}`,
      `data/countIn?from=2000-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`,
      `data/countIn?from=0000-01-01T00:00:00Z&to=9999-12-31T00:00:00Z`,
    ]) {
      const answer = await as('userA', 'GET', `/api/v2/collection/${made.id}/${bad}`);
      expect([bad, answer.statusCode]).toEqual([bad, 400]);
      expect(answer.json<{ message: string }>().message).not.toBe('');
    }
  });

  it('lets a device measure for one collection at a time, and never from the future', async () => {
    const one = await collection();
    const other = await collection();
    const shared = await device();
    await as('managerA', 'PUT', `/api/v2/collection/${one.id}/device`, { deviceId: shared });
    const busy = await as('managerA', 'PUT', `/api/v2/collection/${other.id}/device`, {
      deviceId: shared,
    });
    expect(busy.statusCode).toBe(409);
    const future = await as('managerA', 'PUT', `/api/v2/collection/${other.id}/device`, {
      deviceId: await device(),
      from: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(await periods(other.id)).toEqual([]);
  });

  it('takes a device of its organisation or one below, and a project of its organisation or one above', async () => {
    // Alpha North is below Alpha.
    const north = await collection({ orgUuid: t.world.orgs.alphaNorth });
    const above = await project(t.world.orgs.alpha);
    const inAbove = await as('managerA', 'PUT', '/api/v2/collection', {
      id: north.id,
      projectId: above.id,
    });
    expect(inAbove.statusCode).toBe(200);
    const below = await project(t.world.orgs.alphaNorth);
    const top = await collection();
    const inBelow = await as('managerA', 'PUT', '/api/v2/collection', {
      id: top.id,
      projectId: below.id,
    });
    expect(inBelow.statusCode).toBe(400);

    const deviceAbove = await device(t.world.orgs.alpha);
    const refused = await as('managerA', 'PUT', `/api/v2/collection/${north.id}/device`, {
      deviceId: deviceAbove,
    });
    expect(refused.statusCode).toBe(400);
    const deviceBelow = await device(t.world.orgs.alphaNorth);
    const taken = await as('managerA', 'PUT', `/api/v2/collection/${top.id}/device`, {
      deviceId: deviceBelow,
    });
    expect(taken.statusCode).toBe(200);
  });

  it('is reassigned to another project and moved to another organisation in one call each', async () => {
    const first = await project();
    const second = await project();
    const made = await collection({ projectId: first.id });
    const moved = await as('managerA', 'PUT', '/api/v2/collection', {
      id: made.id,
      projectId: second.id,
    });
    expect(moved.json<Collection>().project?.id).toBe(second.id);
    const none = await as('managerA', 'PUT', '/api/v2/collection', {
      id: made.id,
      projectId: null,
    });
    expect(none.json<Collection>().project).toBeNull();

    // To a sub-organisation, with its project (above it) and device (in it).
    await as('managerA', 'PUT', '/api/v2/collection', { id: made.id, projectId: first.id });
    const there = await device(t.world.orgs.alphaNorth);
    await as('managerA', 'PUT', `/api/v2/collection/${made.id}/device`, { deviceId: there });
    const down = await as('managerA', 'PUT', '/api/v2/collection', {
      id: made.id,
      orgUuid: t.world.orgs.alphaNorth,
    });
    expect(down.statusCode).toBe(200);
    expect(down.json<Collection>()).toMatchObject({
      org: { uuid: t.world.orgs.alphaNorth },
      project: { id: first.id },
      device: { id: there },
    });
    // Back up to Alpha: its device in Alpha North is below Alpha, so it still fits.
    const up = await as('managerA', 'PUT', '/api/v2/collection', {
      id: made.id,
      orgUuid: t.world.orgs.alpha,
    });
    expect(up.statusCode).toBe(200);

    // A collection whose device is in Alpha cannot move down to Alpha North.
    const held = await collection();
    await as('managerA', 'PUT', `/api/v2/collection/${held.id}/device`, {
      deviceId: await device(),
    });
    const blocked = await as('managerA', 'PUT', '/api/v2/collection', {
      id: held.id,
      orgUuid: t.world.orgs.alphaNorth,
    });
    expect(blocked.statusCode).toBe(409);
  });

  it('keeps a device that measures for it from moving out from under it', async () => {
    const made = await collection({ orgUuid: t.world.orgs.alphaNorth });
    const measuring = await device(t.world.orgs.alphaNorth);
    await as('managerA', 'PUT', `/api/v2/collection/${made.id}/device`, { deviceId: measuring });
    const out = await as('managerA', 'PUT', '/api/v2/device', {
      id: measuring,
      orgUuid: t.world.orgs.alpha,
    });
    expect(out.statusCode).toBe(409);
    // Unassigned, it may go.
    await as('managerA', 'DELETE', `/api/v2/collection/${made.id}/device`);
    const moved = await as('managerA', 'PUT', '/api/v2/device', {
      id: measuring,
      orgUuid: t.world.orgs.alpha,
    });
    expect(moved.statusCode).toBe(200);
  });

  it('lets a user see collections and their history, but not assign or change them (403)', async () => {
    const made = await collection();
    const own = await device();
    expect((await as('userA', 'GET', `/api/v2/collection/${made.id}`)).statusCode).toBe(200);
    const assign = await as('userA', 'PUT', `/api/v2/collection/${made.id}/device`, {
      deviceId: own,
    });
    expect(assign.statusCode).toBe(403);
    expect(
      (await as('userA', 'PUT', '/api/v2/collection', { id: made.id, name: 'X' })).statusCode,
    ).toBe(403);
    expect((await as('userA', 'POST', '/api/v2/collection', { name: 'X' })).statusCode).toBe(403);
    expect((await as('userA', 'DELETE', `/api/v2/collection/${made.id}`)).statusCode).toBe(403);
    expect(await periods(made.id)).toEqual([]);
  });

  it('deletes a collection with its history; its devices stay', async () => {
    const made = await collection();
    const kept = await device();
    await as('managerA', 'PUT', `/api/v2/collection/${made.id}/device`, { deviceId: kept });
    expect((await as('managerA', 'DELETE', `/api/v2/collection/${made.id}`)).json()).toEqual({
      ok: true,
    });
    expect((await as('managerA', 'GET', `/api/v2/collection/${made.id}`)).statusCode).toBe(404);
    const rows = await db()
      .selectFrom('collection_devices')
      .select('id')
      .where('collection_id', '=', made.id)
      .execute();
    expect(rows).toEqual([]);
    const stays = await db()
      .selectFrom('devices')
      .select('id')
      .where('id', '=', kept)
      .executeTakeFirst();
    expect(stays?.id).toBe(kept);
    // The device is free for another collection.
    const next = await collection();
    expect(
      (await as('managerA', 'PUT', `/api/v2/collection/${next.id}/device`, { deviceId: kept }))
        .statusCode,
    ).toBe(200);
  });
});
