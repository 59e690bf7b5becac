import { sql, type Kysely } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import type { DB, NewDevice } from '../../server/db/types.ts';
import type { TestApp } from './test-app.ts';
import { apiTokenRepository } from '../../server/repositories/api-token-repository.ts';

/**
 * Test apps of parallel files share the machine's MQTT broker and all start
 * their ids at 1: moving this app's registry and device ids far apart keeps
 * one file's publishes out of another's database.
 */
export async function spreadIds(db: Kysely<DB>): Promise<void> {
  const start = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  await sql`alter table registries alter column id restart with ${sql.lit(start)}`.execute(db);
  await sql`alter table devices alter column id restart with ${sql.lit(start)}`.execute(db);
}

/** Where a device connects: the embedded broker's port or MQTT_URL. */
export function mqttUrl(t: TestApp): string {
  const broker = t.app.broker;
  if (broker.kind === 'external') return t.config.mqttUrl ?? '';
  const port = 'port' in broker && typeof broker.port === 'number' ? broker.port : 0;
  return `mqtt://127.0.0.1:${port}`;
}

export function connectDevice(t: TestApp, deviceId: number, password: string): Promise<MqttClient> {
  return mqtt.connectAsync(mqttUrl(t), {
    // The embedded broker takes only client ids of the device's own (docs/ingest.md).
    clientId: `${deviceId}-test-${Math.random().toString(36).slice(2, 8)}`,
    username: String(deviceId),
    password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
}

export async function makeRegistry(
  db: Kysely<DB>,
  orgUuid: string,
  protocol: 'http' | 'mqtt' | 'none',
): Promise<number> {
  const row = await db
    .insertInto('registries')
    .values({ name: `Ingest ${protocol} registry`, org_uuid: orgUuid, protocol })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function makeDevice(
  db: Kysely<DB>,
  values: Pick<NewDevice, 'org_uuid' | 'registry_id'> & Partial<NewDevice>,
): Promise<number> {
  const row = await db
    .insertInto('devices')
    .values({ name: `Ingest device ${Math.random().toString(36).slice(2, 7)}`, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A device or registry token's secret. */
export async function makeToken(
  db: Kysely<DB>,
  type: 'device' | 'registry',
  reference: number,
  orgUuid: string,
  createdBy: string,
): Promise<string> {
  const { secret } = await apiTokenRepository(db).create({
    label: `ingest ${type} ${reference}`,
    type,
    reference,
    orgUuid,
    createdBy,
  });
  return secret;
}

/** Polls until `check` gives a value other than undefined (an external broker acknowledges before ingest commits). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const pointsOf = (db: Kysely<DB>, deviceId: number) =>
  db
    .selectFrom('device_data')
    .select(['key', 'time', 'value', 'text_value'])
    .where('device_id', '=', deviceId)
    .orderBy('key')
    .orderBy('time')
    .execute();

export const messagesOf = (db: Kysely<DB>, deviceId: number) =>
  db
    .selectFrom('messages')
    .select(['id', 'payload', 'topic', 'registry_id', 'payload_encoding', 'received_at'])
    .where('device_id', '=', deviceId)
    .orderBy('id')
    .execute();
