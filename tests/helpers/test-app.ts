import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { BrokerAuth } from '../../server/broker/broker.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { createScratchDatabase } from './server-node.ts';

export { createScratchDatabase };

/** True when this run of the integration suite is against the machine's real services. */
export const usesServices = process.env.NORDLYS_TEST_SERVICES === '1';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  webRoot?: string;
  /** Who may use the embedded broker (default: nobody from outside). */
  brokerAuth?: BrokerAuth;
  /** Called after the app is built and before it is ready: add test-only routes here. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Another app's database: this app is a second API node on the same data (closed by its owner). */
  database?: Database;
}

/**
 * A whole Nordlys app on its own data: a PGlite database loaded from the
 * run's migrated template, or a scratch PostgreSQL database made for this
 * app and dropped afterwards; the embedded broker on a free port, or the
 * machine's broker when MQTT_URL is set.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-test-'));
  const scratch =
    !options.database && usesServices && process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : null;
  const database =
    options.database ??
    (scratch
      ? await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 })
      : await openTemplateDatabase());
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    DEMO: '0',
    SIMULATE: '0',
    LOG_LEVEL: 'silent',
    ...(usesServices
      ? {
          MQTT_URL: process.env.MQTT_URL ?? '',
          REDIS_URL: process.env.REDIS_URL ?? '',
          // Apps of parallel test files share the machine's Redis; their live feeds must not.
          REDIS_PREFIX: `nordlys-test-${randomUUID()}`,
          // Apps of parallel test files must not share an ingest session or group.
          MQTT_CLIENT_ID: `nordlys-test-${randomSuffix()}`,
          MQTT_SHARE_GROUP: `nordlys-test-${randomSuffix()}`,
          MQTT_SESSION_EXPIRY: '30',
        }
      : {}),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    ...(options.brokerAuth ? { brokerAuth: options.brokerAuth } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      await scratch?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const randomSuffix = () => Math.random().toString(36).slice(2, 10);

export async function openTemplateDatabase(): Promise<Database> {
  const dump = await fs.readFile(inject('pgliteTemplate'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
}
