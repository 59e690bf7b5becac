import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { ensureWebBuild, projectRoot } from '../scripts/web-build.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium.ts';
import { startDemoServer } from './demo-server.ts';
import { printTable } from './table.ts';

// Where the dashboard home's main thread goes while it loads: the long tasks
// Lighthouse's total blocking time is made of, without its simulation's
// spread (docs/performance.md, "The console on a phone"). Each round opens
// /dashboard as the demo's account manager (or BENCH_MAIN_THREAD_PAGE, /login
// signed out) in a fresh Chromium context on a
// Moto G Power screen (412 × 823), unthrottled (or with Chromium's CPU
// throttling, BENCH_MAIN_THREAD_CPU), records the renderer's tasks and a CPU
// profile for BENCH_MAIN_THREAD_SECONDS (default 5), and reads the built
// console's source maps. Printed: per round, the main thread's busy time, its
// tasks of 12.5 ms or more (50 ms and more on Lighthouse's 4× slower CPU) and
// their blocking time at 4× (the sum of 4 × duration − 50 ms over them), in
// all and after the first contentful paint (what Lighthouse counts); then the
// median round's long tasks (by the latter) with the browser's own work in
// them (style, layout, compiling, GC, from the trace) and, over all rounds,
// the code their time is spent in, by the console's own function nearest on
// the stack (BENCH_MAIN_THREAD_NAMED of them a task, default 3).
const ROUNDS = Number(process.env.BENCH_MAIN_THREAD_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_MAIN_THREAD_SECONDS ?? 5);
/**
 * Chromium's own CPU throttling (1: none). Lighthouse's simulation multiplies unthrottled
 * tasks by 4; throttled, the tasks are the slow phone's, and the order of the load's steps
 * (answers arriving between them) is the phone's too.
 */
const THROTTLE = Number(process.env.BENCH_MAIN_THREAD_CPU ?? 1);
/** The page to load: the dashboard home signed in as the account manager, or /login signed out. */
const PAGE = process.env.BENCH_MAIN_THREAD_PAGE ?? '/dashboard';
const SIGNED_OUT = PAGE.startsWith('/login');
/** Lighthouse's mobile profile: a 4× slower CPU, and a task of 50 ms or more is long. */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const SCREEN = { width: 412, height: 823 };
/** How many of the places a long task's time went to are named for it. */
const NAMED = Number(process.env.BENCH_MAIN_THREAD_NAMED ?? 3);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string } };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

interface Task {
  startMs: number;
  durationMs: number;
  /** Time in the task by where it was spent, ms. */
  spent: Map<string, number>;
  /** The browser's own work in the task, as its trace names it (style, layout, compiling, GC), ms. */
  browser: Map<string, number>;
}

/** The trace's names for the browser's own work in a task, and what the table calls them. */
const BROWSER_WORK: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  ParseHTML: 'HTML',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'V8.CompileCode': 'compile',
  MajorGC: 'GC',
  MinorGC: 'GC',
  'V8.GC_SCAVENGER': 'GC',
  Paint: 'paint',
  PrePaint: 'paint',
  ParseAuthorStyleSheet: 'CSS parse',
};

interface Round {
  busyMs: number;
  longTasks: Task[];
  blockingMs: number;
  /** The first contentful paint, ms from the first task. */
  fcpMs: number;
  /** The blocking time of the tasks after it: what Lighthouse's total blocking time counts. */
  blockingAfterPaintMs: number;
}

/** The built console's source maps, read once each. */
const sourceMaps = new Map<string, SourceMapConsumer | null>();
async function sourceMapOf(url: string): Promise<SourceMapConsumer | null> {
  const file = new URL(url).pathname.slice(1);
  if (!file.startsWith('assets/')) return null;
  if (!sourceMaps.has(file)) {
    const text = await fs
      .readFile(path.join(projectRoot, 'dist', 'web', `${file}.map`), 'utf8')
      .catch(() => null);
    sourceMaps.set(file, text ? new SourceMapConsumer(JSON.parse(text) as RawSourceMap) : null);
  }
  return sourceMaps.get(file) ?? null;
}

/** A source file's path from the project's root or from node_modules; '' where none is known. */
async function sourceOf(frame: CallFrame): Promise<{ file: string; name: string }> {
  const map = frame.url ? await sourceMapOf(frame.url) : null;
  if (!map) return { file: frame.url ? new URL(frame.url).pathname : '', name: frame.functionName };
  const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const file = (at.source ?? '').replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return { file, name: at.name ?? frame.functionName };
}

const ownCode = /^(src|streams|contracts|machines)\//;

/**
 * Where a sample's time goes: the console's own function nearest the top of
 * its stack, else the library it is in, else the browser's own work
 * (`(program)`: style, layout, paint, compiling; `(garbage collector)`).
 */
function attribution(profile: Profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const known = new Map<number, string>();
  return async (id: number): Promise<string> => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    let label = '';
    let library = '';
    for (let at: number | undefined = id; at !== undefined && !label; at = parents.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (!frame) break;
      if (!frame.url) {
        if (at === id) library = frame.functionName || '(native)';
        continue;
      }
      const { file, name } = await sourceOf(frame);
      if (ownCode.test(file)) label = `${file} ${name}`;
      else if (!library)
        library = file
          .split('/')
          .slice(0, file.startsWith('@') ? 2 : 1)
          .join('/');
    }
    const result = label || library || '(native)';
    known.set(id, result);
    return result;
  };
}

async function stopProfile(cdp: CDPSession): Promise<Profile> {
  const { profile } = await cdp.send('Profiler.stop');
  return profile as Profile;
}

/** What a task's measured time is multiplied by to be the slow phone's. */
const slowdown = THROTTLE > 1 ? 1 : CPU_SLOWDOWN;

async function measure(url: string, session: string): Promise<Round> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: SCREEN, deviceScaleFactor: 1.75 });
    if (!SIGNED_OUT) await context.addCookies([{ name: 'SESSION', value: session, url }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    });
    await cdp.send('Profiler.start');
    await page.goto(`${url}${PAGE}`);
    await page.waitForTimeout(SECONDS * 1000);
    const profile = await stopProfile(cdp);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    // The page's main thread: the one that ran boot.js, the page's first script.
    const boot = traceEvents.find(
      (event) => event.name === 'EvaluateScript' && event.args?.data?.url?.endsWith('/boot.js'),
    );
    if (!boot) throw new Error('no boot.js in the trace');
    const tasks = traceEvents.filter(
      (event) =>
        event.pid === boot.pid &&
        event.tid === boot.tid &&
        event.name === 'RunTask' &&
        event.ph === 'X' &&
        event.dur !== undefined,
    );
    const start = tasks[0]?.ts ?? boot.ts;
    const longTasks: (Task & { from: number; to: number })[] = tasks
      .filter((task) => (task.dur ?? 0) / 1000 >= LONG_TASK_MS / slowdown)
      .map((task) => ({
        from: task.ts,
        to: task.ts + (task.dur ?? 0),
        startMs: (task.ts - start) / 1000,
        durationMs: (task.dur ?? 0) / 1000,
        spent: new Map(),
        browser: new Map(),
      }));
    for (const event of traceEvents) {
      const kind = BROWSER_WORK[event.name];
      if (!kind || event.pid !== boot.pid || event.tid !== boot.tid || event.dur === undefined)
        continue;
      const task = longTasks.find((t) => event.ts >= t.from && event.ts <= t.to);
      if (task) task.browser.set(kind, (task.browser.get(kind) ?? 0) + event.dur / 1000);
    }
    // The profile's clock is the trace's: each sample falls in one task or none.
    const labelOf = attribution(profile);
    const deltas = profile.timeDeltas ?? [];
    let time = profile.startTime;
    for (const [index, id] of (profile.samples ?? []).entries()) {
      time += deltas[index] ?? 0;
      const task = longTasks.find((t) => time >= t.from && time <= t.to);
      if (!task) continue;
      const label = await labelOf(id);
      task.spent.set(label, (task.spent.get(label) ?? 0) + (deltas[index + 1] ?? 0) / 1000);
    }
    const blockingOf = (counted: Task[]) =>
      counted.reduce(
        (sum, task) => sum + Math.max(0, task.durationMs * slowdown - LONG_TASK_MS),
        0,
      );
    const paint = traceEvents.find((event) => event.name === 'firstContentfulPaint');
    const fcpMs = paint ? (paint.ts - start) / 1000 : Number.NaN;
    return {
      busyMs: tasks.reduce((sum, task) => sum + (task.dur ?? 0) / 1000, 0),
      longTasks,
      blockingMs: blockingOf(longTasks),
      fcpMs,
      blockingAfterPaintMs: blockingOf(longTasks.filter((task) => !(task.startMs < fcpMs))),
    };
  } finally {
    await browser.close();
  }
}

const rounded = (ms: number) => Math.round(ms);
/** The blocking time's column: as Lighthouse's simulation counts it, or as measured on the throttled CPU. */
const blocking = slowdown > 1 ? `blocking at ${slowdown}× ms` : 'blocking ms';

async function main() {
  await ensureWebBuild((line) => process.stdout.write(`${line}\n`));
  const { node, managerSession, stop } = await startDemoServer('main-thread');
  try {
    // One load first: the server's first answers (its caches, the database's) are not the page's.
    await measure(node.url, managerSession);
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round++)
      rounds.push(await measure(node.url, managerSession));
    process.stdout.write(
      `${PAGE}, ${SIGNED_OUT ? 'signed out' : "the demo's account manager"}, ${SCREEN.width} × ${SCREEN.height}, ${THROTTLE > 1 ? `CPU throttled ${THROTTLE}×` : 'unthrottled'}, the first ${SECONDS} s of each of ${ROUNDS} loads\n`,
    );
    printTable(
      rounds.map((round, index) => ({
        round: index + 1,
        'main thread busy ms': rounded(round.busyMs),
        [`tasks ≥ ${LONG_TASK_MS / slowdown} ms`]: round.longTasks.length,
        'their ms': rounded(round.longTasks.reduce((sum, task) => sum + task.durationMs, 0)),
        [blocking]: rounded(round.blockingMs),
        'first contentful paint ms': rounded(round.fcpMs),
        [`${blocking} after it`]: rounded(round.blockingAfterPaintMs),
      })),
    );
    const byBlocking = [...rounds].sort((a, b) => a.blockingAfterPaintMs - b.blockingAfterPaintMs);
    const median = byBlocking[Math.floor(byBlocking.length / 2)];
    if (!median) return;
    process.stdout.write(
      `\nmedian round: ${blocking} after the first contentful paint ${rounded(median.blockingAfterPaintMs)}; its long tasks and what fills them\n`,
    );
    printTable(
      median.longTasks.map((task) => ({
        'at ms': rounded(task.startMs),
        ms: rounded(task.durationMs),
        'most of it in': [...task.spent]
          .sort((a, b) => b[1] - a[1])
          .slice(0, NAMED)
          .map(([label, ms]) => `${label} ${rounded(ms)}`)
          .join('; '),
        "browser's own": [...task.browser]
          .sort((a, b) => b[1] - a[1])
          .map(([kind, ms]) => `${kind} ${rounded(ms)}`)
          .join('; '),
      })),
    );
    const overall = new Map<string, number>();
    for (const round of rounds)
      for (const task of round.longTasks)
        for (const [label, ms] of task.spent)
          overall.set(label, (overall.get(label) ?? 0) + ms / ROUNDS);
    process.stdout.write(`\nin long tasks, per load (mean of ${ROUNDS})\n`);
    printTable(
      [...overall]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([label, ms]) => ({ where: label, ms: Number(ms.toFixed(1)) })),
    );
  } finally {
    await stop();
  }
}

await main();
