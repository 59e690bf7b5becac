import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the SQL files in migrations/ in name order, each once and in its own
 * transaction. On PostgreSQL an advisory lock lets several nodes start at once.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await fs.readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  return database.withLock('nordlys:migrations', async () => {
    await database.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await database.db.selectFrom('schema_migrations').select('name').execute()).map(
        (r) => r.name,
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const text = await fs.readFile(path.join(migrationsDir, file), 'utf8');
      if (!/^[\w.-]+$/.test(file)) throw new Error(`Migration file name not allowed: ${file}`);
      try {
        await database.exec(
          `begin;\n${text}\n;insert into schema_migrations (name) values ('${file}');\ncommit;`,
        );
      } catch (error) {
        await database.exec('rollback').catch(() => undefined);
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file);
    }
    return applied;
  });
}
