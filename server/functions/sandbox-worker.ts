import { parentPort } from 'node:worker_threads';
import {
  newQuickJSWASMModule,
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten';
import type { LogLine, RunResult, SandboxLimits } from './sandbox.ts';
import {
  formatBytes,
  type WorkerJob,
  type WorkerMessage,
  type WorkerResult,
} from './sandbox-protocol.ts';

// Runs one cloud function at a time in a fresh QuickJS runtime. The host (sandbox.ts) sends one
// job per worker and terminates the worker when a job overruns, so nothing here has to defend
// against a job that never returns.

type ErrorKind = Extract<RunResult, { ok: false }>['error']['kind'];

/** The name user code sees in stack traces; line numbers are those of the user's code. */
const FILE = 'function.js';
// QuickJS must report "stack overflow" before V8's own stack (8 MB, see sandbox.ts) runs out
// underneath the WebAssembly frames; 512 KiB leaves a wide margin.
const STACK_BYTES = 512 * 1024;
// Everything copied out of QuickJS is bounded: one huge string allocated on this worker's small
// V8 heap would not end the worker but abort the whole process.
const MAX_LOG_CHARS = 2000;
const MAX_LOG_TOTAL_CHARS = 1_000_000;
const MAX_ERROR_CHARS = 2000;

/** Ends a job with a user-facing error. */
class Failure extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
  }
}

// Evaluated in each fresh context before the user's code. It keeps its own references to
// JSON and Promise so that user code replacing those globals only breaks itself, and hands the
// host a few helpers without putting them on the global object.
const PRELUDE = `(function (hostLog, maxChars) {
  'use strict';
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const resolve = Promise.resolve.bind(Promise);
  const show = (value) => {
    try {
      if (typeof value === 'string') return value;
      if (value instanceof Error) return String(value);
      if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return String(value);
      const text = stringify(value);
      return text === undefined ? String(value) : text;
    } catch {
      return '[unprintable]';
    }
  };
  let full = false;
  const write = (level) => (...values) => {
    if (full) {
      hostLog(level, '');
      return;
    }
    let text = values.map(show).join(' ');
    if (text.length > maxChars) text = text.slice(0, maxChars) + '…';
    full = !hostLog(level, text);
  };
  globalThis.console = Object.freeze({
    log: write('log'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    debug: write('log'),
  });
  return {
    hasMain: () => typeof main === 'function',
    call: (inputText, contextText) =>
      resolve(main(inputText === undefined ? undefined : parse(inputText), parse(contextText))),
    serialise: (value) => {
      const text = stringify(value);
      return text === undefined ? 'null' : text;
    },
    describe: (value) => {
      const text = show(value);
      return text.length > maxChars ? text.slice(0, maxChars) + '…' : text;
    },
  };
})`;

const port = parentPort;
if (!port) throw new Error('sandbox-worker.ts runs only as a worker thread (see sandbox.ts)');

let quickjs: Promise<QuickJSWASMModule> = newQuickJSWASMModule();
await quickjs;
port.postMessage({ type: 'ready' } satisfies WorkerMessage);

let previous: Promise<void> = Promise.resolve();
port.on('message', (job: WorkerJob) => {
  previous = previous.then(async () => {
    const { result, poisoned } = runJob(await quickjs, job);
    // A fresh WebAssembly instance gives back memory a bomb grew and forgets any state an
    // aborted evaluation left behind; it takes a few tens of milliseconds.
    if (poisoned) quickjs = newQuickJSWASMModule();
    port.postMessage({ type: 'result', id: job.id, result } satisfies WorkerMessage);
  });
});

function runJob(
  quickjsModule: QuickJSWASMModule,
  job: WorkerJob,
): { result: WorkerResult; poisoned: boolean } {
  const started = performance.now();
  const deadline = Date.now() + job.limits.timeoutMs;
  const logs: LogLine[] = [];
  let dropped = 0;
  let logChars = 0;
  let poisoned = false;
  let runtime: QuickJSRuntime | undefined;
  let vm: QuickJSContext | undefined;
  let outcome: { ok: true; outputJson: string } | { ok: false; kind: ErrorKind; message: string };
  try {
    runtime = quickjsModule.newRuntime();
    runtime.setMemoryLimit(job.limits.memoryBytes);
    runtime.setMaxStackSize(STACK_BYTES);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
    runtime.setModuleLoader(() => {
      throw new Error('import is not available in cloud functions');
    });
    vm = runtime.newContext();
    const context = vm;
    const log = (level: LogLine['level'], text: string): boolean => {
      if (logs.length >= job.limits.maxLogLines || logChars >= MAX_LOG_TOTAL_CHARS) {
        dropped += 1;
        return false;
      }
      const message = text.length > MAX_LOG_CHARS ? `${text.slice(0, MAX_LOG_CHARS)}…` : text;
      logs.push({ level, message });
      logChars += message.length;
      return logs.length < job.limits.maxLogLines && logChars < MAX_LOG_TOTAL_CHARS;
    };
    const hostLog = vm.newFunction('log', (level: QuickJSHandle, text: QuickJSHandle) =>
      log(toLevel(context.getString(level)), context.getString(text))
        ? context.true
        : context.false,
    );
    try {
      outcome = { ok: true, outputJson: execute(vm, runtime, job, deadline, hostLog) };
    } finally {
      hostLog.dispose();
    }
  } catch (error) {
    if (error instanceof Failure) {
      outcome = { ok: false, kind: error.kind, message: error.message };
      poisoned = error.kind === 'memory';
    } else {
      // Thrown by the host side of QuickJS, not by user code: the instance may be inconsistent.
      poisoned = true;
      outcome = { ok: false, ...hostFailure(error, job.limits) };
    }
  } finally {
    try {
      vm?.dispose();
      runtime?.dispose();
    } catch {
      // QuickJS asserts on leftover objects when an evaluation was cut short in the host.
      poisoned = true;
    }
  }
  if (dropped > 0)
    logs.push({ level: 'warn', message: `${dropped} further log lines were dropped` });
  const durationMs = performance.now() - started;
  const result: WorkerResult = outcome.ok
    ? { ok: true, outputJson: outcome.outputJson, logs, durationMs }
    : { ok: false, error: { kind: outcome.kind, message: outcome.message }, logs, durationMs };
  return { result, poisoned };
}

function execute(
  vm: QuickJSContext,
  runtime: QuickJSRuntime,
  job: WorkerJob,
  deadline: number,
  hostLog: QuickJSHandle,
): string {
  const { limits } = job;
  const prelude = using(vm, vm.evalCode(PRELUDE, 'prelude.js', { type: 'global' }), limits);
  const helpers = withHandle(prelude, () =>
    withHandle(vm.newNumber(MAX_LOG_CHARS), (maxChars) =>
      using(vm, vm.callFunction(prelude, vm.undefined, hostLog, maxChars), limits),
    ),
  );
  return withHandle(helpers, () => {
    const helper = (name: string) => vm.getProp(helpers, name);
    const describe = helper('describe');
    const fail = (error: QuickJSHandle, kind: ErrorKind): Failure =>
      withHandle(error, () => classify(vm, error, kind, limits, describe));
    try {
      // Compile first so a syntax error is told apart from a SyntaxError thrown while running.
      const compiled = vm.evalCode(job.code, FILE, { type: 'global', compileOnly: true });
      if (compiled.error) throw fail(compiled.error, 'syntax');
      compiled.value.dispose();

      const evaluated = vm.evalCode(job.code, FILE, { type: 'global' });
      if (evaluated.error) throw fail(evaluated.error, 'runtime');
      evaluated.value.dispose();

      const hasMain = withHandle(helper('hasMain'), (fn) =>
        using(vm, vm.callFunction(fn, vm.undefined), limits, fail),
      );
      if (!withHandle(hasMain, () => vm.dump(hasMain) === true)) {
        throw new Failure('runtime', 'The function must define main(input, context)');
      }

      const input = job.inputJson === undefined ? vm.undefined : vm.newString(job.inputJson);
      const context = vm.newString(job.contextJson);
      const called = withHandle(helper('call'), (fn) => {
        try {
          return vm.callFunction(fn, vm.undefined, input, context);
        } finally {
          input.dispose();
          context.dispose();
        }
      });
      if (called.error) throw fail(called.error, 'runtime');
      const value = withHandle(called.value, (promise) =>
        settle(vm, runtime, promise, deadline, limits, fail),
      );

      const serialised = withHandle(value, () =>
        withHandle(helper('serialise'), (fn) => vm.callFunction(fn, vm.undefined, value)),
      );
      if (serialised.error) throw fail(serialised.error, 'output');
      return withHandle(serialised.value, (text) => readOutput(vm, text, limits));
    } finally {
      describe.dispose();
    }
  });
}

/** Runs QuickJS's job queue until main's promise settles, within the same deadline. */
function settle(
  vm: QuickJSContext,
  runtime: QuickJSRuntime,
  promise: QuickJSHandle,
  deadline: number,
  limits: SandboxLimits,
  fail: (error: QuickJSHandle, kind: ErrorKind) => Failure,
): QuickJSHandle {
  let idle = false;
  for (;;) {
    const state = vm.getPromiseState(promise);
    if (state.type === 'fulfilled') return state.notAPromise ? promise.dup() : state.value;
    if (state.type === 'rejected') throw fail(state.error, 'runtime');
    if (idle) {
      // Nothing is left to run, and there are no timers or I/O that could settle it later.
      throw new Failure(
        'runtime',
        'main returned a promise that never settles (cloud functions have no timers or I/O)',
      );
    }
    if (Date.now() > deadline) throw new Failure('timeout', timeoutMessage(limits));
    const ran = runtime.executePendingJobs();
    if (ran.error) throw fail(ran.error, 'runtime');
    idle = ran.value === 0;
  }
}

function readOutput(vm: QuickJSContext, text: QuickJSHandle, limits: SandboxLimits): string {
  const tooLarge = () =>
    new Failure(
      'output',
      `The function's output is larger than ${formatBytes(limits.maxOutputBytes)}`,
    );
  // Check the length inside QuickJS before copying: a string never has more UTF-16 units than
  // its UTF-8 encoding has bytes, so this never rejects an output that fits.
  const length = withHandle(vm.getProp(text, 'length'), (handle) => vm.getNumber(handle));
  if (length > limits.maxOutputBytes) throw tooLarge();
  const json = vm.getString(text);
  if (Buffer.byteLength(json) > limits.maxOutputBytes) throw tooLarge();
  return json;
}

/** Turns an exception value from QuickJS into the error the caller sees. */
function classify(
  vm: QuickJSContext,
  error: QuickJSHandle,
  kind: ErrorKind,
  limits: SandboxLimits,
  describe: QuickJSHandle,
): Failure {
  const name = readString(vm, error, 'name');
  const message = readString(vm, error, 'message');
  // QuickJS raises these itself; user code cannot catch an interrupt.
  if (name === 'InternalError' && message === 'interrupted') {
    return new Failure('timeout', timeoutMessage(limits));
  }
  if (name === 'InternalError' && message === 'out of memory') {
    return new Failure(
      'memory',
      `The function used more than ${formatBytes(limits.memoryBytes)} of memory`,
    );
  }
  if (name === 'InternalError' && message === 'string too long') {
    return new Failure('memory', 'The function built a string longer than the sandbox allows');
  }
  let text: string;
  if (name !== undefined && message !== undefined) {
    text = message === '' ? name : `${name}: ${message}`;
    const where = location(readString(vm, error, 'stack'));
    if (where) text += ` (${where})`;
  } else {
    // A thrown string, number or plain object: let QuickJS print it as console.log would.
    const described = vm.callFunction(describe, vm.undefined, error);
    if (described.error) {
      described.error.dispose();
      text = 'The function threw a value that cannot be printed';
    } else {
      text = withHandle(described.value, (handle) => vm.getString(handle));
    }
  }
  if (text.length > MAX_ERROR_CHARS) text = `${text.slice(0, MAX_ERROR_CHARS)}…`;
  if (kind === 'output') text = `The function's output is not JSON: ${text}`;
  return new Failure(kind, text);
}

/** "line 3, column 9" from the first frame in the user's code. */
function location(stack: string | undefined): string | undefined {
  const match = stack?.match(/function\.js:(\d+)(?::(\d+))?/);
  if (!match) return undefined;
  return match[2] ? `line ${match[1]}, column ${match[2]}` : `line ${match[1]}`;
}

/** A string property of an error object, cut to MAX_ERROR_CHARS inside QuickJS. */
function readString(vm: QuickJSContext, handle: QuickJSHandle, key: string): string | undefined {
  if (vm.typeof(handle) !== 'object') return undefined;
  try {
    return withHandle(vm.getProp(handle, key), (value) => {
      if (vm.typeof(value) !== 'string') return undefined;
      const length = withHandle(vm.getProp(value, 'length'), (n) => vm.getNumber(n));
      if (length <= MAX_ERROR_CHARS) return vm.getString(value);
      const cut = withHandle(vm.getProp(value, 'slice'), (slice) =>
        withHandle(vm.newNumber(0), (start) =>
          withHandle(vm.newNumber(MAX_ERROR_CHARS), (end) =>
            vm.callFunction(slice, value, start, end),
          ),
        ),
      );
      if (cut.error) {
        cut.error.dispose();
        return undefined;
      }
      return `${withHandle(cut.value, (text) => vm.getString(text))}…`;
    });
  } catch {
    return undefined;
  }
}

/** Errors raised on the host side of QuickJS rather than by user code. */
function hostFailure(error: unknown, limits: SandboxLimits): { kind: ErrorKind; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RangeError && /call stack/i.test(message)) {
    return { kind: 'runtime', message: 'InternalError: stack overflow' };
  }
  if (/out of memory|OOM|Cannot enlarge memory/i.test(message)) {
    return {
      kind: 'memory',
      message: `The function used more than ${formatBytes(limits.memoryBytes)} of memory`,
    };
  }
  return { kind: 'crash', message: `The function sandbox failed: ${message}` };
}

function timeoutMessage(limits: SandboxLimits): string {
  return `The function ran longer than ${limits.timeoutMs} ms`;
}

function toLevel(level: string): LogLine['level'] {
  return level === 'info' || level === 'warn' || level === 'error' ? level : 'log';
}

/** Unwraps an evaluation result or ends the job with the error it holds. */
function using(
  vm: QuickJSContext,
  result: ReturnType<QuickJSContext['evalCode']>,
  limits: SandboxLimits,
  fail?: (error: QuickJSHandle, kind: ErrorKind) => Failure,
): QuickJSHandle {
  if (!result.error) return result.value;
  const error = result.error;
  if (fail) throw fail(error, 'runtime');
  const name = readString(vm, error, 'name');
  const message = readString(vm, error, 'message');
  error.dispose();
  if (name === 'InternalError' && message === 'out of memory') {
    throw new Failure(
      'memory',
      `The function used more than ${formatBytes(limits.memoryBytes)} of memory`,
    );
  }
  throw new Failure('crash', `The function sandbox could not be prepared: ${name}: ${message}`);
}

/** Runs `body` and disposes `handle` afterwards, whatever happens. */
function withHandle<T>(handle: QuickJSHandle, body: (handle: QuickJSHandle) => T): T {
  try {
    return body(handle);
  } finally {
    if (handle.alive) handle.dispose();
  }
}
