import type { CommittedBatch, CommittedPoint } from '../ingest/events.ts';

export interface CoalescerOptions {
  /** Longest a point waits before it is sent (ms). */
  maxDelayMs: number;
  /** A device's points are sent at once when this many wait. */
  maxPoints: number;
  /** Receives one device's points, in the order they were committed. */
  flush: (batch: CommittedBatch) => void;
  /** Timers and the clock come in from outside so tests can drive them. */
  setTimer?: (run: () => void, ms: number) => { cancel(): void };
  now?: () => number;
}

const realTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
};

/**
 * At most one batch per device every `maxDelayMs`: a device that was quiet
 * for that long has its points sent at once (no added latency), and the
 * points of a device sending many small messages wait for the rest of the
 * window and reach browsers as one larger batch. A burst never waits: at
 * `maxPoints` a device's batch leaves at once.
 */
export function createCoalescer(options: CoalescerOptions) {
  const setTimer = options.setTimer ?? realTimer;
  const now = options.now ?? (() => performance.now());
  const pending = new Map<number, { orgUuid: string; points: CommittedPoint[] }>();
  /** When each device's last batch left, for devices sent within the window. */
  const lastSent = new Map<number, number>();
  let timer: { cancel(): void } | null = null;

  function send(deviceId: number): void {
    const entry = pending.get(deviceId);
    if (!entry) return;
    pending.delete(deviceId);
    lastSent.set(deviceId, now());
    for (let i = 0; i < entry.points.length; i += options.maxPoints) {
      options.flush({
        deviceId,
        orgUuid: entry.orgUuid,
        points: entry.points.slice(i, i + options.maxPoints),
      });
    }
  }

  function flushAll(): void {
    timer?.cancel();
    timer = null;
    for (const deviceId of [...pending.keys()]) send(deviceId);
    const cutoff = now() - options.maxDelayMs;
    for (const [deviceId, at] of lastSent) if (at <= cutoff) lastSent.delete(deviceId);
  }

  return {
    add(batch: CommittedBatch): void {
      if (batch.points.length === 0) return;
      const entry = pending.get(batch.deviceId);
      if (entry) {
        entry.orgUuid = batch.orgUuid;
        entry.points.push(...batch.points);
      } else {
        pending.set(batch.deviceId, { orgUuid: batch.orgUuid, points: [...batch.points] });
      }
      const quiet = now() - (lastSent.get(batch.deviceId) ?? -Infinity) >= options.maxDelayMs;
      if (quiet || (pending.get(batch.deviceId)?.points.length ?? 0) >= options.maxPoints) {
        send(batch.deviceId);
      }
      if (pending.size > 0 && !timer) timer = setTimer(flushAll, options.maxDelayMs);
      if (pending.size === 0 && timer) {
        timer.cancel();
        timer = null;
      }
    },
    /** Sends everything waiting now (on shutdown). */
    flushAll,
  };
}
