import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Lets Kysely's PostgreSQL driver talk to PGlite. PGlite is one connection,
 * so a "connection" here is an exclusive lease: a transaction that Kysely
 * opens with BEGIN owns the database until it is released, and nothing else
 * can slip a statement into it.
 */
export function pglitePool(pglite: PGlite): PostgresPool {
  let tail: Promise<void> = Promise.resolve();

  const lease = async (): Promise<() => void> => {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = tail;
    tail = previous.then(() => next);
    await previous;
    // PGlite runs on this thread and its answers arrive as promise callbacks, so
    // a queue of queries would otherwise run back to back without ever letting
    // the event loop take a connection or a request: health checks and new
    // requests (which load shedding answers at once) waited for the whole queue.
    await new Promise((resolve) => setImmediate(resolve));
    return release;
  };

  return {
    async connect(): Promise<PostgresPoolClient> {
      const release = await lease();
      return {
        async query<R>(
          sql: string,
          parameters: readonly unknown[],
        ): Promise<PostgresQueryResult<R>> {
          const result = await pglite.query<R>(sql, [...parameters]);
          return {
            command: commandOf(sql),
            rowCount: result.affectedRows ?? result.rows.length,
            rows: result.rows,
          };
        },
        release,
      } as PostgresPoolClient;
    },
    async end() {
      await pglite.close();
    },
  };
}

function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  const text = sql.trimStart().toLowerCase();
  const first = /^\w+/.exec(text)?.[0];
  const verb = first === 'with' ? /\b(insert|update|delete|merge)\b/.exec(text)?.[1] : first;
  switch (verb) {
    case 'insert':
    case 'update':
    case 'delete':
    case 'merge':
      return verb.toUpperCase() as 'INSERT' | 'UPDATE' | 'DELETE' | 'MERGE';
    default:
      return 'SELECT';
  }
}
