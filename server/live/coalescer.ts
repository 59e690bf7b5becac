import type { CommittedBatch, CommittedPoint } from '../ingest/events.ts';

export interface CoalescerOptions {
  /** Longest a point waits before it is sent (ms). */
  maxDelayMs: number;
  /** A device's points are sent at once when this many wait. */
  maxPoints: number;
  /** Receives one device's points, in the order they were committed. */
  flush: (batch: CommittedBatch) => void;
  /** Timers come in from outside so tests can drive them. */
  setTimer?: (run: () => void, ms: number) => { cancel(): void };
}

const realTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
};

/**
 * Gathers committed points per device for a few milliseconds, so that a
 * device sending many small messages reaches browsers as few larger batches,
 * and a burst never waits: at `maxPoints` a device's batch leaves at once.
 */
export function createCoalescer(options: CoalescerOptions) {
  const setTimer = options.setTimer ?? realTimer;
  const pending = new Map<number, { orgUuid: string; points: CommittedPoint[] }>();
  let timer: { cancel(): void } | null = null;

  function send(deviceId: number): void {
    const entry = pending.get(deviceId);
    if (!entry) return;
    pending.delete(deviceId);
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
      if ((pending.get(batch.deviceId)?.points.length ?? 0) >= options.maxPoints) {
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
