import type { CompiledQuery, Kysely } from 'kysely';
import type { DB } from '../../server/db/types.ts';

/**
 * A database outage as ingest's admission sees it: the next `times` lookups
 * of this device's settings fail as if the connection were refused; other
 * queries go through. `end` puts the database back as it was.
 */
export function failDeviceLookups(db: Kysely<DB>, deviceId: number, times: number) {
  const executor = db.getExecutor();
  const original = executor.executeQuery;
  const executeQuery = original.bind(executor);
  let failed = 0;
  executor.executeQuery = function <R>(query: CompiledQuery<R>) {
    const lookup = query.sql.includes('"devices" as "d"') && query.parameters.includes(deviceId);
    if (lookup && failed < times) {
      failed++;
      return Promise.reject(
        Object.assign(new Error('connect ECONNREFUSED (test outage)'), { code: 'ECONNREFUSED' }),
      );
    }
    return executeQuery(query);
  };
  return {
    failed: () => failed,
    end: () => {
      executor.executeQuery = original;
    },
  };
}

/**
 * A slow database as ingest's writer sees it: batch writes (the statement
 * that inserts into `device_data`) wait until `release` is called; other
 * queries go through. `held` counts the writes that waited.
 */
export function holdPointWrites(db: Kysely<DB>) {
  const executor = db.getExecutor();
  const original = executor.executeQuery;
  const executeQuery = original.bind(executor);
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let held = 0;
  executor.executeQuery = function <R>(query: CompiledQuery<R>) {
    if (!query.sql.includes('insert into device_data')) return executeQuery(query);
    held++;
    return gate.then(() => executeQuery(query));
  };
  return {
    held: () => held,
    release: () => {
      executor.executeQuery = original;
      open();
    },
  };
}
