import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { dataTopic } from '../../server/ingest/topics.ts';
import { eventually, makeDevice, makeRegistry, spreadIds } from '../helpers/ingest-world.ts';
import {
  createScratchDatabase,
  startServerNode,
  type ScratchDatabase,
  type ServerNode,
} from '../helpers/server-node.ts';
import { usesServices } from '../helpers/test-app.ts';

const mqttUrl = process.env.MQTT_URL;
const databaseUrl = process.env.DATABASE_URL;

const DEVICES = 4;
const MESSAGES_PER_DEVICE = 75;
const MESSAGES = DEVICES * MESSAGES_PER_DEVICE;

const METRICS_TOKEN = 'shared-subscription-metrics';

/** Points this node committed (`nordlys_ingest_points_total`, its own metrics). */
async function pointsCommittedBy(node: ServerNode): Promise<number> {
  const text = await (
    await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const match = /^nordlys_ingest_points_total (\d+)$/m.exec(text);
  if (!match?.[1]) throw new Error(`no nordlys_ingest_points_total on ${node.url}/metrics`);
  return Number(match[1]);
}

/**
 * Two API nodes on one external broker with the same MQTT_SHARE_GROUP (and
 * their own MQTT_CLIENT_ID) subscribe to the devices' data topics through a
 * shared subscription: the broker gives each message to one of them, so each
 * message is stored once and both nodes take part.
 */
describe.runIf(usesServices && databaseUrl && mqttUrl)(
  'ingest through a shared subscription (PostgreSQL + MQTT broker)',
  () => {
    const suffix = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    let dataDir: string;
    let scratch: ScratchDatabase;
    let database: Database | undefined;
    const nodes: ServerNode[] = [];

    beforeAll(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-shared-sub-'));
      scratch = await createScratchDatabase(databaseUrl ?? '');
      const env = (name: string) => ({
        DATA_DIR: path.join(dataDir, name),
        DATABASE_URL: scratch.url,
        MQTT_URL: mqttUrl ?? '',
        MQTT_CLIENT_ID: `nordlys-shared-${name}-${suffix}`,
        MQTT_SHARE_GROUP: `nordlys-shared-${suffix}`,
        // The broker forgets the sessions soon after the nodes stop.
        MQTT_SESSION_EXPIRY: '10',
        DEMO: '0',
        SIMULATE: '0',
        METRICS_TOKEN,
      });
      // One after the other: the first migrates the database.
      nodes.push(await startServerNode(env('a')));
      nodes.push(await startServerNode(env('b')));
      database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    }, 120_000);

    afterAll(async () => {
      for (const node of nodes) await node.stop();
      await database?.close();
      await scratch?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('stores every message exactly once and gives both nodes a share', async () => {
      const [a, b] = nodes;
      if (!a || !b || !database) throw new Error('the nodes did not start');
      const db = database.db;
      // Far from the ids of other test files publishing to the same broker.
      await spreadIds(db);
      const org = await db
        .insertInto('organisations')
        .values({ name: 'Shared', address: 'Vej 1', zip: '1000', city: 'By', country: 'Denmark' })
        .returning('uuid')
        .executeTakeFirstOrThrow();
      const registryId = await makeRegistry(db, org.uuid, 'mqtt');
      const deviceIds: number[] = [];
      for (let i = 0; i < DEVICES; i++)
        deviceIds.push(await makeDevice(db, { org_uuid: org.uuid, registry_id: registryId }));
      const [beforeA, beforeB] = [await pointsCommittedBy(a), await pointsCommittedBy(b)];

      // Each device its own connection, as devices publish; the broker lets anyone in.
      const start = Date.now();
      await Promise.all(
        deviceIds.map(async (deviceId, d) => {
          const client = await mqtt.connectAsync(mqttUrl ?? '', {
            clientId: `nordlys-shared-device-${deviceId}-${suffix}`,
            reconnectPeriod: 0,
          });
          try {
            for (let i = 0; i < MESSAGES_PER_DEVICE; i++) {
              const seq = d * MESSAGES_PER_DEVICE + i;
              await client.publishAsync(
                dataTopic(registryId, deviceId),
                JSON.stringify({ seq, ts: start + seq }),
                { qos: 1 },
              );
            }
          } finally {
            await client.endAsync();
          }
        }),
      );

      // The broker acknowledged the publishes; ingest commits them a moment later.
      const countMessages = async () =>
        Number(
          (
            await db
              .selectFrom('messages')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('device_id', 'in', deviceIds)
              .executeTakeFirstOrThrow()
          ).n,
        );
      await eventually(
        async () => ((await countMessages()) >= MESSAGES ? true : undefined),
        30_000,
      );
      const [shareA, shareB] = await eventually(async () => {
        const share = [
          (await pointsCommittedBy(a)) - beforeA,
          (await pointsCommittedBy(b)) - beforeB,
        ] as const;
        return share[0] + share[1] >= MESSAGES ? share : undefined;
      }, 10_000);

      // (1) Exactly once: one message row and one point per publish, none twice.
      expect(await countMessages()).toBe(MESSAGES);
      const points = await db
        .selectFrom('device_data')
        .select(['device_id', 'value', 'time'])
        .where('device_id', 'in', deviceIds)
        .where('key', '=', 'seq')
        .execute();
      const stored = points
        .map((p) => ({
          deviceId: Number(p.device_id),
          seq: Number(p.value),
          ts: p.time.getTime(),
        }))
        .sort((x, y) => x.seq - y.seq);
      const expected = Array.from({ length: MESSAGES }, (_, seq) => ({
        deviceId: deviceIds[Math.floor(seq / MESSAGES_PER_DEVICE)],
        seq,
        ts: start + seq,
      }));
      expect(stored).toEqual(expected);

      // (2) Both nodes committed a share, and together each message once.
      const split = `node A ${shareA}, node B ${shareB}`;
      expect(shareA + shareB, split).toBe(MESSAGES);
      expect(shareA, split).toBeGreaterThan(0);
      expect(shareB, split).toBeGreaterThan(0);
    });
  },
);
