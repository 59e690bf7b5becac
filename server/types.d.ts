import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { Broker } from './broker/broker.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/types.ts';
import type { Redis } from './plugins/redis.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Kysely<DB>;
    broker: Broker;
    redis: Redis | null;
    metrics: Registry;
  }
}
