import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { pglitePool } from './pglite-pool.ts';
import { watchPool, type DatabaseQueue } from './pool-watch.ts';
import type { DB } from './types.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** Runs SQL text that may hold several statements and no parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Takes a cluster-wide lock for the callback (one migrator at a time across nodes). */
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** Whether the database answers, within PING_TIMEOUT_MS whatever the queue. */
  ping(): Promise<boolean>;
  /** The queue of queries waiting for a connection. */
  queue: DatabaseQueue;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (test templates, backups). */
  dump?(): Promise<Blob>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

// Both engines hand back the same JavaScript shapes: int8 as number (ids stay
// well below 2^53), dates as 'YYYY-MM-DD' text instead of local-midnight Dates.
const INT8 = 20;
const DATE = 1082;
const NUMERIC = 1700;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres'
    ? openPostgres(target.url, target.poolSize ?? 10)
    : openPglite(target);
}

async function openPglite(target: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (target.dataDir) await fs.mkdir(path.dirname(target.dataDir), { recursive: true });
  const pglite = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    parsers: {
      [INT8]: (value: string) => Number(value),
      [DATE]: (value: string) => value,
      [NUMERIC]: (value: string) => Number(value),
    },
  });
  const { pool, queue } = watchPool(pglitePool(pglite));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'pglite',
    db,
    queue,
    async exec(text) {
      // Through Kysely's lease so a migration never interleaves with a query.
      await db.connection().execute(async () => {
        await pglite.exec(text);
      });
    },
    withLock: (_key, fn) => fn(),
    ping: () => ping(db, queue),
    close: () => db.destroy(),
    dump: () => db.connection().execute(() => pglite.dumpDataDir('none')),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
        if (oid === DATE) return (value: string) => value;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const watched = watchPool(pool);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: watched.pool }) });
  return {
    kind: 'postgres',
    db,
    queue: watched.queue,
    async exec(text) {
      await pool.query(text);
    },
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
        }
      } finally {
        client.release();
      }
    },
    ping: () => ping(db, watched.queue),
    close: () => db.destroy(),
  };
}

/** How long a ping waits for the database before it counts as down. */
export const PING_TIMEOUT_MS = 2000;

/**
 * A ping is a query like any other: under load it would wait behind the
 * whole queue (PGlite has one connection). While callers wait and the queue
 * moves — a connection was handed out in the last second — the database is
 * plainly answering, and that is the answer, at once.
 */
async function ping(db: Kysely<DB>, queue: DatabaseQueue): Promise<boolean> {
  if (queue.waiting() > 0 && Date.now() - queue.lastLeaseAt() < 1000) return true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const answer = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
