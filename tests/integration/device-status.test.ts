import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceStatus } from '../../server/db/types.ts';
import {
  ingestRepository,
  STATUS_WINDOW_MS,
  type StoredPacket,
} from '../../server/repositories/ingest-repository.ts';
import { makeDevice } from '../helpers/ingest-world.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** Minutes before now, or null: never. */
type Ago = number | null;

const WINDOW_MINUTES = STATUS_WINDOW_MS / 60_000;

/**
 * The device status rule (spec §4 Device status) as production runs it: in
 * the SQL of the ingest repository, when a batch is written and when a device
 * signs in to the broker. (The minutely sweep: status-sweep.test.ts.)
 */
describe('device status colour', () => {
  let t: TestApp;
  let org: string;
  const db = () => t.database.db;
  const repo = () => ingestRepository(db());
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  /** A device as earlier packets left it. */
  const device = async (status: DeviceStatus, data: Ago, connection: Ago) => {
    const id = await makeDevice(db(), { org_uuid: org, registry_id: null, status });
    const at = (minutes: Ago) =>
      minutes === null ? null : sql<Date>`now() - make_interval(mins => ${minutes})`;
    await db()
      .updateTable('devices')
      .set({ last_data_at: at(data), last_connection_at: at(connection) })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const packet = (deviceId: number, receivedAgo: number, withPoints: boolean): StoredPacket => {
    const receivedAt = minutesAgo(receivedAgo);
    return {
      deviceId,
      registryId: null,
      receivedAt,
      topic: null,
      payload: withPoints ? '{"level":1}' : '{"label":"hall"}',
      encoding: 'utf8',
      points: withPoints
        ? [{ key: 'level', time: receivedAt.getTime(), value: 1, textValue: null }]
        : [],
    };
  };
  const statusOf = async (id: number) =>
    (
      await db()
        .selectFrom('devices')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  beforeAll(async () => {
    t = await startTestApp();
    const row = await db()
      .insertInto('organisations')
      .values({ name: 'Status colour org' })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    org = row.uuid;
    const now = new Date();
    await repo().ensurePartitions([
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1),
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1),
    ]);
  });

  afterAll(async () => {
    await t.close();
  });

  it('colours a written packet: green with data in the window, yellow with only a connection, red when both are older', async () => {
    const inside = WINDOW_MINUTES - 1;
    const outside = WINDOW_MINUTES + 1;
    // [device as it was: colour, minutes since data, since connection], [packet: minutes ago, has points], colour after
    const cases: Record<string, [[DeviceStatus, Ago, Ago], [number, boolean], DeviceStatus]> = {
      firstData: [['none', null, null], [0, true], 'green'],
      dataJustInside: [['red', outside, outside], [inside, true], 'green'],
      onlyConnection: [['none', null, null], [0, false], 'yellow'],
      connectionAfterOldData: [['red', outside, outside], [0, false], 'yellow'],
      connectionKeepsRecentData: [['green', 1, 1], [0, false], 'green'],
      lateOldPacket: [['none', null, null], [outside, true], 'red'],
    };
    const ids = new Map<string, number>();
    for (const [name, [[status, data, connection]]] of Object.entries(cases)) {
      ids.set(name, await device(status, data, connection));
    }
    const packets = Object.entries(cases).map(([name, [, [ago, withPoints]]]) =>
      packet(ids.get(name) ?? 0, ago, withPoints),
    );

    const { changed } = await repo().writeBatch(packets);

    const after: Record<string, DeviceStatus> = {};
    for (const [name, id] of ids) after[name] = await statusOf(id);
    expect(after).toEqual(Object.fromEntries(Object.entries(cases).map(([n, c]) => [n, c[2]])));
    // Only the colours that changed are given back (and announced on the live feed).
    const changedNames = [...ids].filter(([, id]) => changed.some((row) => row.id === id));
    expect(changedNames.map(([name]) => name).sort()).toEqual(
      [
        'connectionAfterOldData',
        'dataJustInside',
        'firstData',
        'lateOldPacket',
        'onlyConnection',
      ].sort(),
    );
  });

  it('turns a device that signs in yellow, unless its data is recent', async () => {
    const never = await device('none', null, null);
    const silent = await device('red', WINDOW_MINUTES + 5, WINDOW_MINUTES + 5);
    const sending = await device('green', 1, 1);

    const changed = await repo().touchConnection([never, silent, sending], new Date());

    expect([await statusOf(never), await statusOf(silent), await statusOf(sending)]).toEqual([
      'yellow',
      'yellow',
      'green',
    ]);
    expect(changed.map((row) => row.id).sort()).toEqual([never, silent].sort());
  });
});
