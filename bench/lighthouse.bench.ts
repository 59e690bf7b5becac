import fs from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium.ts';
import { startDemoServer } from './demo-server.ts';
import { printTable } from './table.ts';

// The console on a phone, as Lighthouse 12 scores it with its mobile profile
// (simulated slow 4G and a 4× slower CPU, a Moto G Power screen): /login
// signed out, and the dashboard home (/dashboard) of the demo's account
// manager, with the session cookie sent as a signed-in browser would. The
// server is `npm start`'s (the built console, embedded database and broker,
// the demo world without its live simulator), started by the bench on free
// ports. Each page is scored BENCH_LIGHTHOUSE_ROUNDS times (default 3) in a
// fresh Chromium (/usr/bin/chromium) and the median run is shown. Targets
// (issue "the console loads fast on a phone"): performance ≥ 90,
// accessibility and best practices 100.
const ROUNDS = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 3);
/** A folder to write every run's full Lighthouse report (JSON) and trace to, for reading what a score is made of. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORT ?? '';
/** Which pages to score, comma separated (default both). */
const PAGES = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '/login,/dashboard').split(',');

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKb: number;
  requests: number;
  /** Accessibility and best-practice audits that did not pass: what keeps those scores below 100. */
  failing: string[];
}

async function score(url: string, cookie: string | null, reportName: string): Promise<Scores> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (REPORT_DIR) {
      await fs.mkdir(REPORT_DIR, { recursive: true });
      await fs.writeFile(path.join(REPORT_DIR, `${reportName}.json`), JSON.stringify(result.lhr));
      // The page's trace as Lighthouse recorded it, for what its long tasks are made of.
      const { Trace } = result.artifacts as { Trace?: unknown };
      if (Trace)
        await fs.writeFile(
          path.join(REPORT_DIR, `${reportName}.trace.json`),
          JSON.stringify(Trace),
        );
    }
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse could not score ${url}: ${runtimeError.message}`);
    for (const warning of runWarnings) process.stdout.write(`${url}: ${warning}\n`);
    const category = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const requests = audits['network-requests']?.details;
    return {
      performance: category('performance'),
      accessibility: category('accessibility'),
      bestPractices: category('best-practices'),
      fcpMs: Math.round(numeric('first-contentful-paint')),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
      transferKb: Math.round(numeric('total-byte-weight') / 1000),
      requests: requests && 'items' in requests ? requests.items.length : 0,
      failing: ['accessibility', 'best-practices'].flatMap((id) =>
        (categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${id}: ${ref.id}`),
      ),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse in this Chromium now and then fails to record its trace (NO_NAVSTART): run again. */
async function scoreWithRetries(url: string, cookie: string | null, name: string): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await score(url, cookie, name);
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stdout.write(`${url}: ${(error as Error).message}; running it again\n`);
    }
  }
}

function median(runs: Scores[]): Scores {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no Lighthouse runs');
  return middle;
}

async function main() {
  await ensureWebBuild((line) => process.stdout.write(`${line}\n`));
  const { node, managerSession, stop } = await startDemoServer('lighthouse');
  try {
    const pages = [
      { page: '/login', url: `${node.url}/login`, cookie: null },
      { page: '/dashboard', url: `${node.url}/dashboard`, cookie: `SESSION=${managerSession}` },
    ].filter(({ page }) => PAGES.includes(page));
    const rows: Record<string, string | number>[] = [];
    const failing: string[] = [];
    for (const { page, url, cookie } of pages) {
      const runs: Scores[] = [];
      for (let round = 0; round < ROUNDS; round++)
        runs.push(await scoreWithRetries(url, cookie, `${page.slice(1)}-${round + 1}`));
      const m = median(runs);
      failing.push(...m.failing.map((audit) => `${page} ${audit}`));
      rows.push({
        page,
        performance: m.performance,
        'performance (all runs)': runs.map((r) => r.performance).join(' / '),
        accessibility: m.accessibility,
        'best practices': m.bestPractices,
        'FCP ms': m.fcpMs,
        'LCP ms': m.lcpMs,
        'TBT ms': m.tbtMs,
        CLS: m.cls,
        'transfer kB': m.transferKb,
        requests: m.requests,
      });
    }
    process.stdout.write(
      `Lighthouse 12 mobile profile, median of ${ROUNDS} runs (targets: performance ≥ 90, accessibility and best practices 100)\n`,
    );
    printTable(rows);
    for (const line of failing) process.stdout.write(`not passed: ${line}\n`);
  } finally {
    await stop();
  }
}

await main();
