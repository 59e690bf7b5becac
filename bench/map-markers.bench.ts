import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { basemapLayer } from '../server/map/basemap.ts';
import {
  COUNTS,
  MAP_HEIGHT,
  MAP_WIDTH,
  type FirstDraw,
  type MapKind,
  type MapPage,
} from './map-markers/map-api.ts';
import { buildPage, servePage, type ExtraRoute } from './page-build.ts';
import { percentile } from './setup.ts';
import { printTable } from './table.ts';

// 10,000 and 100,000 devices on a map in Chromium: the console's DeviceMap
// (clustered marks over the Natural Earth basemap, bench/map-markers/page.js,
// built for production with the console's Vite plugins) against a bare deck.gl
// ScatterplotLayer of every device with no basemap, the raw deck.gl ceiling,
// in the same page. Each round mounts a map and times its first draw (from
// handing over the devices to the frame after deck.gl drew them), then pans
// it by dragging for about a second and zooms it with twelve wheel steps,
// recording every frame's duration. Headless Chromium draws WebGL in software
// (SwiftShader, --disable-gpu): absolute frame times are a machine without a
// GPU's, the ratio between the two maps is what compares.
// BENCH_SCREENSHOT=file.png saves the Nordlys map of the last count.
const ENTRY = 'bench/map-markers/index.html';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SCREENSHOT = process.env.BENCH_SCREENSHOT;
const KINDS: MapKind[] = ['nordlys', 'raw'];
const NAMES: Record<MapKind, string> = {
  nordlys: 'Nordlys DeviceMap',
  raw: 'deck.gl ScatterplotLayer',
};

/** The basemap, as the server sends it (gzip). */
const basemap: ExtraRoute = (pathname, res) => {
  const layer = /^\/basemap\/(land|countries)$/.exec(pathname)?.[1];
  if (layer !== 'land' && layer !== 'countries') return false;
  void basemapLayer(layer).then((body) =>
    res
      .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      .end(body.bodies.gzip),
  );
  return true;
};

/** Pans by dragging across the map for about a second, then zooms in and out with the wheel. */
async function panAndZoom(page: Page): Promise<number[]> {
  await page.evaluate(() => (globalThis as unknown as { bench: MapPage }).bench.record());
  const x = MAP_WIDTH / 2;
  const y = MAP_HEIGHT / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 60; step++) {
    await page.mouse.move(x + Math.sin(step / 10) * 300, y + Math.cos(step / 10) * 150 - 150);
  }
  await page.mouse.up();
  for (let step = 0; step < 12; step++) {
    await page.mouse.wheel(0, step < 6 ? -240 : 240);
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => (globalThis as unknown as { bench: MapPage }).bench.frames());
}

const sorted = (values: number[]) => values.slice().sort((a, b) => a - b);
const share = (frames: number[], over: number) =>
  `${((100 * frames.filter((f) => f > over).length) / Math.max(1, frames.length)).toFixed(0)} %`;

const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-bench-map-markers-'));
const served = await servePage(outDir, ENTRY, basemap);
const browser = await chromium
  .launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--js-flags=--expose-gc'],
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
  const rows = [];
  const ratios = [];
  for (const count of COUNTS) {
    const first: Record<MapKind, number> = { nordlys: NaN, raw: NaN };
    const p95: Record<MapKind, number> = { nordlys: NaN, raw: NaN };
    for (const kind of KINDS) {
      const draws: FirstDraw[] = [];
      const frames: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await page.evaluate(() => (globalThis as unknown as { gc?: () => void }).gc?.());
        draws.push(
          await page.evaluate(
            ([k, n]) => (globalThis as unknown as { bench: MapPage }).bench.mount(k, n),
            [kind, count] as const,
          ),
        );
        // The basemap's outlines arrive from maplibre's worker: let them settle first.
        await page.waitForTimeout(1500);
        frames.push(...(await panAndZoom(page)));
        if (SCREENSHOT && kind === 'nordlys' && count === COUNTS.at(-1) && round === ROUNDS - 1)
          await page.screenshot({ path: SCREENSHOT });
        await page.evaluate(() => (globalThis as unknown as { bench: MapPage }).bench.unmount());
      }
      const painted = sorted(draws.map((d) => d.paintedMs));
      const frameTimes = sorted(frames);
      first[kind] = percentile(painted, 50);
      p95[kind] = percentile(frameTimes, 95);
      rows.push({
        devices: count.toLocaleString('en'),
        map: NAMES[kind],
        rounds: draws.length,
        'first draw p50 ms': percentile(painted, 50).toFixed(0),
        frames: frameTimes.length,
        'frame p50 ms': percentile(frameTimes, 50).toFixed(1),
        'frame p95 ms': percentile(frameTimes, 95).toFixed(1),
        'frame max ms': (frameTimes.at(-1) ?? NaN).toFixed(0),
        '> 16.7 ms': share(frameTimes, 16.7),
        '> 33 ms': share(frameTimes, 33),
      });
    }
    ratios.push(
      `${count.toLocaleString('en')} devices: first draw ${(first.nordlys / first.raw).toFixed(2)}, frame p95 ${(p95.nordlys / p95.raw).toFixed(2)}`,
    );
  }
  if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
  printTable(rows);
  process.stdout.write(
    `\nNordlys/raw deck.gl (${MAP_WIDTH}×${MAP_HEIGHT}, WebGL in software): ${ratios.join('; ')}\n`,
  );
} finally {
  await browser.close();
  await served.close();
  await fs.rm(outDir, { recursive: true, force: true });
}
