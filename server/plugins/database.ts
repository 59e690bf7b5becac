import path from 'node:path';
import fp from 'fastify-plugin';
import { redactUrl } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

export interface DatabasePluginOptions {
  /** An already open database (tests); otherwise one is opened from the configuration. */
  database?: Database;
}

/** Opens PGlite or PostgreSQL, applies pending migrations, and closes it last. */
export default fp<DatabasePluginOptions>(
  async (fastify, options) => {
    const { config } = fastify;
    const database =
      options.database ??
      (await openDatabase(
        config.databaseUrl
          ? { kind: 'postgres', url: config.databaseUrl }
          : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
      ));
    const where = config.databaseUrl
      ? redactUrl(config.databaseUrl)
      : path.join(config.dataDir, 'pglite');
    const applied = await migrate(database);
    fastify.log.info({ applied }, `Database ready: ${database.kind} (${where})`);
    fastify.decorate('database', database);
    fastify.decorate('db', database.db);
    fastify.addHook('onClose', async () => {
      if (!options.database) await database.close();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
