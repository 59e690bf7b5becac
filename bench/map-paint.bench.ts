import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { basemapLayers, type BasemapLayer } from '../contracts/map.ts';
import { pickCoding } from '../server/lib/precompressed.ts';
import { basemapLayer } from '../server/map/basemap.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium.ts';
import {
  BASEMAP_PATH,
  DEVICE_COUNTS,
  MAP_HEIGHT,
  MAP_WIDTH,
  type DrawResult,
  type FrameRecord,
  type MapKind,
  type MapPage,
  type SettleResult,
} from './map-paint/map-api.ts';
import { buildPage, servePage, type ExtraRoute } from './page-build.ts';
import { percentile } from './setup.ts';
import { printTable } from './table.ts';

// The device map with 10,000 and 100,000 devices in Chromium: Nordlys'
// DeviceMap (deck.gl over maplibre, clustered, over the shipped basemap)
// against one plain deck.gl ScatterplotLayer of every device (no clusters,
// no basemap: what deck.gl alone costs), in one page (bench/map-paint/
// page.js, built for production with the console's Vite plugins) at
// 1280×800. Each round mounts a fresh map of each kind, in alternating
// order, and times inside the page the first draw: from handing over the
// devices until deck.gl's first frame (its `onAfterRender`) and until the
// frame after it has been painted. Once the basemap is in, the same
// Playwright mouse pans the map (a drag right and back, about 1 s) and zooms
// it (10 wheel steps in, 10 out, about 1 s), while the page keeps the time
// between animation frames. WebGL runs on SwiftShader (no GPU).
// BENCH_SCREENSHOT=file.png saves both maps, to see what was timed.
const ENTRY = 'bench/map-paint/index.html';
const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SCREENSHOT = process.env.BENCH_SCREENSHOT;
const COUNTS = process.env.BENCH_DEVICES?.split(',').map(Number) ?? DEVICE_COUNTS;
const KINDS: MapKind[] = ['nordlys', 'anchor'];
const NAMES: Record<MapKind, string> = {
  nordlys: 'Nordlys DeviceMap',
  anchor: 'deck.gl ScatterplotLayer',
};
type Gesture = 'pan' | 'zoom';
const GESTURES: Gesture[] = ['pan', 'zoom'];
const FRAME_MS = 1000 / 60;
// Frames over one 60 Hz interval (16.7 ms: at least one missed) and over two (33 ms). Chromium's
// frame stamps fall on the intervals, rounded to 0.1 ms: 1 ms of slack keeps 16.7 from counting.
const OVER_ONE = FRAME_MS + 1;
const OVER_TWO = 2 * FRAME_MS + 1;

/** The shipped basemap's layers, as the server sends them (/api/v2/map/basemap/{layer}). */
const basemap: ExtraRoute = (pathname, res) => {
  if (!pathname.startsWith(BASEMAP_PATH)) return false;
  const layer = pathname.slice(BASEMAP_PATH.length);
  if (!(basemapLayers as readonly string[]).includes(layer)) return false;
  const coding = pickCoding(res.req.headers['accept-encoding']);
  basemapLayer(layer as BasemapLayer).then(
    (answer) =>
      res
        .writeHead(200, {
          'content-type': 'application/geo+json',
          ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
        })
        .end(answer.bodies[coding]),
    () => res.writeHead(500).end(),
  );
  return true;
};

const onPage = (page: Page) => ({
  prepare: (count: number) =>
    page.evaluate((n) => (globalThis as unknown as { bench: MapPage }).bench.prepare(n), count),
  mount: (kind: MapKind, count: number, check: boolean) =>
    page.evaluate(
      ([k, n, c]) => (globalThis as unknown as { bench: MapPage }).bench.mount(k, n, c),
      [kind, count, check] as const,
    ),
  settle: () => page.evaluate(() => (globalThis as unknown as { bench: MapPage }).bench.settle()),
  startFrames: () =>
    page.evaluate(() => (globalThis as unknown as { bench: MapPage }).bench.startFrames()),
  stopFrames: () =>
    page.evaluate(() => (globalThis as unknown as { bench: MapPage }).bench.stopFrames()),
  unmount: () => page.evaluate(() => (globalThis as unknown as { bench: MapPage }).bench.unmount()),
  show: (count: number) =>
    page.evaluate((n) => (globalThis as unknown as { bench: MapPage }).bench.show(n), count),
  gc: () => page.evaluate(() => (globalThis as unknown as { gc?: () => void }).gc?.()),
});

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const CENTRE = { x: MAP_WIDTH / 2, y: MAP_HEIGHT / 2 };

/**
 * Input as a hand gives it, at its own pace: each step is sent `everyMs`
 * after the one before, whether or not the page has taken that one yet
 * (Chromium folds moves that wait into the next frame's).
 */
async function paced(steps: number, everyMs: number, step: (i: number) => Promise<void>) {
  const sent: Promise<void>[] = [];
  for (let i = 0; i < steps; i++) {
    sent.push(step(i));
    await pause(everyMs);
  }
  await Promise.all(sent);
}

/** A drag 400 px to the right and back along a low arc: 60 moves, a frame apart. */
async function pan(page: Page): Promise<void> {
  await page.mouse.move(CENTRE.x - 200, CENTRE.y);
  await page.mouse.down();
  await paced(60, FRAME_MS, (i) => {
    const along = i < 30 ? (i + 1) / 30 : (59 - i) / 30;
    const x = CENTRE.x - 200 + 400 * along;
    return page.mouse.move(x, CENTRE.y - 40 * Math.sin(Math.PI * along));
  });
  await page.mouse.up();
}

/** 10 wheel steps in at the centre, then 10 out, 50 ms apart. */
async function zoom(page: Page): Promise<void> {
  await page.mouse.move(CENTRE.x, CENTRE.y);
  await paced(20, 50, (i) => page.mouse.wheel(0, i < 10 ? -100 : 100));
}

interface Frames extends FrameRecord {
  /** From the first input until the page had taken the last. */
  inputMs: number;
}

async function gesture(page: Page, which: Gesture): Promise<Frames> {
  const bench = onPage(page);
  await bench.startFrames();
  const started = performance.now();
  await (which === 'pan' ? pan(page) : zoom(page));
  const inputMs = performance.now() - started;
  return { ...(await bench.stopFrames()), inputMs };
}

interface Round {
  draw: DrawResult;
  settled: SettleResult;
  frames: Record<Gesture, Frames>;
}

type Key = `${MapKind} ${number}`;
type FirstMarks = Awaited<ReturnType<MapPage['prepare']>>;

/** Warm-up rounds, then ROUNDS rounds; odd rounds start with the anchor. */
async function measure(page: Page): Promise<Map<Key, Round[]>> {
  const bench = onPage(page);
  const results = new Map<Key, Round[]>();
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    const order = round % 2 === 0 ? KINDS : [...KINDS].reverse();
    for (const count of COUNTS) {
      for (const kind of order) {
        await bench.gc();
        // The first warm-up round reads back what deck.gl's first frame drew.
        const draw = await bench.mount(kind, count, round === 0 && WARMUP_ROUNDS > 0);
        if (draw.markPixels === 0) throw new Error(`${NAMES[kind]}: a first frame without marks`);
        const settled = await bench.settle();
        const frames = { pan: await gesture(page, 'pan'), zoom: await gesture(page, 'zoom') };
        await bench.unmount();
        if (round < WARMUP_ROUNDS) continue;
        const key: Key = `${kind} ${count}`;
        results.set(key, [...(results.get(key) ?? []), { draw, settled, frames }]);
      }
    }
  }
  return results;
}

const sorted = (values: number[]) => values.slice().sort((a, b) => a - b);
const median = (values: number[]) => percentile(sorted(values), 50);
const share = (values: number[], over: number) =>
  `${((100 * values.filter((v) => v > over).length) / Math.max(1, values.length)).toFixed(0)} %`;

/** The first draws' row of a map kind and device count. */
function drawRow(kind: MapKind, count: number, rounds: Round[], first: FirstMarks | undefined) {
  const painted = sorted(rounds.map((r) => r.draw.paintedMs));
  const basemap = rounds.flatMap((r) => r.settled.basemapMs ?? []);
  return {
    map: NAMES[kind],
    devices: count,
    'marks drawn':
      kind === 'anchor' ? count : `${first?.marks ?? NaN} (${first?.clusters ?? NaN} clusters)`,
    rounds: painted.length,
    'drawn p50 ms': median(rounds.map((r) => r.draw.drawnMs)).toFixed(1),
    'painted p50 ms': percentile(painted, 50).toFixed(1),
    'painted max ms': (painted.at(-1) ?? NaN).toFixed(1),
    'basemap idle p50 ms': basemap.length > 0 ? median(basemap).toFixed(0) : '–',
  };
}

/** A gesture's row: its frames over all rounds. */
function frameRow(kind: MapKind, count: number, which: Gesture, rounds: Round[]) {
  const frames = rounds.map((r) => r.frames[which]);
  const deltas = sorted(frames.flatMap((f) => f.deltas));
  return {
    map: NAMES[kind],
    devices: count,
    gesture: which,
    rounds: rounds.length,
    'input p50 ms': median(frames.map((f) => f.inputMs)).toFixed(0),
    'redraws p50': median(frames.map((f) => f.redraws)),
    'last redraw p50 ms': median(frames.map((f) => f.lastRedrawMs)).toFixed(0),
    frames: deltas.length,
    'frame p50 ms': percentile(deltas, 50).toFixed(1),
    'frame p95 ms': percentile(deltas, 95).toFixed(1),
    'frame max ms': (deltas.at(-1) ?? NaN).toFixed(1),
    '> 16.7 ms': share(deltas, OVER_ONE),
    '> 33 ms': share(deltas, OVER_TWO),
  };
}

/** Prints both tables, and Nordlys/anchor for the first draw (painted p50) and frame p95. */
function report(results: Map<Key, Round[]>, firstMarks: Map<number, FirstMarks>): void {
  const drawRows = [];
  const frameRows = [];
  const ratios = [];
  for (const count of COUNTS) {
    const nordlys = results.get(`nordlys ${count}`) ?? [];
    const anchor = results.get(`anchor ${count}`) ?? [];
    for (const kind of KINDS) {
      const rounds = kind === 'nordlys' ? nordlys : anchor;
      drawRows.push(drawRow(kind, count, rounds, firstMarks.get(count)));
      for (const which of GESTURES) frameRows.push(frameRow(kind, count, which, rounds));
    }
    const firstDraw = (rounds: Round[]) => median(rounds.map((r) => r.draw.paintedMs));
    const p95 = (rounds: Round[], which: Gesture) =>
      percentile(sorted(rounds.flatMap((r) => r.frames[which].deltas)), 95);
    const parts = [
      `first draw ${(firstDraw(nordlys) / firstDraw(anchor)).toFixed(2)}`,
      ...GESTURES.map((g) => `${g} p95 ${(p95(nordlys, g) / p95(anchor, g)).toFixed(2)}`),
    ];
    ratios.push(`${count.toLocaleString('en-US')} devices: ${parts.join(', ')}`);
  }
  printTable(drawRows);
  process.stdout.write('\n');
  printTable(frameRows);
  process.stdout.write(`\nNordlys/anchor (below 1: Nordlys is faster)\n${ratios.join('\n')}\n`);
}

const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-bench-map-paint-'));
const served = await servePage(outDir, ENTRY, basemap);
const browser = await chromium
  .launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', ...CHROMIUM_ARGS, '--js-flags=--expose-gc'],
  })
  .catch(async (error: unknown) => {
    await served.close();
    await fs.rm(outDir, { recursive: true, force: true });
    throw error;
  });
try {
  await buildPage(ENTRY, outDir);
  const context = await browser.newContext({
    viewport: { width: MAP_WIDTH, height: MAP_HEIGHT },
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(served.url);
  await page.waitForFunction(() => 'bench' in globalThis, null, { timeout: 120_000 });
  const firstMarks = new Map<number, FirstMarks>();
  for (const count of COUNTS) firstMarks.set(count, await onPage(page).prepare(count));
  const results = await measure(page);
  if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
  process.stdout.write(
    `Chromium ${browser.version()}, headless, --disable-gpu: WebGL on SwiftShader (the CPU).\n\n`,
  );
  report(results, firstMarks);
  if (SCREENSHOT) {
    await onPage(page).show(COUNTS.at(-1) ?? DEVICE_COUNTS[0] ?? 10_000);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  }
} finally {
  await browser.close();
  await served.close();
  await fs.rm(outDir, { recursive: true, force: true });
}
