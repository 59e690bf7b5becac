import type { PostgresPool } from 'kysely';

/** How the queue for database connections is doing, for load shedding and readiness. */
export interface DatabaseQueue {
  /** Callers waiting for a connection now. */
  waiting(): number;
  /** Milliseconds the longest waiting caller has waited; 0 when none waits. */
  longestWaitMs(): number;
  /** When a caller last got a connection (ms since the epoch); 0 if never. */
  lastLeaseAt(): number;
}

/**
 * Wraps the pool Kysely takes connections from, to see its queue: PGlite has
 * one connection, PostgreSQL a few, and every query beyond them waits here.
 */
export function watchPool(pool: PostgresPool): { pool: PostgresPool; queue: DatabaseQueue } {
  // Insertion order is arrival order: the first entry is the longest waiting.
  const waiters = new Map<symbol, number>();
  let lastLeaseAt = 0;

  return {
    pool: {
      async connect() {
        const waiter = Symbol('waiter');
        waiters.set(waiter, performance.now());
        try {
          const client = await pool.connect();
          lastLeaseAt = Date.now();
          return client;
        } finally {
          waiters.delete(waiter);
        }
      },
      end: () => pool.end(),
    },
    queue: {
      waiting: () => waiters.size,
      longestWaitMs() {
        for (const since of waiters.values()) return performance.now() - since;
        return 0;
      },
      lastLeaseAt: () => lastLeaseAt,
    },
  };
}
