import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemo } from '../server/demo/seed.ts';
import { printTable } from './table.ts';

// What the demo world's 90 days of history add to the first start: seeding
// with and without history, on a PGlite data directory like `npm start` uses.
const DAYS = 90;

async function seedSeconds(
  historyDays: number,
): Promise<{ seconds: number; cpuSeconds: number; points: number }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-bench-demo-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
  try {
    await migrate(database);
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    await seedDemo(database.db, 'bench-password', { historyDays, now: new Date() });
    const seconds = (performance.now() - began) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const row = await database.db
      .selectFrom('device_data')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, points: Number(row.n) };
  } finally {
    await database.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const results: Record<string, string | number>[] = [];
for (const days of process.argv.includes('--history-only') ? [DAYS] : [0, DAYS]) {
  const { seconds, cpuSeconds, points } = await seedSeconds(days);
  results.push({
    'history days': days,
    points,
    'seed s': seconds.toFixed(1),
    // The machine may be shared: CPU time is the steadier figure.
    'cpu s': cpuSeconds.toFixed(1),
    'points/s': seconds > 0 ? Math.round(points / seconds) : 0,
  });
}
process.stdout.write(
  `Demo seed on PGlite, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'})\n`,
);
printTable(results);
