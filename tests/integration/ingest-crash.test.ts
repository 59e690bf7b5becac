import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { freePort } from '../helpers/free-port.ts';
import { makeDevice, makeRegistry, makeToken, spreadIds } from '../helpers/ingest-world.ts';
import { createScratchDatabase, usesServices } from '../helpers/test-app.ts';

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

interface Child {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A Node.js child running one of Nordlys's TypeScript entry points, its output kept. */
function startChild(script: string, args: string[], env: Record<string, string>): Child {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

const startServer = (env: Record<string, string>) =>
  startChild('server/server.ts', [], { LOG_LEVEL: 'warn', ...env });

async function waitForHealth(port: number, server: Child, timeoutMs = 90_000) {
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

/** Polls `check` until it holds; false when the time runs out first. */
async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
  return true;
}

interface Acknowledged {
  deviceId: number;
  ts: number;
  seq: number;
}

/** The simulator's `--log`: a `deviceId,ts,seq` header, then one line per acknowledged message. */
async function readAckLog(file: string): Promise<Acknowledged[]> {
  const [header, ...lines] = (await fs.readFile(file, 'utf8')).trim().split('\n');
  expect(header).toBe('deviceId,ts,seq');
  return lines.map((line) => {
    const [deviceId, ts, seq] = line.split(',').map(Number);
    if (
      deviceId === undefined ||
      ts === undefined ||
      seq === undefined ||
      ![deviceId, ts, seq].every(Number.isSafeInteger)
    )
      throw new Error(`bad log line "${line}"`);
    return { deviceId, ts, seq };
  });
}

const RATE = 2000;
const DEVICES = 6;
/** Points of key `seq` stored before the server is killed. */
const STORED_BEFORE_KILL = 4000;

/**
 * Ack-after-commit across a crash, end to end: `npm run simulate` publishes
 * as six devices of one registry at 2,000 QoS 1 messages a second to
 * Mosquitto; the server is killed with SIGKILL in the middle of it and
 * started again with the same session while the load goes on. Every message
 * the broker acknowledged to the simulator has its point in PostgreSQL
 * exactly once, at the time the message carried (the broker redelivers what
 * the dead server had not acknowledged and queues what arrived while it was
 * down; (device, key, time) keeps redeliveries from duplicating).
 */
describe.runIf(usesServices && process.env.DATABASE_URL && process.env.MQTT_URL)(
  'ingest survives a crash under load (PostgreSQL + MQTT broker)',
  () => {
    let dataDir: string;
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let database: Database | undefined;
    const children: Child[] = [];
    let broker: { url: string; stop: () => void } | undefined;

    beforeAll(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-crash-'));
      scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '');
      broker = await startBroker(dataDir);
    });

    afterAll(async () => {
      for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
      await database?.close();
      broker?.stop();
      await scratch.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    it(
      'keeps every acknowledged point exactly once through a SIGKILL and restart under load',
      { timeout: 300_000 },
      async () => {
        const suffix = Math.random().toString(36).slice(2, 10);
        const mqttUrl = broker?.url ?? '';
        const env = {
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          DEMO: '0',
          DATABASE_URL: scratch.url,
          MQTT_URL: mqttUrl,
          MQTT_CLIENT_ID: `nordlys-crash-${suffix}`,
          MQTT_SHARE_GROUP: `nordlys-crash-${suffix}`,
          MQTT_SESSION_EXPIRY: '120',
        };
        const startedAt = Date.now();
        const first = startServer(env);
        children.push(first);
        await waitForHealth(Number(env.PORT), first);
        const startupMs = Date.now() - startedAt;

        database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
        const db = database.db;
        await spreadIds(db);
        const org = await db
          .insertInto('organisations')
          .values({ name: 'Crash', address: 'Vej 1', zip: '1000', city: 'By', country: 'Denmark' })
          .returning('uuid')
          .executeTakeFirstOrThrow();
        const user = await db
          .insertInto('users')
          .values({ email: 'crash@nordlys.test', username: 'crash', org_uuid: org.uuid })
          .returning('uuid')
          .executeTakeFirstOrThrow();
        const registryId = await makeRegistry(db, org.uuid, 'mqtt');
        const deviceIds: number[] = [];
        for (let i = 0; i < DEVICES; i++)
          deviceIds.push(await makeDevice(db, { org_uuid: org.uuid, registry_id: registryId }));
        // The devices sign in with this token; this test's Mosquitto lets anyone in,
        // a deployment's broker checks it.
        const token = await makeToken(db, 'registry', registryId, org.uuid, user.uuid);

        const storedSeqs = async () =>
          Number(
            (
              await db
                .selectFrom('device_data')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .where('device_id', 'in', deviceIds)
                .where('key', '=', 'seq')
                .executeTakeFirstOrThrow()
            ).n,
          );

        // Long enough to reach the kill, restart the server (allowing twice the
        // first start-up) and keep publishing several seconds after it.
        const durationS = Math.min(60, Math.max(20, Math.ceil(12 + (2 * startupMs) / 1000)));
        const logFile = path.join(dataDir, 'acknowledged.csv');
        const simulator = startChild(
          'scripts/simulate.ts',
          [
            '--devices',
            String(DEVICES),
            '--rate',
            String(RATE),
            '--url',
            mqttUrl,
            '--registry',
            String(registryId),
            '--token',
            token,
            '--device-ids',
            deviceIds.join(','),
            '--duration',
            String(durationS),
            '--log',
            logFile,
          ],
          {},
        );
        children.push(simulator);
        const simulatorRunning = () => {
          if (simulator.child.exitCode !== null)
            throw new Error(`the simulator ended too soon:\n${simulator.output()}`);
          return true;
        };

        const reachedKill = await waitFor(
          async () => simulatorRunning() && (await storedSeqs()) >= STORED_BEFORE_KILL,
          60_000,
        );
        expect(reachedKill, `${STORED_BEFORE_KILL} points stored before the kill`).toBe(true);
        const storedBeforeKill = await storedSeqs();
        simulatorRunning();
        const killedAt = Date.now();
        first.child.kill('SIGKILL');
        expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

        const second = startServer(env);
        children.push(second);
        await waitForHealth(Number(env.PORT), second);
        const restartedAt = Date.now();
        // The load was never paused: the simulator still publishes now.
        simulatorRunning();

        const finished = await simulator.exited;
        expect(finished, simulator.output()).toEqual({ code: 0, signal: null });
        const acknowledged = await readAckLog(logFile);
        expect(simulator.output()).toContain(`acked        ${acknowledged.length}\n`);
        expect(acknowledged.length).toBeGreaterThan(0.6 * durationS * RATE);
        expect(acknowledged.length).toBeLessThanOrEqual(durationS * RATE + RATE);
        expect(acknowledged.length).toBeGreaterThan(storedBeforeKill + RATE);
        // Acknowledged publishes before the kill, while the server was down and after the restart.
        const before = acknowledged.filter((a) => a.ts < killedAt).length;
        const down = acknowledged.filter((a) => a.ts > killedAt && a.ts < restartedAt).length;
        const after = acknowledged.filter((a) => a.ts > restartedAt).length;
        const windows = JSON.stringify({ before, down, after });
        expect(before, windows).toBeGreaterThanOrEqual(STORED_BEFORE_KILL);
        expect(down, windows).toBeGreaterThanOrEqual(RATE / 2);
        expect(after, windows).toBeGreaterThanOrEqual(2 * RATE);

        await waitFor(async () => (await storedSeqs()) >= acknowledged.length, 120_000);
        second.child.kill('SIGTERM');
        expect(await second.exited, second.output()).toEqual({ code: 0, signal: null });

        // Per device and seq, counted apart from the time: a message stored
        // twice under different times would show as a count of 2.
        const rows = await db
          .selectFrom('device_data')
          .select((eb) => [
            'device_id',
            'value',
            eb.fn.countAll<string>().as('n'),
            eb.fn.min('time').as('first'),
            eb.fn.max('time').as('last'),
          ])
          .where('device_id', 'in', deviceIds)
          .where('key', '=', 'seq')
          .groupBy(['device_id', 'value'])
          .execute();
        const stored = new Map(
          rows.map((r) => [
            `${r.device_id},${r.value}`,
            { n: Number(r.n), first: r.first.getTime(), last: r.last.getTime() },
          ]),
        );
        const logged = new Map(acknowledged.map((a) => [`${a.deviceId},${a.seq}`, a.ts]));
        expect(logged.size).toBe(acknowledged.length);
        const missing = [...logged.keys()].filter((k) => !stored.has(k));
        const duplicated = [...stored].filter(([, s]) => s.n !== 1).map(([k]) => k);
        const mistimed = [...logged]
          .filter(([k, ts]) => {
            const s = stored.get(k);
            return s !== undefined && (s.first !== ts || s.last !== ts);
          })
          .map(([k]) => k);
        // The simulator exited 0, so every message it sent was acknowledged and
        // logged: a stored seq that is not in the log came from nowhere.
        const unlogged = [...stored.keys()].filter((k) => !logged.has(k));
        expect({
          missing: missing.slice(0, 20),
          duplicated: duplicated.slice(0, 20),
          mistimed: mistimed.slice(0, 20),
          unlogged: unlogged.slice(0, 20),
        }).toEqual({ missing: [], duplicated: [], mistimed: [], unlogged: [] });
        expect(rows.length).toBe(acknowledged.length);
      },
    );
  },
);
