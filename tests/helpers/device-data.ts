import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/db/types.ts';

export interface SeedPoint {
  key: string;
  time: Date | string;
  value: number | null;
  textValue?: string | null;
}

/** Stores points of a device as ingest would: month partitions first, then one insert into device_data. */
export async function insertPoints(
  db: Kysely<DB>,
  deviceId: number,
  points: readonly SeedPoint[],
): Promise<void> {
  if (points.length === 0) return;
  const times = points.map((p) => new Date(p.time));
  const months = new Set(times.map((t) => `${t.toISOString().slice(0, 7)}-01T00:00:00Z`));
  for (const month of months)
    await sql`select ensure_device_data_partition(${month}::timestamptz)`.execute(db);
  await sql`
    insert into device_data (device_id, key, time, value, text_value)
    select ${deviceId}, * from unnest(
      ${points.map((p) => p.key)}::text[],
      ${times.map((t) => t.toISOString())}::timestamptz[],
      ${points.map((p) => p.value)}::double precision[],
      ${points.map((p) => p.textValue ?? null)}::text[])
    on conflict do nothing`.execute(db);
}

/** A point every `stepSeconds` from `from` (inclusive) to `to` (exclusive), valued by `value(time)`. */
export function series(
  key: string,
  from: string,
  to: string,
  stepSeconds: number,
  value: (time: Date, index: number) => number,
): SeedPoint[] {
  const points: SeedPoint[] = [];
  const end = new Date(to).getTime();
  for (let t = new Date(from).getTime(), i = 0; t < end; t += stepSeconds * 1000, i++) {
    const time = new Date(t);
    points.push({ key, time, value: value(time, i) });
  }
  return points;
}
