import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { dataTopic } from '../../server/ingest/topics.ts';
import { freePort } from '../helpers/free-port.ts';
import { createScratchDatabase, usesServices } from '../helpers/test-app.ts';

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * A Mosquitto of this test's own, configured as a deployment should be (docs/ingest.md):
 * no cap on the messages it queues for the ingest session, so a busy test machine
 * makes ingest slower but never makes the broker drop acknowledged messages. Where
 * the mosquitto binary is missing, the machine's broker (MQTT_URL) is used.
 */
async function startBroker(dir: string): Promise<{ url: string; stop: () => void }> {
  const fallback = { url: process.env.MQTT_URL ?? '', stop: () => undefined };
  const binary = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'];
  const found = (
    await Promise.all(
      binary.map((b) =>
        fs.access(b).then(
          () => b,
          () => null,
        ),
      ),
    )
  ).find((b) => b !== null);
  if (!found) return fallback;
  const port = await freePort();
  const config = path.join(dir, 'mosquitto.conf');
  await fs.writeFile(
    config,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'max_queued_messages 0', ''].join('\n'),
  );
  const child = spawn(found, ['-c', config], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const up = await mqtt
      .connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 1000 })
      .then(
        async (client) => {
          await client.endAsync();
          return true;
        },
        () => false,
      );
    if (up) return { url: `mqtt://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  return fallback;
}

function startServer(env: Record<string, string>): Server {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, server: Server, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A small publisher at about `rate` QoS 1 messages a second, one point each
 * with its own time; it remembers which publishes the broker acknowledged.
 */
async function startPublisher(url: string, topic: string, rate: number) {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
  const acknowledged = new Set<number>();
  const base = Date.now() - 3600_000;
  let next = 0;
  let inFlight = 0;
  let paused = false;
  const perTick = Math.max(1, Math.round(rate / 100));
  const timer = setInterval(() => {
    if (paused) return;
    for (let i = 0; i < perTick; i++) {
      const n = next++;
      inFlight++;
      client.publish(topic, JSON.stringify({ seq: n, ts: base + n }), { qos: 1 }, (error) => {
        inFlight--;
        if (!error) acknowledged.add(n);
      });
    }
  }, 10);
  return {
    acknowledged,
    base,
    pause: () => (paused = true),
    resume: () => (paused = false),
    async stop() {
      clearInterval(timer);
      await until(async () => inFlight === 0, 30_000, 'the broker to acknowledge every publish');
      await client.endAsync();
    },
  };
}

/**
 * Ack-after-commit across a crash: with a load of QoS 1 publishes going
 * through the real broker, the server is killed with SIGKILL and started
 * again; every point the broker acknowledged to the publisher ends up in
 * PostgreSQL exactly once (the broker redelivers what the dead server had not
 * acknowledged; (device, key, time) keeps redeliveries from duplicating).
 */
describe.runIf(usesServices && process.env.DATABASE_URL && process.env.MQTT_URL)(
  'ingest survives a crash under load (PostgreSQL + MQTT broker)',
  () => {
    let dataDir: string;
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let database: Database | undefined;
    const servers: Server[] = [];
    let broker: { url: string; stop: () => void } | undefined;

    beforeAll(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-crash-'));
      scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '');
      broker = await startBroker(dataDir);
    });

    afterAll(async () => {
      for (const server of servers)
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await database?.close();
      broker?.stop();
      await scratch.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    it(
      'keeps every acknowledged point exactly once through a SIGKILL and restart',
      { timeout: 300_000 },
      async () => {
        const suffix = Math.random().toString(36).slice(2, 10);
        const env = {
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          DEMO: '0',
          DATABASE_URL: scratch.url,
          MQTT_URL: broker?.url ?? '',
          MQTT_CLIENT_ID: `nordlys-crash-${suffix}`,
          MQTT_SHARE_GROUP: `nordlys-crash-${suffix}`,
          MQTT_SESSION_EXPIRY: '120',
        };
        const first = startServer(env);
        servers.push(first);
        await waitForHealth(Number(env.PORT), first);

        database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
        const db = database.db;
        const start = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
        await sql`alter table registries alter column id restart with ${sql.lit(start)}`.execute(
          db,
        );
        await sql`alter table devices alter column id restart with ${sql.lit(start)}`.execute(db);
        const org = await db
          .insertInto('organisations')
          .values({ name: 'Crash', address: 'Vej 1', zip: '1000', city: 'By', country: 'Denmark' })
          .returning('uuid')
          .executeTakeFirstOrThrow();
        const registry = await db
          .insertInto('registries')
          .values({ name: 'Crash registry', org_uuid: org.uuid, protocol: 'mqtt' })
          .returning('id')
          .executeTakeFirstOrThrow();
        const device = await db
          .insertInto('devices')
          .values({ name: 'Crash device', org_uuid: org.uuid, registry_id: registry.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        const stored = async () =>
          Number(
            (
              await db
                .selectFrom('device_data')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('device_id', '=', device.id)
                .executeTakeFirstOrThrow()
            ).n,
          );

        const publisher = await startPublisher(
          broker?.url ?? '',
          dataTopic(registry.id, device.id),
          2000,
        );
        await until(async () => (await stored()) >= 2000, 120_000, 'the first points');
        first.child.kill('SIGKILL');
        // The broker holds only so many messages for a session while it is away
        // (Mosquitto: max_queued_messages), so the load pauses until the restart.
        publisher.pause();
        await first.exited;

        const second = startServer(env);
        servers.push(second);
        await waitForHealth(Number(env.PORT), second);
        publisher.resume();
        await new Promise((r) => setTimeout(r, 2000));
        await publisher.stop();
        const acknowledged = publisher.acknowledged;
        expect(acknowledged.size).toBeGreaterThan(2000);

        await until(async () => (await stored()) >= acknowledged.size, 120_000, 'every point');
        const rows = await db
          .selectFrom('device_data')
          .select(['time', 'value'])
          .where('device_id', '=', device.id)
          .where('key', '=', 'seq')
          .execute();
        const seen = new Map<number, number>();
        for (const row of rows) seen.set(row.value ?? -1, (seen.get(row.value ?? -1) ?? 0) + 1);
        const missing = [...acknowledged].filter((n) => seen.get(n) !== 1);
        expect(missing).toEqual([]);
        expect(rows.length).toBe(new Set(rows.map((r) => r.time.getTime())).size);
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      },
    );
  },
);
