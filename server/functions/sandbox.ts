import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FairQueue, fairLimits, type Lane } from './fair-queue.ts';
import { functionPauses, type FunctionPauses, type RunEnd } from './function-pauses.ts';
import {
  formatBytes,
  MiB,
  type WorkerJob,
  type WorkerMessage,
  type WorkerResult,
} from './sandbox-protocol.ts';

/**
 * The cloud function sandbox: user JavaScript runs in QuickJS (quickjs-emscripten) inside worker
 * threads, one job per worker at a time, with a deadline, a memory limit and no host access.
 * Every cloud function type (decoder, external, function, inbound, outbound) has the same
 * contract: the code defines `function main(input, context)` and returns (or resolves to) a
 * JSON value.
 */

/**
 * Per-job limits. Values given by callers are kept within ceilings (LIMIT_RANGES below): at most
 * 10 minutes, 512 MiB of memory, 16 MiB of output and 10,000 log lines.
 */
export interface SandboxLimits {
  /** Wall-clock time for evaluating the code, main() and any promise it returns. */
  timeoutMs: number;
  /** QuickJS heap limit for one job. */
  memoryBytes: number;
  /** Size of the output as UTF-8 JSON. */
  maxOutputBytes: number;
  /** console lines kept; one more line then says how many were dropped. */
  maxLogLines: number;
}

export const defaultLimits: SandboxLimits = Object.freeze({
  timeoutMs: 1000,
  memoryBytes: 32 * MiB,
  maxOutputBytes: MiB,
  maxLogLines: 200,
});

export interface RunRequest {
  /** The organisation the run is for: organisations take turns (fair-queue.ts). */
  owner: string;
  /** Ingest (decoders, outbound functions) goes before test runs. */
  lane: Lane;
  /**
   * The stored function being run, so that one which keeps timing out is paused
   * (function-pauses.ts); test runs of unsaved code have none.
   */
  function?: { id: number; name: string };
  code: string;
  /** Passed to main() as JSON: a copy, never a host object. */
  input: unknown;
  context?: Record<string, unknown>;
  limits?: Partial<SandboxLimits>;
}

/**
 * `durationMs` is the time the job took in its worker (not the time it waited in the queue), or
 * until the host gave up on it. `output` is JSON.parse(JSON.stringify(what main returned)), with
 * undefined as null.
 */
export type RunResult =
  | { ok: true; output: unknown; logs: LogLine[]; durationMs: number }
  | {
      ok: false;
      error: {
        kind: 'syntax' | 'runtime' | 'timeout' | 'memory' | 'output' | 'crash' | 'paused';
        message: string;
      };
      logs: LogLine[];
      durationMs: number;
    };

export interface LogLine {
  level: 'log' | 'info' | 'warn' | 'error';
  message: string;
}

export interface Sandbox {
  run(request: RunRequest): Promise<RunResult>;
  /** Functions paused after timing out again and again. */
  readonly pauses: FunctionPauses;
  /** Terminates the workers; queued and running jobs end with a 'crash' error. */
  close(): Promise<void>;
}

type ErrorKind = Extract<RunResult, { ok: false }>['error']['kind'];

// The QuickJS interrupt handler normally ends an overrun; the host only steps in when a single
// slow step (a garbage collection under memory pressure, a huge string operation) keeps QuickJS
// from checking its deadline.
const WATCHDOG_GRACE_MS = 250;
// The worker's own V8 heap holds the module glue, the output copy and logs, not the QuickJS heap
// (that lives in WebAssembly memory). The larger stack keeps deep QuickJS recursion from
// overflowing V8's stack before QuickJS's own check fires (see sandbox-worker.ts).
const WORKER_HEAP_MB = 128;
const WORKER_STACK_MB = 8;
// Ceilings for limits given by callers. A job's output and logs pass through the worker's small
// V8 heap, and one allocation larger than what is left there aborts the whole process rather
// than the worker, so those stay far below WORKER_HEAP_MB. The QuickJS heap is WebAssembly
// memory that no V8 limit covers. setTimeout cannot wait longer than 2^31 - 1 ms.
const LIMIT_RANGES: Record<keyof SandboxLimits, { min: number; max: number }> = {
  timeoutMs: { min: 1, max: 10 * 60_000 },
  memoryBytes: { min: MiB, max: 512 * MiB },
  maxOutputBytes: { min: 1, max: 16 * MiB },
  maxLogLines: { min: 0, max: 10_000 },
};

interface Pending {
  owner: string;
  lane: Lane;
  function: RunRequest['function'];
  job: WorkerJob;
  resolve: (result: RunResult) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  current: Pending | undefined;
  startedAt: number;
  watchdog: NodeJS.Timeout | undefined;
  error: Error | undefined;
  retired: boolean;
}

/**
 * Two workers even on a small machine: with one, a job that runs to its time limit holds every
 * organisation's ingest, and one organisation may use all but one worker (fair-queue.ts).
 */
const DEFAULT_POOL_SIZE = Math.max(2, Math.min(4, os.availableParallelism() - 1));

/** A pool of `poolSize` workers (default 2–4 by CPU count), started when jobs arrive. */
export function createSandbox(
  options: { poolSize?: number; limits?: Partial<SandboxLimits>; pauses?: FunctionPauses } = {},
): Sandbox {
  const poolSize = Math.max(1, Math.floor(options.poolSize ?? DEFAULT_POOL_SIZE));
  const baseLimits = mergeLimits(defaultLimits, options.limits);
  const pauses = options.pauses ?? functionPauses();
  const slots: Slot[] = [];
  const queue = new FairQueue<Pending>(fairLimits(poolSize));
  let nextId = 1;
  let closed = false;

  function spawn(): void {
    const worker = new Worker(workerBootstrap(), {
      eval: true,
      // Parent flags (test runners, inspectors, tsx's own) are not meant for the sandbox.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, stackSizeMb: WORKER_STACK_MB },
    });
    const slot: Slot = {
      worker,
      ready: false,
      current: undefined,
      startedAt: 0,
      watchdog: undefined,
      error: undefined,
      retired: false,
    };
    slots.push(slot);
    worker.on('message', (message: unknown) => onMessage(slot, message));
    worker.on('error', (error) => {
      slot.error = error;
    });
    worker.on('exit', (code) => onExit(slot, code));
  }

  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (!slot.ready || slot.current || slot.retired) continue;
      const next = nextRunnable();
      if (!next) break;
      dispatch(slot, next);
    }
    const starting = slots.filter((s) => !s.ready).length;
    for (let i = starting; i < queue.size && slots.length < poolSize; i++) spawn();
    // Idle workers must not keep the process alive; busy ones and those starting for queued
    // jobs must, or an awaited run() could be cut short by the process exiting.
    for (const slot of slots) {
      if (slot.current || (!slot.ready && queue.size > 0)) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  /** The next job the fair queue allows; jobs of a function paused meanwhile end at once. */
  function nextRunnable(): Pending | undefined {
    for (let next = queue.take(); next; next = queue.take()) {
      const until = next.function && pauses.pausedUntil(next.function.id, next.job.code);
      if (!until) return next;
      settle(next, pausedFailure(until));
    }
    return undefined;
  }

  /** Ends a job that `queue.take` gave out, and counts it for pausing its function. */
  function settle(pending: Pending, result: RunResult): void {
    queue.finished(pending);
    if (pending.function) {
      const end: RunEnd = result.ok
        ? 'ok'
        : result.error.kind === 'timeout' || result.error.kind === 'paused'
          ? result.error.kind
          : 'other';
      pauses.record(pending.function, pending.job.code, end, result.ok ? '' : result.error.message);
    }
    pending.resolve(result);
  }

  function dispatch(slot: Slot, pending: Pending): void {
    slot.current = pending;
    slot.startedAt = performance.now();
    slot.watchdog = setTimeout(
      () => overrun(slot),
      pending.job.limits.timeoutMs + WATCHDOG_GRACE_MS,
    );
    slot.worker.postMessage(pending.job);
  }

  function onMessage(slot: Slot, message: unknown): void {
    if (slot.retired || !isWorkerMessage(message)) return;
    if (message.type === 'ready') {
      slot.ready = true;
    } else {
      const pending = slot.current;
      if (!pending || pending.job.id !== message.id) return;
      clearTimeout(slot.watchdog);
      slot.current = undefined;
      settle(pending, fromWorker(message.result));
    }
    pump();
  }

  function overrun(slot: Slot): void {
    const pending = slot.current;
    retire(slot);
    void slot.worker.terminate().catch(() => undefined);
    if (pending) {
      settle(
        pending,
        failure(
          'timeout',
          `The function ran longer than ${pending.job.limits.timeoutMs} ms`,
          performance.now() - slot.startedAt,
        ),
      );
    }
    replace();
  }

  function onExit(slot: Slot, code: number): void {
    if (slot.retired) return;
    retire(slot);
    const reason = slot.error?.message ?? `exit code ${code}`;
    const pending = slot.current;
    if (pending) {
      const error = slot.error;
      const outOfMemory =
        error !== undefined && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      settle(
        pending,
        outOfMemory
          ? failure(
              'memory',
              `The function used more than ${formatBytes(pending.job.limits.memoryBytes)} of memory`,
              performance.now() - slot.startedAt,
            )
          : failure(
              'crash',
              `The function sandbox stopped unexpectedly (${reason})`,
              performance.now() - slot.startedAt,
            ),
      );
    }
    if (!slot.ready && slots.length === 0) {
      // Starting again would most likely fail the same way; answer instead of looping.
      for (const p of queue.drain()) {
        p.resolve(failure('crash', `The function sandbox could not start (${reason})`, 0));
      }
      return;
    }
    if (slot.ready) replace();
    pump();
  }

  function retire(slot: Slot): void {
    slot.retired = true;
    clearTimeout(slot.watchdog);
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
  }

  /** Keeps the pool warm after a worker was lost, so the next job does not pay for the start. */
  function replace(): void {
    if (!closed && slots.length < poolSize) spawn();
    pump();
  }

  return {
    pauses,

    run(request) {
      if (closed) return Promise.resolve(failure('crash', 'The function sandbox is closed', 0));
      const limits = mergeLimits(baseLimits, request.limits);
      let inputJson: string | undefined;
      let contextJson: string;
      try {
        inputJson = JSON.stringify(request.input);
        contextJson = JSON.stringify(request.context ?? {});
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return Promise.resolve(
          failure('crash', `The input or context cannot be passed as JSON: ${message}`, 0),
        );
      }
      return new Promise<RunResult>((resolve) => {
        const queued = queue.push({
          owner: request.owner,
          lane: request.lane,
          function: request.function,
          job: { id: nextId++, code: request.code, inputJson, contextJson, limits },
          resolve,
        });
        if (!queued) resolve(failure('crash', 'The function sandbox is overloaded', 0));
        else pump();
      });
    },

    async close() {
      closed = true;
      for (const p of queue.drain()) {
        p.resolve(failure('crash', 'The function sandbox was closed', 0));
      }
      const stopping = [...slots].map((slot) => {
        const pending = slot.current;
        retire(slot);
        pending?.resolve(
          failure('crash', 'The function sandbox was closed', performance.now() - slot.startedAt),
        );
        return slot.worker.terminate().catch(() => undefined);
      });
      await Promise.all(stopping);
    },
  };
}

function failure(kind: ErrorKind, message: string, durationMs: number): RunResult {
  return { ok: false, error: { kind, message }, logs: [], durationMs };
}

function pausedFailure(until: Date): RunResult {
  return failure(
    'paused',
    `The function is paused until ${until.toISOString()} after timing out again and again`,
    0,
  );
}

function fromWorker(result: WorkerResult): RunResult {
  if (!result.ok) return result;
  const { outputJson, logs, durationMs } = result;
  try {
    const output: unknown = JSON.parse(outputJson);
    return { ok: true, output, logs, durationMs };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { kind: 'crash', message }, logs, durationMs };
  }
}

/** Limits from `override` where they are numbers, kept within LIMIT_RANGES. */
function mergeLimits(
  base: SandboxLimits,
  override: Partial<SandboxLimits> | undefined,
): SandboxLimits {
  const pick = (key: keyof SandboxLimits) => {
    const value = override?.[key];
    const chosen = typeof value === 'number' && !Number.isNaN(value) ? value : base[key];
    const { min, max } = LIMIT_RANGES[key];
    return Math.floor(Math.min(max, Math.max(min, chosen)));
  };
  return {
    timeoutMs: pick('timeoutMs'),
    memoryBytes: pick('memoryBytes'),
    maxOutputBytes: pick('maxOutputBytes'),
    maxLogLines: pick('maxLogLines'),
  };
}

function isWorkerMessage(message: unknown): message is WorkerMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    'type' in message &&
    (message.type === 'ready' || message.type === 'result')
  );
}

let bootstrap: string | undefined;

/**
 * The worker's entry as an eval'd script. Node 20 does not apply `--import tsx` given in a
 * worker's execArgv to the worker's own module loading, so the worker loads tsx's ESM API itself
 * and imports sandbox-worker.ts through it. This works the same under vitest, `tsx` and
 * `npm start`, from any working directory.
 */
function workerBootstrap(): string {
  if (bootstrap) return bootstrap;
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest: unknown = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const api = pathToFileURL(path.join(path.dirname(manifestPath), tsxEsmApi(manifest))).href;
  const entry = new URL('./sandbox-worker.ts', import.meta.url).href;
  bootstrap = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`;
  return bootstrap;
}

/** The file tsx's package.json exports as `tsx/esm/api` for `import`. */
function tsxEsmApi(manifest: unknown): string {
  const fallback = './dist/esm/api/index.mjs';
  if (typeof manifest !== 'object' || manifest === null || !('exports' in manifest)) {
    return fallback;
  }
  const exports = manifest.exports;
  if (typeof exports !== 'object' || exports === null || !('./esm/api' in exports)) {
    return fallback;
  }
  const entry = exports['./esm/api'];
  if (typeof entry !== 'object' || entry === null || !('import' in entry)) return fallback;
  const target = entry.import;
  if (typeof target === 'string') return target;
  if (typeof target === 'object' && target !== null && 'default' in target) {
    return typeof target.default === 'string' ? target.default : fallback;
  }
  return fallback;
}
