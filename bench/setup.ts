import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { apiTokenRepository } from '../server/repositories/api-token-repository.ts';
import { sessionRepository } from '../server/repositories/session-repository.ts';
import { freePort } from '../tests/helpers/free-port.ts';

/** One server under test: the app, its database and broker, and a seeded organisation. */
export interface BenchServer {
  app: FastifyInstance;
  database: Database;
  /** Where devices publish (the embedded broker, or MQTT_URL). */
  mqttUrl: string;
  /** The HTTP origin when started with `listen`. */
  origin: string;
  orgUuid: string;
  registryId: number;
  /** A registry token: every device of the registry signs in with it. */
  registryToken: string;
  /** A session of the organisation's user (live feed and REST). */
  userSession: string;
  /** Adds devices to the registry. */
  addDevices(count: number, prefix: string): Promise<number[]>;
  close(): Promise<void>;
}

export interface Setup {
  label: string;
  env: Record<string, string>;
}

/** Mosquitto's settings for ingest, as docs/ingest.md recommends them. */
export const MOSQUITTO_INGEST_SETTINGS = ['max_inflight_messages 0', 'max_queued_messages 100000'];

/**
 * A Mosquitto of the bench's own with the recommended settings, when the
 * mosquitto binary is installed (Debian's package puts it in /usr/sbin);
 * null otherwise. The machine's broker keeps Mosquitto's defaults, which
 * send a subscriber only 20 QoS 1 messages at a time and drop what queues
 * beyond 1,000.
 */
async function startMosquitto(): Promise<{ url: string; stop(): void } | null> {
  const binary = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((b) => existsSync(b));
  if (!binary) return null;
  const port = await freePort();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-bench-mosquitto-'));
  const config = path.join(dir, 'mosquitto.conf');
  await fs.writeFile(
    config,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', ...MOSQUITTO_INGEST_SETTINGS, ''].join(
      '\n',
    ),
  );
  const child = spawn(binary, ['-c', config], { stdio: 'ignore' });
  for (let tries = 0; tries < 50; tries++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) {
      return {
        url: `mqtt://127.0.0.1:${port}`,
        stop: () => {
          child.kill('SIGTERM');
          void fs.rm(dir, { recursive: true, force: true });
        },
      };
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  return null;
}

/** A database of the bench's own on DATABASE_URL's server, dropped when `run` ends. */
async function withScratchDatabase<T>(
  prefix: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * A database-only bench's engines: PGlite always, and PostgreSQL (a database of
 * its own, dropped afterwards) when DATABASE_URL is set. `run` gets each open
 * database with its label; each is closed after.
 */
export async function forEachDatabase<T>(
  prefix: string,
  run: (database: Database, label: string) => Promise<T>,
): Promise<T[]> {
  const embedded = await openDatabase({ kind: 'pglite' });
  const results: T[] = [];
  try {
    results.push(await run(embedded, 'PGlite (embedded)'));
  } finally {
    await embedded.close();
  }
  if (!process.env.DATABASE_URL) return results;
  await withScratchDatabase(prefix, async (url) => {
    const postgres = await openDatabase({ kind: 'postgres', url });
    try {
      results.push(await run(postgres, 'PostgreSQL'));
    } finally {
      await postgres.close();
    }
  });
  return results;
}

/**
 * The setups a bench runs: the embedded PGlite + Aedes always, and
 * PostgreSQL + Mosquitto when DATABASE_URL and MQTT_URL are set (in a
 * database of its own, dropped afterwards): a Mosquitto of the bench's own
 * with the recommended settings where the binary is installed, else the
 * MQTT_URL broker as it is. `run` gets each in turn; BENCH_EMBEDDED=0 skips
 * the embedded one.
 */
export async function forEachSetup<T>(run: (setup: Setup) => Promise<T>): Promise<T[]> {
  // BENCH_EMBEDDED=0 leaves the embedded setup out (profiling the PostgreSQL one).
  const results =
    process.env.BENCH_EMBEDDED === '0'
      ? []
      : [await run({ label: 'PGlite + Aedes (embedded)', env: {} })];
  if (!process.env.DATABASE_URL || !process.env.MQTT_URL) return results;
  await withScratchDatabase('nordlys_bench', async (url) => {
    const mosquitto = await startMosquitto();
    try {
      results.push(
        await run({
          label: mosquitto ? 'PostgreSQL + Mosquitto (ingest settings)' : 'PostgreSQL + MQTT_URL',
          env: {
            DATABASE_URL: url,
            MQTT_URL: mosquitto?.url ?? process.env.MQTT_URL ?? '',
            MQTT_CLIENT_ID: `nordlys-bench-${process.pid}`,
            MQTT_SHARE_GROUP: `nordlys-bench-${process.pid}`,
            MQTT_SESSION_EXPIRY: '10',
          },
        }),
      );
    } finally {
      mosquitto?.stop();
    }
  });
  return results;
}

/** Builds the app for a setup and seeds an organisation, its user and an MQTT registry. */
export async function startServer(setup: Setup, options: { listen?: boolean } = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    MQTT_PORT: '0',
    DEMO: '0',
    SIMULATE: '0',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    REDIS_URL: '',
    ...setup.env,
  });
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
  );
  const app = await buildApp({ config, database });
  let origin = '';
  if (options.listen) {
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  } else {
    await app.ready();
  }
  const { db } = database;
  const org = await db
    .insertInto('organisations')
    .values({ name: 'bench' })
    .returning('uuid')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      email: 'bench@bench.test',
      username: 'bench@bench.test',
      org_uuid: org.uuid,
      password_hash: 'x',
      active: true,
    })
    .returning('uuid')
    .executeTakeFirstOrThrow();
  const registry = await db
    .insertInto('registries')
    .values({ name: 'bench', org_uuid: org.uuid })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { secret } = await apiTokenRepository(db).create({
    label: 'bench',
    type: 'registry',
    reference: registry.id,
    orgUuid: org.uuid,
    createdBy: user.uuid,
  });
  const session = await sessionRepository(db).create(user.uuid, {});
  const mqttUrl =
    app.broker.kind === 'external'
      ? (config.mqttUrl ?? '')
      : `mqtt://127.0.0.1:${'port' in app.broker ? String(app.broker.port) : ''}`;

  const server: BenchServer = {
    app,
    database,
    mqttUrl,
    origin,
    orgUuid: org.uuid,
    registryId: registry.id,
    registryToken: secret,
    userSession: session.token,
    async addDevices(count, prefix) {
      const rows = await db
        .insertInto('devices')
        .values(
          Array.from({ length: count }, (_, i) => ({
            name: `${prefix} ${i}`,
            org_uuid: org.uuid,
            registry_id: registry.id,
          })),
        )
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Migrates a fresh database and adds an organisation with one device (storage benches). */
export async function migratedWithDevice(database: Database): Promise<{ id: number }> {
  const { db } = database;
  await migrate(database);
  const org = await db
    .insertInto('organisations')
    .values({ name: 'bench' })
    .returning('uuid')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('devices')
    .values({ name: 'bench', org_uuid: org.uuid })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Resolves after `ms`; the timer does not keep the process alive. */
export const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
