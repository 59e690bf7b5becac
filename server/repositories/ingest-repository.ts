import { sql, type Kysely, type SqlBool } from 'kysely';
import { DATA_SILENCE_MS } from '../../contracts/live.ts';
import { numberArray, textArray } from '../db/pg-array.ts';
import type { CloudFunctionType, DB, DeviceStatus } from '../db/types.ts';

/**
 * How recent a connection or data must be to count as "connected" or
 * "receiving data" (spec §4 Device status). A device that reports every few
 * minutes stays green; one silent for this long turns yellow, then red.
 */
export const STATUS_WINDOW_MS = DATA_SILENCE_MS;

/** What ingest needs to know about a device, read once and cached briefly. */
export interface DeviceIngestConfig {
  id: number;
  name: string;
  orgUuid: string;
  registryId: number | null;
  registryName: string | null;
  protocol: 'http' | 'mqtt' | 'none' | null;
  communication: boolean;
  deviceTypeId: number | null;
  /** The device type's decoder, then the device's own functions, in order. */
  functions: { id: number; name: string; type: CloudFunctionType; code: string }[];
  syntheticKeys: unknown[];
  mqttForward: Record<string, unknown> | null;
}

/** A device or registry token, as the broker and the HTTP route check it. */
export interface TokenGrant {
  /** The token's id, and the user who made it (it works while they are active). */
  id: number;
  createdBy: string;
  type: 'device' | 'registry';
  reference: number;
}

export interface StoredPacket {
  deviceId: number;
  registryId: number | null;
  receivedAt: Date;
  topic: string | null;
  payload: string;
  encoding: 'utf8' | 'base64';
  points: { key: string; time: number; value: number | null; textValue: string | null }[];
}

/** What a batch write changed: the status colours, and the ids of the messages it logged. */
export interface WrittenPackets {
  changed: StatusRow[];
  /** Per device, the ids of its packets' messages, in the order of its packets (none: deleted meanwhile). */
  messageIds: Map<number, number[]>;
}

export interface StatusRow {
  id: number;
  org_uuid: string;
  status: DeviceStatus;
  old_status: DeviceStatus;
  last_data_at: Date | null;
  last_connection_at: Date | null;
}

const windowSql = sql.raw(`interval '${STATUS_WINDOW_MS / 1000} seconds'`);

/**
 * The status colour from a device's (new) times, the one place the rule
 * lives: green with data in the window, yellow connected in it without data,
 * red when neither, none when nothing was ever heard from the device.
 */
const statusSql = (dataAt: string, connectionAt: string) =>
  sql.raw(`case
    when ${dataAt} is null and ${connectionAt} is null then 'none'
    when ${dataAt} >= now() - interval '${STATUS_WINDOW_MS / 1000} seconds' then 'green'
    when ${connectionAt} >= now() - interval '${STATUS_WINDOW_MS / 1000} seconds' then 'yellow'
    else 'red' end`);

export function ingestRepository(db: Kysely<DB>) {
  return {
    async deviceConfig(id: number): Promise<DeviceIngestConfig | undefined> {
      const row = await db
        .selectFrom('devices as d')
        .leftJoin('registries as r', 'r.id', 'd.registry_id')
        .leftJoin('device_types as t', 't.id', 'd.device_type_id')
        .leftJoin('cloud_functions as tf', 'tf.id', 't.decoder_function_id')
        .select([
          'd.id',
          'd.name',
          'd.org_uuid',
          'd.registry_id',
          'r.name as registry_name',
          'r.protocol',
          'd.communication',
          'd.device_type_id',
          'd.synthetic_keys',
          'd.mqtt_forward',
          'tf.id as type_function_id',
          'tf.name as type_function_name',
          'tf.type as type_function_type',
          'tf.code as type_function_code',
        ])
        .where('d.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const own = await db
        .selectFrom('device_functions as df')
        .innerJoin('cloud_functions as f', 'f.id', 'df.function_id')
        .select(['f.id', 'f.name', 'f.type', 'f.code'])
        .where('df.device_id', '=', id)
        .orderBy('df.position')
        .execute();
      const typeDecoder =
        row.type_function_id !== null &&
        row.type_function_name !== null &&
        row.type_function_type !== null &&
        row.type_function_code !== null
          ? [
              {
                id: row.type_function_id,
                name: row.type_function_name,
                type: row.type_function_type,
                code: row.type_function_code,
              },
            ]
          : [];
      return {
        id: row.id,
        name: row.name,
        orgUuid: row.org_uuid,
        registryId: row.registry_id,
        registryName: row.registry_name,
        protocol: row.protocol,
        communication: row.communication,
        deviceTypeId: row.device_type_id,
        functions: [...typeDecoder, ...own],
        syntheticKeys: Array.isArray(row.synthetic_keys) ? row.synthetic_keys : [],
        mqttForward: row.mqtt_forward,
      };
    },

    /** The device or registry token with this hash whose creator is active; undefined if none. */
    async tokenGrant(secretHash: string): Promise<TokenGrant | undefined> {
      const row = await db
        .selectFrom('api_tokens as t')
        .innerJoin('users as u', 'u.uuid', 't.created_by')
        .select(['t.id', 'u.uuid', 't.type', 't.reference'])
        .where('t.secret_hash', '=', secretHash)
        .where('u.active', '=', true)
        .where('t.type', 'in', ['device', 'registry'])
        .executeTakeFirst();
      if (!row || row.reference === null || (row.type !== 'device' && row.type !== 'registry')) {
        return undefined;
      }
      return { id: row.id, createdBy: row.uuid, type: row.type, reference: row.reference };
    },

    /** Creates the monthly partitions of device_data that these instants fall in. */
    async ensurePartitions(monthStarts: number[]): Promise<void> {
      for (const month of monthStarts) {
        await sql`select ensure_device_data_partition(${new Date(month).toISOString()}::timestamptz)`.execute(
          db,
        );
      }
    },

    /**
     * Stores packets in one transaction: their messages, their points (a point
     * already stored for the same device, key and time is kept as it was), and
     * each device's last data and connection times and status. Packets of
     * devices deleted meanwhile are skipped. Gives back the devices whose
     * status colour changed and the ids of the logged messages.
     */
    async writeBatch(packets: StoredPacket[]): Promise<WrittenPackets> {
      // Column arrays, sent as array literals (pg-array.ts) with times as epoch milliseconds.
      const pointDevices: number[] = [];
      const keys: string[] = [];
      const times: number[] = [];
      const values: (number | null)[] = [];
      const texts: (string | null)[] = [];
      const messageDevices = new Array<number>(packets.length);
      const registries = new Array<number | null>(packets.length);
      const received = new Array<number>(packets.length);
      const topics = new Array<string | null>(packets.length);
      const payloads = new Array<string>(packets.length);
      const encodings = new Array<string>(packets.length);
      const latest = new Map<number, { data: number | null; connection: number }>();
      for (let i = 0; i < packets.length; i++) {
        const p = packets[i] as StoredPacket;
        const at = p.receivedAt.getTime();
        messageDevices[i] = p.deviceId;
        registries[i] = p.registryId;
        received[i] = at;
        topics[i] = p.topic;
        payloads[i] = p.payload;
        encodings[i] = p.encoding;
        for (const point of p.points) {
          pointDevices.push(p.deviceId);
          keys.push(point.key);
          times.push(point.time);
          values.push(point.value);
          texts.push(point.textValue);
        }
        const seen = latest.get(p.deviceId);
        const data = p.points.length > 0 ? at : null;
        if (!seen) {
          latest.set(p.deviceId, { data, connection: at });
        } else {
          if (at > seen.connection) seen.connection = at;
          if (data !== null && (seen.data === null || data > seen.data)) seen.data = data;
        }
      }
      const ids = [...latest.keys()].sort((a, b) => a - b);
      const dataTimes = ids.map((id) => latest.get(id)?.data ?? null);
      const connectionTimes = ids.map((id) => latest.get(id)?.connection ?? null);
      // One statement, so one round trip and an atomic commit: the inserts run
      // as data-modifying CTEs beside the status update (one snapshot; the
      // hourly rollup's statement trigger sees every inserted point).
      const changed = await sql<StatusRow & { message_ids: unknown[] | null }>`
        with batch_devices as (
          select d.id from devices d where d.id = any(${numberArray(ids)}::bigint[])
        ),
        points as (
          insert into device_data (device_id, key, time, value, text_value)
          select u.device_id, u.key, to_timestamp(u.ms / 1000), u.value, u.text_value
          from unnest(
            ${numberArray(pointDevices)}::bigint[],
            ${textArray(keys)}::text[],
            ${numberArray(times)}::float8[],
            ${numberArray(values)}::double precision[],
            ${textArray(texts)}::text[]
          ) as u(device_id, key, ms, value, text_value)
          join batch_devices d on d.id = u.device_id
          on conflict do nothing
        ),
        logged as (
          insert into messages (device_id, registry_id, received_at, topic, payload, payload_encoding)
          select u.device_id, r.id, to_timestamp(u.ms / 1000), u.topic, u.payload, u.encoding
          from unnest(
            ${numberArray(messageDevices)}::bigint[],
            ${numberArray(registries)}::bigint[],
            ${numberArray(received)}::float8[],
            ${textArray(topics)}::text[],
            ${textArray(payloads)}::text[],
            ${textArray(encodings)}::text[]
          ) with ordinality as u(device_id, registry_id, ms, topic, payload, encoding, n)
          join batch_devices d on d.id = u.device_id
          left join registries r on r.id = u.registry_id
          -- In packet order, so a device's message ids follow the order of its packets.
          order by u.n
          returning id, device_id
        ),
        logged_ids as (
          select device_id, array_agg(id order by id) as ids from logged group by device_id
        ),
        u as (
          select u.id, to_timestamp(u.data_ms / 1000) as data_at,
            to_timestamp(u.connection_ms / 1000) as connection_at
          from unnest(
            ${numberArray(ids)}::bigint[],
            ${numberArray(dataTimes)}::float8[],
            ${numberArray(connectionTimes)}::float8[]
          ) as u(id, data_ms, connection_ms)
        ),
        old as (
          select d.id, d.status from devices d join u on u.id = d.id order by d.id for no key update of d
        ),
        next as (
          select d.id,
            greatest(d.last_data_at, u.data_at) as data_at,
            greatest(d.last_connection_at, u.connection_at) as connection_at,
            l.ids as message_ids
          from devices d join u on u.id = d.id
          left join logged_ids l on l.device_id = d.id
        )
        update devices d
        set last_data_at = next.data_at,
            last_connection_at = next.connection_at,
            status = ${statusSql('next.data_at', 'next.connection_at')}
        from next, old
        where d.id = next.id and old.id = d.id
        returning d.id, d.org_uuid, d.status, old.status as old_status,
          d.last_data_at, d.last_connection_at, next.message_ids`.execute(db);
      const messageIds = new Map(
        changed.rows.map((row) => [row.id, (row.message_ids ?? []).map(Number)]),
      );
      return { changed: changed.rows.filter((row) => row.status !== row.old_status), messageIds };
    },

    /** Marks devices as connected (a device signed in to the broker). */
    async touchConnection(ids: number[], at: Date): Promise<StatusRow[]> {
      if (ids.length === 0) return [];
      const result = await sql<StatusRow>`
        with old as (
          select id, status from devices where id = any(${ids}::bigint[]) order by id for update
        )
        update devices d
        set last_connection_at = greatest(d.last_connection_at, ${at.toISOString()}::timestamptz),
            status = ${statusSql('d.last_data_at', `greatest(d.last_connection_at, now())`)}
        from old where old.id = d.id
        returning d.id, d.org_uuid, d.status, old.status as old_status,
          d.last_data_at, d.last_connection_at`.execute(db);
      return result.rows.filter((row) => row.status !== row.old_status);
    },

    /** Turns devices yellow or red as time passes without data or connection. */
    async ageStatuses(): Promise<StatusRow[]> {
      const result = await sql<StatusRow>`
        update devices d
        set status = ${statusSql('d.last_data_at', 'd.last_connection_at')}
        where (d.status = 'green' and (d.last_data_at is null or d.last_data_at < now() - ${windowSql}))
           or (d.status = 'yellow' and (d.last_connection_at is null or d.last_connection_at < now() - ${windowSql}))
        returning d.id, d.org_uuid, d.status, d.status as old_status,
          d.last_data_at, d.last_connection_at`.execute(db);
      return result.rows;
    },

    /** Whether a device lies in one of these organisations (scoped reads). */
    inOrgs(deviceId: number, orgs: string[] | null) {
      let query = db.selectFrom('devices').select('id').where('id', '=', deviceId);
      if (orgs) query = query.where(sql<SqlBool>`org_uuid = any(${orgs}::uuid[])`);
      return query.executeTakeFirst();
    },
  };
}
