import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import type { Sandbox } from '../functions/sandbox.ts';
import {
  ingestRepository,
  type DeviceIngestConfig,
  type StatusRow,
  type StoredPacket,
} from '../repositories/ingest-repository.ts';
import { BatchWriter } from './batch-writer.ts';
import {
  decoderOutputToPoints,
  defaultDecode,
  parseJson,
  rawPayload,
  uniquePoints,
  type Point,
  type RawPayload,
} from './decode.ts';
import type { DeviceDirectory, Refusal, Transport } from './device-directory.ts';
import type { CommittedPoint, DataEvents } from './events.ts';
import { MAX_PACKET_BYTES } from './limits.ts';
import { announceMessages } from './message-events.ts';
import { addSyntheticPoints, type SyntheticKey } from './synthetic.ts';

/** A packet from a device, as the broker or the HTTP route received it. */
export interface IncomingPacket {
  registryId: number;
  deviceId: number;
  payload: Buffer;
  transport: Transport;
  topic?: string | null;
  receivedAt?: Date;
}

export interface IngestWait {
  /**
   * How long admission may wait for a database that is down before `ingest`
   * throws a DatabaseUnavailableError (default: until ingest closes, holding
   * the broker's acknowledgement back meanwhile).
   */
  patienceMs?: number;
}

export type IngestOutcome = { ok: true; points: number } | { ok: false; refusal: Refusal };

/** Runs after a packet's commit (MQTT forward, outbound functions); must not throw. */
export type AfterCommit = (device: DeviceIngestConfig, packet: StoredPacket) => void;

export interface IngestOptions {
  db: Kysely<DB>;
  sandbox: Sandbox;
  events: DataEvents;
  directory: DeviceDirectory;
  log: FastifyBaseLogger;
  afterCommit?: AfterCommit;
  maxBatchRows?: number;
  maxPendingRows?: number;
}

interface Job {
  device: DeviceIngestConfig;
  packet: StoredPacket;
  /** The packet's points as the events carry them, made once for `received` and `points`. */
  announced: CommittedPoint[];
}

interface DecodePlan {
  decoders: DeviceIngestConfig['functions'];
  synthetic: SyntheticKey[];
}

const livePoint = (p: Point): CommittedPoint => ({
  key: p.key,
  time: new Date(p.time).toISOString(),
  value: p.value,
  textValue: p.textValue,
});

/** At most one warning this often while admissions wait for the database. */
const ADMIT_WARNING_MS = 10_000;

const monthStart = (time: number) => {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};

const isSyntheticKey = (value: unknown): value is SyntheticKey =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SyntheticKey).key === 'string' &&
  typeof (value as SyntheticKey).expression === 'string';

/**
 * The ingest pipeline: admit a packet, decode it into points (the device
 * type's decoder and the device's decoders in the sandbox, or the JSON rule),
 * add synthetic keys, and write it with others in one transaction. `ingest`
 * resolves once the packet is committed, which is when a broker may
 * acknowledge it.
 */
export function createIngestPipeline(options: IngestOptions) {
  const { directory, events, log } = options;
  const repo = ingestRepository(options.db);
  const knownMonths = new Set<number>();
  const closing = new AbortController();
  let lastAdmitWarning = 0;
  /** Admission retries, logged once in a while rather than once per waiting packet. */
  const onAdmitRetry = (error: unknown, attempt: number) => {
    if (Date.now() - lastAdmitWarning < ADMIT_WARNING_MS) return;
    lastAdmitWarning = Date.now();
    log.warn({ err: error, attempt }, 'ingest: looking up a device failed; packets wait and retry');
  };

  const writer = new BatchWriter<Job>({
    rows: (job) => 1 + job.packet.points.length,
    maxBatchRows: options.maxBatchRows ?? 10_000,
    maxPendingRows: options.maxPendingRows ?? 50_000,
    write: async (jobs) => {
      const months = new Set<number>();
      for (const job of jobs) {
        for (const point of job.packet.points) months.add(monthStart(point.time));
      }
      const missing = [...months].filter((month) => !knownMonths.has(month));
      if (missing.length > 0) {
        await repo.ensurePartitions(missing);
        for (const month of missing) knownMonths.add(month);
      }
      const { changed, messageIds } = await repo.writeBatch(jobs.map((job) => job.packet));
      announce(jobs, changed);
      // The message log's live feed (docs/live.md `message`), apart from points and status.
      announceMessages(events, jobs, messageIds, log);
    },
    onRetry: (error, attempt) =>
      log.warn({ err: error, attempt }, 'ingest: writing a batch failed; trying again'),
    onDropped: (job, error) =>
      log.error(
        { err: error, deviceId: job.device.id },
        'ingest: a packet the database refuses was dropped',
      ),
  });

  function announce(jobs: Job[], changed: StatusRow[]): void {
    try {
      const byDevice = new Map<number, { orgUuid: string; points: CommittedPoint[] }>();
      for (const { device, announced } of jobs) {
        if (announced.length === 0) continue;
        const entry = byDevice.get(device.id) ?? { orgUuid: device.orgUuid, points: [] };
        entry.points.push(...announced);
        byDevice.set(device.id, entry);
      }
      for (const [deviceId, { orgUuid, points }] of byDevice) {
        events.emit('points', {
          deviceId,
          orgUuid,
          points,
        });
      }
      announceStatus(changed);
      if (options.afterCommit) {
        for (const job of jobs) options.afterCommit(job.device, job.packet);
      }
    } catch (error) {
      log.error({ err: error }, 'ingest: a listener failed after a commit');
    }
  }

  /** The live feed's copy of a packet's points, before they wait for their batch's commit. */
  function announceReceived(device: DeviceIngestConfig, points: CommittedPoint[]): void {
    if (points.length === 0) return;
    try {
      events.emit('received', { deviceId: device.id, orgUuid: device.orgUuid, points });
    } catch (error) {
      log.error({ err: error }, 'ingest: a listener of received points failed');
    }
  }

  function announceStatus(rows: StatusRow[]): void {
    for (const row of rows) {
      events.emit('status', {
        deviceId: row.id,
        orgUuid: row.org_uuid,
        status: row.status,
        lastDataAt: row.last_data_at?.toISOString() ?? null,
        lastConnectionAt: row.last_connection_at?.toISOString() ?? null,
      });
    }
  }

  /** What a device's settings mean for decoding, worked out once per settings object. */
  const plans = new WeakMap<DeviceIngestConfig, DecodePlan>();
  const planFor = (device: DeviceIngestConfig): DecodePlan => {
    let plan = plans.get(device);
    if (!plan) {
      plan = {
        decoders: device.functions.filter((f) => f.type === 'decoder'),
        synthetic: device.syntheticKeys.filter(isSyntheticKey),
      };
      plans.set(device, plan);
    }
    return plan;
  };

  async function runDecoders(
    device: DeviceIngestConfig,
    decoders: DecodePlan['decoders'],
    raw: RawPayload,
    receivedAt: Date,
    topic: string | null,
  ): Promise<Point[]> {
    let input: unknown = parseJson(raw) ?? raw.text;
    const context = {
      device: { id: device.id, name: device.name, registryId: device.registryId },
      receivedAt: receivedAt.toISOString(),
      topic,
      encoding: raw.encoding,
    };
    for (const decoder of decoders) {
      const result = await options.sandbox.run({
        owner: device.orgUuid,
        lane: 'ingest',
        function: decoder,
        code: decoder.code,
        input,
        context,
      });
      if (!result.ok) {
        // A paused decoder is shown on its device (docs/ingest.md); a line per packet would flood.
        const level = result.error.kind === 'paused' ? 'debug' : 'warn';
        log[level](
          { deviceId: device.id, functionId: decoder.id, error: result.error },
          'ingest: a decoder failed; the packet is kept without points',
        );
        return [];
      }
      input = result.output;
    }
    return decoderOutputToPoints(input, receivedAt.getTime());
  }

  /** Decodes an admitted packet and queues it for the next batch; resolves once committed. */
  function accept(device: DeviceIngestConfig, incoming: IncomingPacket): Promise<IngestOutcome> {
    const receivedAt = incoming.receivedAt ?? new Date();
    const raw = rawPayload(incoming.payload);
    const topic = incoming.topic ?? null;
    const plan = planFor(device);
    const store = (decoded: Point[]): Promise<IngestOutcome> => {
      let points: Point[];
      try {
        points = uniquePoints(addSyntheticPoints(decoded, plan.synthetic));
      } catch (error) {
        log.warn(
          { err: error, deviceId: device.id },
          'ingest: synthetic keys failed; the packet is kept with its decoded points',
        );
        points = uniquePoints(decoded);
      }
      const announced = points.map(livePoint);
      announceReceived(device, announced);
      const packet: StoredPacket = {
        deviceId: device.id,
        registryId: device.registryId,
        receivedAt,
        topic,
        payload: raw.text,
        encoding: raw.encoding,
        points,
      };
      return writer
        .add({ device, packet, announced })
        .then(() => ({ ok: true, points: points.length }));
    };
    if (plan.decoders.length === 0) {
      // Without a decoder nothing waits: no promise until the batch write.
      return store(defaultDecode(raw, receivedAt.getTime()));
    }
    return runDecoders(device, plan.decoders, raw, receivedAt, topic).then(
      store,
      (error: unknown) => {
        log.warn(
          { err: error, deviceId: device.id },
          'ingest: decoding failed; the packet is kept without points',
        );
        return store([]);
      },
    );
  }

  /**
   * Ingests one packet; resolves once it is committed (or refused). While the
   * database is down the packet waits (see IngestWait); once ingest closes or
   * the patience is spent, a DatabaseUnavailableError is thrown.
   */
  function ingest(incoming: IncomingPacket, wait: IngestWait = {}): Promise<IngestOutcome> {
    // The embedded broker and HTTP refuse these before; an external broker may deliver them.
    if (incoming.payload.length > MAX_PACKET_BYTES) {
      return Promise.resolve({ ok: false, refusal: 'too-large' });
    }
    // The device's settings are nearly always cached: then nothing awaits before the write.
    const cached = directory.admitCached(
      incoming.registryId,
      incoming.deviceId,
      incoming.transport,
    );
    if (cached) return cached.ok ? accept(cached.device, incoming) : Promise.resolve(cached);
    return directory
      .admit(incoming.registryId, incoming.deviceId, incoming.transport, {
        patienceMs: wait.patienceMs,
        signal: closing.signal,
        onRetry: onAdmitRetry,
      })
      .then((admitted) => (admitted.ok ? accept(admitted.device, incoming) : admitted));
  }

  return {
    ingest,
    announceStatus,
    /** True while the writer's queue is full (the database is slow or down). */
    get saturated() {
      return writer.saturated;
    },
    get pendingRows() {
      return writer.pendingRows;
    },
    close: () => {
      closing.abort();
      return writer.close();
    },
  };
}

export type IngestPipeline = ReturnType<typeof createIngestPipeline>;
