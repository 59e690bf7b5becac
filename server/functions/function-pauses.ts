/**
 * Functions that keep running into their time limit are paused for a while instead of taking a
 * sandbox worker for a whole time limit on every packet. The state is this process's own (each
 * node pauses a function after its own timeouts); it ends by itself, or when the function's code
 * changes.
 */

/** A pause in force, as the device API shows it. */
export interface FunctionPause {
  functionId: number;
  functionName: string;
  /** The last timeout's error message. */
  reason: string;
  /** Timeouts in a row that started the pause. */
  timeouts: number;
  since: Date;
  until: Date;
}

export interface FunctionPauseOptions {
  /** Timeouts in a row that pause a function (default 3). */
  afterTimeouts?: number;
  /** How long a pause lasts (default 5 minutes). */
  pauseMs?: number;
  /**
   * After a change of code, how long runs of the old code (from caches of device settings, kept
   * 5 s) are ignored rather than counted (default 30 s).
   */
  staleCodeMs?: number;
  now?: () => number;
}

/** How a run ended, as far as pausing goes. */
export type RunEnd = 'ok' | 'timeout' | 'paused' | 'other';

interface Entry {
  name: string;
  /** The code the timeouts and the pause are about. */
  code: string;
  streak: number;
  reason: string;
  pausedAt: number;
  pausedUntil: number;
  pausedAfter: number;
  /** Until then, runs of any other code are late runs of code replaced on this node. */
  currentUntil: number;
}

export const PAUSE_AFTER_TIMEOUTS = 3;
export const PAUSE_MS = 5 * 60_000;

export function functionPauses(options: FunctionPauseOptions = {}) {
  const afterTimeouts = options.afterTimeouts ?? PAUSE_AFTER_TIMEOUTS;
  const pauseMs = options.pauseMs ?? PAUSE_MS;
  const staleCodeMs = options.staleCodeMs ?? 30_000;
  const now = options.now ?? Date.now;
  const entries = new Map<number, Entry>();

  const fresh = (name: string, code: string, currentUntil = 0): Entry => ({
    name,
    code,
    streak: 0,
    reason: '',
    pausedAt: 0,
    pausedUntil: 0,
    pausedAfter: 0,
    currentUntil,
  });

  /** An entry that no longer says anything: no pause, no streak, no recent change of code. */
  const idle = (entry: Entry, at: number) =>
    entry.streak === 0 && entry.pausedUntil <= at && entry.currentUntil <= at;

  return {
    /** When this code of the function may run again, or undefined when it is not paused. */
    pausedUntil(functionId: number, code: string): Date | undefined {
      const entry = entries.get(functionId);
      if (!entry || entry.code !== code || entry.pausedUntil <= now()) return undefined;
      return new Date(entry.pausedUntil);
    },

    /** Counts a run's end towards (or against) pausing the function; `reason` is its error. */
    record(fn: { id: number; name: string }, code: string, end: RunEnd, reason = ''): void {
      if (end === 'paused') return;
      const at = now();
      let entry = entries.get(fn.id);
      if (entry && entry.code !== code) {
        if (at < entry.currentUntil) return;
        entry = undefined;
        entries.delete(fn.id);
      }
      if (end !== 'timeout') {
        if (!entry) return;
        entry.streak = 0;
        if (idle(entry, at)) entries.delete(fn.id);
        return;
      }
      if (!entry) {
        entry = fresh(fn.name, code);
        entries.set(fn.id, entry);
      }
      entry.name = fn.name;
      entry.streak += 1;
      if (entry.streak >= afterTimeouts && entry.pausedUntil <= at) {
        entry.pausedAfter = entry.streak;
        entry.pausedAt = at;
        entry.pausedUntil = at + pauseMs;
        entry.reason = reason;
        // After the pause the function gets as many tries again.
        entry.streak = 0;
      }
    },

    /** The function's code changed: a pause of other code ends here and now. */
    codeChanged(functionId: number, code: string): void {
      const at = now();
      for (const [id, entry] of entries) if (idle(entry, at)) entries.delete(id);
      const entry = entries.get(functionId);
      if (entry?.code === code) return;
      entries.set(functionId, fresh(entry?.name ?? '', code, at + staleCodeMs));
    },

    /** The pauses in force among these functions, in their order. */
    list(functionIds: readonly (number | null)[]): FunctionPause[] {
      const at = now();
      const pauses: FunctionPause[] = [];
      for (const id of functionIds) {
        const entry = id === null ? undefined : entries.get(id);
        if (id === null || !entry || entry.pausedUntil <= at) continue;
        pauses.push({
          functionId: id,
          functionName: entry.name,
          reason: entry.reason,
          timeouts: entry.pausedAfter,
          since: new Date(entry.pausedAt),
          until: new Date(entry.pausedUntil),
        });
      }
      return pauses;
    },
  };
}

export type FunctionPauses = ReturnType<typeof functionPauses>;
