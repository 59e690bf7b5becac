import type { LogLine, RunResult, SandboxLimits } from './sandbox.ts';

/** One job, host → worker. Input and context travel as JSON text so no host object reaches QuickJS. */
export interface WorkerJob {
  id: number;
  code: string;
  /** undefined when the caller passed no input. */
  inputJson: string | undefined;
  contextJson: string;
  limits: SandboxLimits;
}

/**
 * A job's result as it crosses the thread boundary: the output stays JSON text so that the worker,
 * whose heap is small on purpose, never builds the output's object graph (the host parses it).
 */
export type WorkerResult =
  | { ok: true; outputJson: string; logs: LogLine[]; durationMs: number }
  | Extract<RunResult, { ok: false }>;

/** Worker → host. */
export type WorkerMessage =
  { type: 'ready' } | { type: 'result'; id: number; result: WorkerResult };

export const MiB = 1024 * 1024;

/** "32 MiB", "512 KiB" or "100 bytes", for error messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
