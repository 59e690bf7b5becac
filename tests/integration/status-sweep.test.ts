import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceStatus } from '../../server/db/types.ts';
import { eventually, makeDevice } from '../helpers/ingest-world.ts';
import { connectLive, emitWithAck, record, type StatusEvent } from '../helpers/live-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll, type World, type WorldUser } from '../helpers/world.ts';

/** Minutes before the database's now(), or null: never. */
type Ago = number | null;

/**
 * The minutely status sweep (spec §4 Device status, docs/ingest.md): a device
 * is green with data in the last 15 minutes, yellow when only connected in
 * them, red when neither. The sweep moves silent devices on and tells the
 * live feed about each change, once.
 */
describe('device status sweep', () => {
  let t: TestApp;
  let world: World;
  let tokens: Record<WorldUser, string>;
  let as: Awaited<ReturnType<typeof signInAll>>['as'];
  let base: string;
  const sockets: Socket[] = [];
  const db = () => t.database.db;

  const ago = (minutes: Ago) =>
    minutes === null ? null : sql<Date>`now() - make_interval(mins => ${minutes})`;
  /** A device as ingest left it: a colour and the times of its last data and connection. */
  const device = async (org: string, status: DeviceStatus, data: Ago, connection: Ago) => {
    const id = await makeDevice(db(), { org_uuid: org, registry_id: null, status });
    await db()
      .updateTable('devices')
      .set({ last_data_at: ago(data), last_connection_at: ago(connection) })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const statusOf = async (id: number) => {
    const res = await as('managerA', 'GET', `/api/v2/device/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ status: DeviceStatus }>().status;
  };
  const followOrg = async (who: WorldUser) => {
    const socket = await connectLive(base, { token: tokens[who] });
    sockets.push(socket);
    expect(await emitWithAck(socket, 'subscribe', { org: true })).toMatchObject({ org: true });
    return record<StatusEvent>(socket, 'status');
  };

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(db());
    ({ tokens, as } = await signInAll(t.app));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  it('turns silent devices yellow, then red, and sends a status event for each change', async () => {
    const alpha = world.orgs.alpha;
    // [colour as ingest left it, minutes since data, since connection, colour after a sweep]
    const cases: Record<string, [DeviceStatus, Ago, Ago, DeviceStatus]> = {
      // Connected a while after its last data, no data for 16 minutes.
      stillConnected: ['green', 16, 5, 'yellow'],
      // Neither data nor a connection for 16 minutes: red at once.
      silent: ['green', 16, 16, 'red'],
      // Connected without data, 16 minutes ago.
      goneAway: ['yellow', null, 16, 'red'],
      // Within the 15 minutes: unchanged.
      fresh: ['green', 14, 14, 'green'],
      connected: ['yellow', 60, 14, 'yellow'],
      // Long gone, or never heard from: unchanged.
      red: ['red', 24 * 60, 24 * 60, 'red'],
      none: ['none', null, null, 'none'],
    };
    const ids = new Map<string, number>();
    for (const [name, [status, data, connection]] of Object.entries(cases)) {
      ids.set(name, await device(alpha, status, data, connection));
    }
    const idOf = (name: keyof typeof cases) => ids.get(name) ?? 0;
    const beta = await device(world.orgs.beta, 'green', 30, 30);
    const toManagerA = await followOrg('managerA');
    const toUserB = await followOrg('userB');

    await t.app.ingest.sweepStatuses();

    for (const [name, [, , , after]] of Object.entries(cases)) {
      expect([name, await statusOf(idOf(name))]).toEqual([name, after]);
    }
    await eventually(async () =>
      toManagerA.length >= 3 && toUserB.length >= 1 ? true : undefined,
    );
    const byDevice = (events: StatusEvent[]) =>
      Object.fromEntries(events.map((e) => [e.deviceId, e.status]));
    expect(byDevice(toManagerA)).toEqual({
      [idOf('stillConnected')]: 'yellow',
      [idOf('silent')]: 'red',
      [idOf('goneAway')]: 'red',
    });
    expect(toManagerA).toHaveLength(3);
    expect(toUserB).toEqual([
      {
        deviceId: beta,
        status: 'red',
        lastDataAt: expect.stringMatching(/Z$/) as string,
        lastConnectionAt: expect.stringMatching(/Z$/) as string,
      },
    ]);

    // Nothing left to change: a second sweep is silent. Then the yellow one
    // loses its connection too, and only that change goes out.
    await t.app.ingest.sweepStatuses();
    await db()
      .updateTable('devices')
      .set({ last_connection_at: ago(16) })
      .where('id', '=', idOf('connected'))
      .execute();
    await t.app.ingest.sweepStatuses();
    await eventually(async () => (toManagerA.length > 3 ? true : undefined));
    expect(toManagerA.slice(3)).toEqual([
      expect.objectContaining({ deviceId: idOf('connected'), status: 'red' }),
    ]);
    expect(await statusOf(idOf('connected'))).toBe('red');
    expect(toUserB).toHaveLength(1);
  });
});
