import os from 'node:os';
import { sql } from 'kysely';
import type { Database } from '../server/db/database.ts';
import { planBuckets } from '../server/history/plan.ts';
import { historyRepository } from '../server/repositories/history-repository.ts';
import { printTable } from './table.ts';
import { forEachDatabase, migratedWithDevice } from './setup.ts';

// History of one device: a year of 1-minute data (525,600 rows) asked for as
// at most 1,000 buckets, the way a chart of "last year" asks. Timed as the
// route runs it (resolve the device and range, then aggregate), through the
// hourly rollup and, for comparison, straight from the raw rows.
const YEAR_START = Date.UTC(2025, 0, 1) - 3600_000; // local midnight in Copenhagen
const MINUTES = 365 * 24 * 60;
const BATCH = 20_000;
const POINTS = 1000;

async function seed(database: Database): Promise<{ deviceId: number; rowsPerSecond: number }> {
  const { db } = database;
  const device = await migratedWithDevice(database);
  for (let month = 0; month <= 12; month++) {
    await sql`select ensure_device_data_partition(${new Date(Date.UTC(2024, 11 + month, 1))})`.execute(
      db,
    );
  }
  const began = performance.now();
  for (let offset = 0; offset < MINUTES; offset += BATCH) {
    const times: string[] = [];
    const values: number[] = [];
    for (let i = offset; i < Math.min(offset + BATCH, MINUTES); i++) {
      times.push(new Date(YEAR_START + i * 60_000).toISOString());
      values.push(20 + 5 * Math.sin(i / 720) + Math.random());
    }
    await sql`
      insert into device_data (device_id, key, time, value)
      select ${device.id}, 'temperature', t, v
      from unnest(${times}::timestamptz[], ${values}::float8[]) as u(t, v)
      on conflict do nothing`.execute(db);
  }
  await sql`analyze device_data`.execute(db);
  await sql`analyze device_data_hourly`.execute(db);
  return { deviceId: device.id, rowsPerSecond: MINUTES / ((performance.now() - began) / 1000) };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function measure(database: Database, label: string) {
  const { deviceId, rowsPerSecond } = await seed(database);
  const repo = historyRepository(database.db);
  const rows: Record<string, string | number>[] = [];
  for (const useRollup of [true, false]) {
    const runs = useRollup ? 100 : 5;
    const times: number[] = [];
    let buckets = 0;
    for (let run = 0; run < runs + 2; run++) {
      const began = performance.now();
      const resolved = await repo.resolve(deviceId, '2025-01-01 00:00:00', '2025-12-31 23:59:59');
      if (!resolved) throw new Error('bench device is missing');
      const { range } = resolved;
      const plan = planBuckets({
        rangeSeconds: (range.to.getTime() - range.from.getTime()) / 1000,
        points: POINTS,
      });
      const result = await repo.buckets({
        deviceId,
        key: 'temperature',
        range,
        timeZone: resolved.device.timeZone,
        plan,
        useRollup,
      });
      // The first two runs warm caches and plans.
      if (run >= 2) times.push(performance.now() - began);
      buckets = result.length;
    }
    times.sort((a, b) => a - b);
    rows.push({
      database: label,
      source: useRollup ? 'hourly rollup' : 'raw rows',
      rows: MINUTES,
      buckets,
      'p50 ms': percentile(times, 50).toFixed(1),
      'p99 ms': percentile(times, 99).toFixed(1),
      'insert rows/s (with rollup)': Math.round(rowsPerSecond),
    });
  }
  return rows;
}

const results = (
  await forEachDatabase('nordlys_bench', (database, label) => measure(database, label))
).flat();

process.stdout.write(
  `History of a year of 1-minute data in at most ${POINTS} buckets, on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'})\n`,
);
printTable(results);
