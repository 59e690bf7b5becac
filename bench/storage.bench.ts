import os from 'node:os';
import { sql } from 'kysely';
import type { Database } from '../server/db/database.ts';
import { printTable } from './table.ts';
import { forEachDatabase, migratedWithDevice } from './setup.ts';

// The storage write ceiling: device data rows through one bulk INSERT … SELECT
// unnest(…) per batch, on PGlite and (with DATABASE_URL) on PostgreSQL.
const ROWS = 100_000;
const BATCH = 5_000;

async function writeCeiling(database: Database): Promise<number> {
  const { db } = database;
  const device = await migratedWithDevice(database);
  const start = Date.UTC(2026, 0, 1);
  await sql`select ensure_device_data_partition(${new Date(start)})`.execute(db);
  const began = performance.now();
  for (let offset = 0; offset < ROWS; offset += BATCH) {
    const times: string[] = [];
    const values: number[] = [];
    for (let i = offset; i < offset + BATCH; i++) {
      times.push(new Date(start + i * 1000).toISOString());
      values.push(Math.random() * 100);
    }
    await sql`
      insert into device_data (device_id, key, time, value)
      select ${device.id}, 'countIn', t, v
      from unnest(${times}::timestamptz[], ${values}::float8[]) as u(t, v)
      on conflict do nothing`.execute(db);
  }
  return ROWS / ((performance.now() - began) / 1000);
}

const results = await forEachDatabase('nordlys_bench', async (database, label) => ({
  database: label,
  rows: ROWS,
  batch: BATCH,
  'rows/s': Math.round(await writeCeiling(database)),
}));

process.stdout.write(
  `Device data write ceiling on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'})\n`,
);
printTable(results);
