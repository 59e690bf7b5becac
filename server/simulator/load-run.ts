import mqtt, { type MqttClient } from 'mqtt';
import { readingFor, seededRandom, type CounterProfile } from './count-model.ts';
import { deviceDataTopic } from './demo-simulator.ts';

export interface LoadDevice {
  deviceId: number;
  registryId: number;
}

export interface LoadStats {
  connected: number;
  sent: number;
  /** QoS 1: acknowledged by the broker; QoS 0: written to the socket. */
  acked: number;
  errors: number;
  inflight: number;
  elapsedMs: number;
  /** Acknowledgements a second over the last progress interval. */
  rate: number;
  latencyMs: { p50: number; p95: number; max: number };
}

export interface LoadRunOptions {
  mqttUrl: string;
  /** A registry (or device) token; each device signs in with its id as user name. */
  token: string;
  devices: LoadDevice[];
  /** Messages a second across all devices. */
  rate: number;
  qos: 0 | 1;
  durationMs?: number;
  signal?: AbortSignal;
  onAck?: (deviceId: number, ts: number, seq: number) => void;
  onProgress?: (stats: LoadStats) => void;
  onError?: (message: string) => void;
  progressEveryMs?: number;
}

const TICK_MS = 20;
const CONNECT_BATCH = 50;
const DRAIN_LIMIT_MS = 10_000;
const LATENCY_SAMPLES = 50_000;

interface Slot {
  device: LoadDevice;
  client: MqttClient;
  profile: CounterProfile;
  seq: number;
  lastTs: number;
  lastAt: number;
}

/**
 * Publishes as many devices at a steady total rate until the duration ends or
 * the signal aborts, then waits (up to 10 s) for outstanding acknowledgements.
 * Messages carry `ts` (strictly rising per device, so no two points of a
 * device share a time) and a per-device `seq` starting at 1.
 */
export async function runLoad(options: LoadRunOptions): Promise<LoadStats> {
  const random = seededRandom(Date.now());
  const counts = { sent: 0, acked: 0, errors: 0, inflight: 0 };
  const latencies: number[] = [];
  const reported = new Set<string>();
  const report = (message: string) => {
    counts.errors++;
    if (!reported.has(message)) {
      reported.add(message);
      options.onError?.(message);
    }
  };

  const slots = await connectAll(options, report);
  const began = Date.now();
  let lastProgress = { at: began, acked: 0, rate: 0 };
  const stats = (): LoadStats => {
    const sorted = latencies.slice().sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return {
      connected: slots.filter((s) => s.client.connected).length,
      ...counts,
      elapsedMs: Date.now() - began,
      rate: lastProgress.rate,
      latencyMs: { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 },
    };
  };

  const publish = (slot: Slot) => {
    const now = Date.now();
    const ts = Math.max(now, slot.lastTs + 1);
    slot.lastTs = ts;
    slot.seq++;
    const seq = slot.seq;
    const reading = readingFor(slot.profile, Math.min(slot.lastAt, now - 1), now, random);
    slot.lastAt = now;
    counts.sent++;
    counts.inflight++;
    slot.client
      .publishAsync(
        deviceDataTopic(slot.device.registryId, slot.device.deviceId),
        JSON.stringify({ ts, seq, ...reading }),
        { qos: options.qos },
      )
      .then(
        () => {
          counts.acked++;
          const latency = Date.now() - now;
          if (latencies.length < LATENCY_SAMPLES) latencies.push(latency);
          else latencies[Math.floor(random() * LATENCY_SAMPLES)] = latency;
          options.onAck?.(slot.device.deviceId, ts, seq);
        },
        (error: unknown) =>
          report(`publish failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => counts.inflight--);
  };

  // At most five seconds' worth of messages wait for acknowledgements: a slow
  // broker slows the sender down instead of growing an unbounded queue.
  const maxInflight = Math.max(100, Math.ceil(options.rate * 5));
  let scheduled = 0;
  let next = 0;
  await new Promise<void>((resolve) => {
    const finish = () => {
      clearInterval(ticker);
      options.signal?.removeEventListener('abort', finish);
      resolve();
    };
    const ticker = setInterval(() => {
      const now = Date.now();
      if (options.durationMs !== undefined && now - began >= options.durationMs) return finish();
      const due = Math.floor((options.rate * (now - began)) / 1000);
      // Behind by more than a second (a slow broker): drop the backlog rather than burst.
      if (due - scheduled > options.rate) scheduled = due - Math.ceil(options.rate);
      for (
        let tried = 0;
        scheduled < due && counts.inflight < maxInflight && tried < slots.length;
      ) {
        const slot = slots[next];
        next = (next + 1) % slots.length;
        if (slot?.client.connected) {
          publish(slot);
          scheduled++;
          tried = 0;
        } else tried++;
      }
      if (now - lastProgress.at >= (options.progressEveryMs ?? 1000)) {
        lastProgress = {
          at: now,
          acked: counts.acked,
          rate: Math.round(((counts.acked - lastProgress.acked) * 1000) / (now - lastProgress.at)),
        };
        options.onProgress?.(stats());
      }
    }, TICK_MS);
    if (options.signal?.aborted) finish();
    else options.signal?.addEventListener('abort', finish, { once: true });
  });

  const drainUntil = Date.now() + DRAIN_LIMIT_MS;
  while (counts.inflight > 0 && Date.now() < drainUntil)
    await new Promise((r) => setTimeout(r, 50));
  const final = stats();
  await Promise.all(slots.map((slot) => slot.client.endAsync(true)));
  return final;
}

async function connectAll(
  options: LoadRunOptions,
  report: (message: string) => void,
): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (let i = 0; i < options.devices.length; i += CONNECT_BATCH) {
    const batch = options.devices.slice(i, i + CONNECT_BATCH);
    slots.push(
      ...(await Promise.all(
        batch.map(async (device) => {
          const client = mqtt.connect(options.mqttUrl, {
            clientId: `${device.deviceId}-load-${Math.random().toString(36).slice(2, 8)}`,
            username: String(device.deviceId),
            password: options.token,
            clean: true,
            reconnectPeriod: 2000,
            connectTimeout: 10_000,
          });
          client.on('error', (error) => report(`connection: ${error.message}`));
          await new Promise<void>((resolve) => {
            const done = () => {
              client.off('connect', done);
              client.off('error', done);
              resolve();
            };
            client.once('connect', done);
            client.once('error', done);
            setTimeout(done, 10_000).unref();
          });
          const now = Date.now();
          return {
            device,
            client,
            profile: { seed: device.deviceId, locType: 'road' as const, peakPerHour: 2000 },
            seq: 0,
            lastTs: 0,
            lastAt: now,
          };
        }),
      )),
    );
  }
  return slots;
}
