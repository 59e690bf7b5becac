import mqtt, { type MqttClient } from 'mqtt';
import { dataTopic } from '../ingest/topics.ts';
import { readingFor, type CounterProfile, type Random } from './count-model.ts';

/** A demo counter as the simulator runs it: where it publishes and the token it signs in with. */
export interface SimulatedCounter {
  deviceId: number;
  registryId: number;
  protocol: 'mqtt' | 'http';
  profile: CounterProfile;
  /** A device or registry API token (`nly_…`). */
  token: string;
}

export interface SimulatorOptions {
  /** The broker the MQTT counters connect to, without credentials. */
  mqttUrl: string;
  /** Sends an HTTP registry's message (POST path with a bearer token); resolves to the status code. */
  postHttp(path: string, token: string, body: string): Promise<number>;
  log: { info(message: string): void; warn(message: string): void };
  /** Milliseconds between two messages of a counter, drawn evenly from [min, max]. */
  intervalMs?: { min: number; max: number };
  /** How long a counter that cannot send keeps counting into its next message. */
  maxBacklogMs?: number;
  random?: Random;
  now?: () => number;
}

export interface SimulatorStats {
  sent: number;
  acked: number;
  failed: number;
  connected: number;
}

export interface DemoSimulator {
  stats(): SimulatorStats;
  stop(): Promise<void>;
}

/** How long stopping waits for sends already under way. */
const STOP_WAIT_MS = 2_000;

/** The topic a device publishes its data to (the one ingest subscribes to). */
export const deviceDataTopic = dataTopic;
export const httpIngestPath = (registryId: number, deviceId: number) =>
  `/api/v1/ingest/${registryId}/${deviceId}`;

/**
 * Runs the demo counters: every 10–30 s (jittered) each one reports the
 * people it counted since its last message, with its battery and
 * temperature, as a device would: over MQTT (QoS 1, its id as user name and
 * the token as password) or by HTTP POST. A counter that cannot send keeps
 * counting, so its next message covers the gap.
 */
export function startDemoSimulator(
  counters: SimulatedCounter[],
  options: SimulatorOptions,
): DemoSimulator {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const { min, max } = options.intervalMs ?? { min: 10_000, max: 30_000 };
  const maxBacklogMs = options.maxBacklogMs ?? 60 * 60_000;
  const stats = { sent: 0, acked: 0, failed: 0 };
  const clients = new Map<number, MqttClient>();
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<Promise<unknown>>();
  const reported = new Set<string>();
  let stopped = false;

  const warnOnce = (message: string) => {
    if (reported.has(message)) return;
    reported.add(message);
    options.log.warn(`Simulator: ${message}`);
  };
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };

  for (const counter of counters) {
    if (counter.protocol !== 'mqtt') continue;
    const client = mqtt.connect(options.mqttUrl, {
      // A device's client id starts with its id (docs/ingest.md).
      clientId: `${counter.deviceId}-sim-${Math.floor(random() * 1e9).toString(36)}`,
      username: String(counter.deviceId),
      password: counter.token,
      clean: true,
      reconnectPeriod: 15_000,
      connectTimeout: 10_000,
    });
    client.on('error', (error) =>
      warnOnce(`the broker refuses the demo counters (${error.message}); retrying`),
    );
    clients.set(counter.deviceId, client);
  }

  const send = (counter: SimulatedCounter, payload: string): boolean => {
    if (counter.protocol === 'http') {
      stats.sent++;
      track(
        options
          .postHttp(httpIngestPath(counter.registryId, counter.deviceId), counter.token, payload)
          .then(
            (status) => {
              if (status < 300) stats.acked++;
              else {
                stats.failed++;
                warnOnce(`HTTP ingest answers ${status} to the demo counters`);
              }
            },
            (error: unknown) => {
              stats.failed++;
              warnOnce(`HTTP ingest failed: ${String(error)}`);
            },
          ),
      );
      return true;
    }
    const client = clients.get(counter.deviceId);
    if (!client?.connected) return false;
    stats.sent++;
    track(
      client
        .publishAsync(deviceDataTopic(counter.registryId, counter.deviceId), payload, { qos: 1 })
        .then(
          () => stats.acked++,
          () => stats.failed++,
        ),
    );
    return true;
  };

  const run = (counter: SimulatedCounter, since: number) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (stopped) return;
        const at = now();
        const from = Math.max(since, at - maxBacklogMs);
        const reading = readingFor(counter.profile, from, at, random);
        const sentNow = send(counter, JSON.stringify({ ts: at, ...reading }));
        run(counter, sentNow ? at : from);
      },
      min + random() * (max - min),
    );
    timer.unref();
    timers.add(timer);
  };
  // Each counter starts at its own moment of its first interval.
  for (const counter of counters) run(counter, now() - min);
  if (counters.length > 0)
    options.log.info(
      `Simulator: ${counters.length} demo counters report every ${min / 1000}–${max / 1000} s`,
    );

  return {
    stats: () => ({
      ...stats,
      connected: [...clients.values()].filter((c) => c.connected).length,
    }),
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...clients.values()].map((client) => client.endAsync(true)));
      // A publish cut off by the forced end may never settle: wait a moment, not forever.
      await Promise.race([
        Promise.allSettled([...pending]),
        new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS)),
      ]);
    },
  };
}
