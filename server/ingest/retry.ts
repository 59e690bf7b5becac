/**
 * How ingest waits out a database that is down: the same operation is tried
 * again with a growing pause (50 ms doubling to 5 s at most) for as long as
 * the caller is willing to wait. The senders of what waits are not
 * acknowledged meanwhile (backpressure). Data errors (SQLSTATE classes 22 and
 * 23) are the database's answer about the data itself: trying again would
 * fail again, so they are not retried. Every other failure counts as the
 * database being unreachable for now, as the BatchWriter has always done.
 */

/** Thrown once a caller stops waiting for the database (patience spent, or shutting down). */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export const isDataError = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
};

/** The pause before retry number `attempt` (from 1): 100 ms, 200 ms, … 5 s. */
export const retryDelayMs = (attempt: number): number =>
  Math.min(5000, 50 * 2 ** Math.min(attempt, 7));

export interface RetryOptions {
  /** Whether to stop after this many failed attempts (checked after each failure). */
  giveUp?(attempt: number): boolean;
  /** Stops the wait early, e.g. when ingest shuts down. */
  signal?: AbortSignal;
  onRetry?(error: unknown, attempt: number): void;
}

/**
 * Runs `operation` until it succeeds, pausing between tries. A data error is
 * thrown as it is; when the caller stops waiting, a DatabaseUnavailableError
 * (with the last failure as its cause) is thrown.
 */
export async function retryWhileUnavailable<T>(
  operation: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (isDataError(error)) throw error;
      if (options.signal?.aborted || options.giveUp?.(attempt)) {
        throw new DatabaseUnavailableError('The database is unavailable', { cause: error });
      }
      options.onRetry?.(error, attempt);
      await pause(retryDelayMs(attempt), options.signal);
    }
  }
}

/** A patience for `giveUp`: stop once the next pause would end after `ms` from now. */
export function within(ms: number): (attempt: number) => boolean {
  if (ms === Infinity) return () => false;
  const deadline = Date.now() + ms;
  return (attempt) => Date.now() + retryDelayMs(attempt) > deadline;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
