import { sql } from 'kysely';
import { dataTopic } from '../server/ingest/topics.ts';
import { ingestRepository } from '../server/repositories/ingest-repository.ts';
import { payloadOf, startPublishers } from './publisher.ts';
import { forEachSetup, sleep, startServer, type Setup } from './setup.ts';
import { printTable } from './table.ts';

// Ingest end to end: QoS 1 publishes from several MQTT clients until every
// message is committed (its message row and both its points), on the
// embedded PGlite + Aedes and, with DATABASE_URL and MQTT_URL, on PostgreSQL
// + that broker. In the same run, the raw ceiling: the same rows written by
// one plain bulk insert (unnest) per table in one transaction, without
// broker, decoding or status updates.
//
// The publishers (bench/publisher.ts, in a process of their own so they do
// not share the server's event loop) keep at most WINDOW messages between
// publish and commit.
// An external broker acknowledges a publish as soon as it has queued it, not
// when Nordlys committed it, and Mosquitto drops QoS 1 messages for a
// subscriber that already has `max_queued_messages` (default 1000) waiting
// beyond its in-flight window: unbounded publishers lose messages there, and
// the run used to wait for them for ever.
const CLIENTS = 8;
// Long enough (8 to 12 s here) to measure the sustained rate: a run of a
// couple of seconds mostly measures the server's JIT warm-up.
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 5_000);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 120) * 1000;
const POINTS_PER_MESSAGE = 2;

async function countRows(server: Awaited<ReturnType<typeof startServer>>, deviceIds: number[]) {
  const { db } = server.database;
  const [messages, points] = await Promise.all([
    db
      .selectFrom('messages')
      .where('device_id', 'in', deviceIds)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('device_data')
      .where('device_id', 'in', deviceIds)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { messages: Number(messages.n), points: Number(points.n) };
}

async function run(setup: Setup): Promise<Record<string, string | number>> {
  const server = await startServer(setup);
  const { db } = server.database;
  const devices = await server.addDevices(CLIENTS, 'bench');
  // Point times a second apart per device, an hour ago: the partitions exist after the first batch.
  const base = Date.now() - 3600_000;
  const perClient = Math.ceil(MESSAGES / CLIENTS);
  const total = perClient * CLIENTS;
  // The publishers run in a process of their own, told how far the commits are.
  const publishers = await startPublishers({
    mqttUrl: server.mqttUrl,
    token: server.registryToken,
    registryId: server.registryId,
    deviceIds: devices,
    total,
    window: WINDOW,
    baseTs: base,
  });

  let committedPoints = 0;
  let wake: (() => void) | null = null;
  const onPoints = (batch: { deviceId: number; points: unknown[] }) => {
    if (devices.includes(batch.deviceId)) committedPoints += batch.points.length;
    wake?.();
  };
  server.app.dataEvents.on('points', onPoints);
  const committedMessages = () => Math.floor(committedPoints / POINTS_PER_MESSAGE);

  const began = performance.now();
  const deadline = began + TIMEOUT_MS;
  let timedOut = false;
  publishers.committed(0);
  while (committedPoints < total * POINTS_PER_MESSAGE) {
    if (performance.now() > deadline) {
      timedOut = true;
      break;
    }
    await new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, 50).unref();
    });
    wake = null;
    publishers.committed(committedMessages());
  }
  const seconds = (performance.now() - began) / 1000;
  const committedAtEnd = committedMessages();
  server.app.dataEvents.off('points', onPoints);
  // A timed-out run gives what is still on its way a moment before counting.
  if (timedOut) await sleep(2000);
  const stored = await countRows(server, devices);
  // The acknowledgements follow the commits: the publishers wait for them (a little).
  const { sent, acked, errors: publishErrors } = await publishers.finish();
  const unacknowledged = sent - acked - publishErrors;

  // The raw ceiling: the same rows for other devices, one unnest insert per table.
  const ceilingDevices = await server.addDevices(CLIENTS, 'ceiling');
  const topics: string[] = [];
  const payloads: string[] = [];
  const messageDevices: number[] = [];
  const pointDevices: number[] = [];
  const keys: string[] = [];
  const times: string[] = [];
  const values: number[] = [];
  const months = new Set<number>();
  const receivedAt = new Date().toISOString();
  for (let i = 0; i < perClient; i++) {
    const ts = base + i * 1000;
    const time = new Date(ts).toISOString();
    months.add(Date.UTC(new Date(ts).getUTCFullYear(), new Date(ts).getUTCMonth(), 1));
    for (const [c, deviceId] of ceilingDevices.entries()) {
      messageDevices.push(deviceId);
      topics.push(dataTopic(server.registryId, deviceId));
      payloads.push(payloadOf(i, ts));
      pointDevices.push(deviceId, deviceId);
      keys.push('temperature', 'humidity');
      times.push(time, time);
      values.push(20 + ((i + c) % 10), 50);
    }
  }
  await ingestRepository(db).ensurePartitions([...months]);
  const ceilingBegan = performance.now();
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into device_data (device_id, key, time, value)
      select * from unnest(${pointDevices}::bigint[], ${keys}::text[], ${times}::timestamptz[], ${values}::float8[])`.execute(
      trx,
    );
    await sql`
      insert into messages (device_id, registry_id, received_at, topic, payload, payload_encoding)
      select d, ${server.registryId}, ${receivedAt}::timestamptz, t, p, 'utf8'
      from unnest(${messageDevices}::bigint[], ${topics}::text[], ${payloads}::text[]) as u(d, t, p)`.execute(
      trx,
    );
  });
  const ceilingSeconds = (performance.now() - ceilingBegan) / 1000;
  const ceilingStored = await countRows(server, ceilingDevices);
  await server.close();

  const committedRate = Math.round(stored.messages / seconds);
  const ceilingRate = Math.round(ceilingStored.messages / ceilingSeconds);
  return {
    setup: setup.label,
    published: sent,
    'stored msgs': stored.messages,
    'stored points': stored.points,
    lost: sent * POINTS_PER_MESSAGE - stored.points,
    'committed msg/s': committedRate,
    'raw ceiling msg/s': ceilingRate,
    ratio: `${((100 * committedRate) / ceilingRate).toFixed(0)} %`,
    result: timedOut
      ? `timed out after ${(TIMEOUT_MS / 1000).toFixed(0)} s (${committedAtEnd} committed)`
      : publishErrors + unacknowledged > 0
        ? `${publishErrors} publish errors, ${unacknowledged} unacknowledged`
        : 'complete',
  };
}

const results: Record<string, string | number>[] = [];
const printed = () =>
  process.stdout.write(
    `Ingest: ${MESSAGES} QoS 1 messages of ${POINTS_PER_MESSAGE} points from ${CLIENTS} MQTT clients, at most ${WINDOW} between publish and commit; lost = published points − stored points\n`,
  );
try {
  await forEachSetup(async (setup) => {
    const row = await run(setup);
    results.push(row);
    return row;
  });
} finally {
  printed();
  printTable(results);
}
process.exit(0);
