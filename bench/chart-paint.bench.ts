import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import {
  CHART_HEIGHT,
  CHART_WIDTH,
  POINTS,
  type ChartKind,
  type PaintPage,
  type PaintResult,
  type Scenario,
} from './chart-paint/paint-api.ts';
import { buildPage, servePage } from './page-build.ts';
import { percentile } from './setup.ts';
import { printTable } from './table.ts';

// First paint of 1,000,000 points: Nordlys' LineChart against uPlot 1.6 on
// the same series, in one Chromium page (bench/chart-paint/page.js, built
// for production with the console's Vite plugins). Each round mounts a fresh
// chart of each kind, in alternating order, and times it inside the page:
// from handing over the data until the frame after the chart drew has been
// painted. Reduced motion is on, so Nordlys draws the whole line at once
// instead of drawing it in over 500 ms; weekends are off (uPlot has none).
// The same is timed for a chart already on the page handed the series anew.
// BENCH_SCREENSHOT=file.png saves both charts, to see what was timed.
const ENTRY = 'bench/chart-paint/index.html';
const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const SCREENSHOT = process.env.BENCH_SCREENSHOT;
const KINDS: ChartKind[] = ['nordlys', 'uplot'];
const NAMES: Record<ChartKind, string> = { nordlys: 'Nordlys LineChart', uplot: 'uPlot 1.6' };
const SCENARIOS: Record<Scenario, string> = {
  mount: 'first paint (mount with data)',
  update: 'new data, chart on the page',
};

const paintOnce = (page: Page, kind: ChartKind, scenario: Scenario) =>
  page.evaluate(([k, s]) => (globalThis as unknown as { bench: PaintPage }).bench.paint(k, s), [
    kind,
    scenario,
  ] as const);

type Results = Record<ChartKind, PaintResult[]>;

/** Warm-up rounds, then ROUNDS rounds; odd rounds start with uPlot. */
async function measure(page: Page, scenario: Scenario): Promise<Results> {
  const results: Results = { nordlys: [], uplot: [] };
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    const order = round % 2 === 0 ? KINDS : [...KINDS].reverse();
    for (const kind of order) {
      await page.evaluate(() => (globalThis as unknown as { gc?: () => void }).gc?.());
      const result = await paintOnce(page, kind, scenario);
      if (round >= WARMUP_ROUNDS) results[kind].push(result);
    }
  }
  return results;
}

const sorted = (values: number[]) => values.slice().sort((a, b) => a - b);

const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-bench-chart-paint-'));
const served = await servePage(outDir, ENTRY);
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
    viewport: { width: CHART_WIDTH + 100, height: CHART_HEIGHT + 200 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(served.url);
  await page.waitForFunction(() => 'bench' in globalThis, null, { timeout: 120_000 });
  const rows = [];
  const ratios = [];
  for (const scenario of Object.keys(SCENARIOS) as Scenario[]) {
    const results = await measure(page, scenario);
    const medians = { nordlys: NaN, uplot: NaN };
    for (const kind of KINDS) {
      const painted = sorted(results[kind].map((r) => r.paintedMs));
      const drawn = sorted(results[kind].map((r) => r.drawnMs));
      medians[kind] = percentile(painted, 50);
      rows.push({
        scenario: SCENARIOS[scenario],
        chart: NAMES[kind],
        points: POINTS,
        size: `${CHART_WIDTH}×${CHART_HEIGHT}`,
        rounds: painted.length,
        'drawn p50 ms': percentile(drawn, 50).toFixed(1),
        'painted p50 ms': percentile(painted, 50).toFixed(1),
        'painted p95 ms': percentile(painted, 95).toFixed(1),
      });
    }
    const ratio = medians.nordlys / medians.uplot;
    ratios.push(`${SCENARIOS[scenario]}: ${ratio.toFixed(2)}`);
  }
  if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
  printTable(rows);
  process.stdout.write(`\nNordlys/uPlot, painted p50 (target ≤ 1.0): ${ratios.join('; ')}\n`);
  if (SCREENSHOT) {
    await page.evaluate(() => (globalThis as unknown as { bench: PaintPage }).bench.show());
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  }
} finally {
  await browser.close();
  await served.close();
  await fs.rm(outDir, { recursive: true, force: true });
}
