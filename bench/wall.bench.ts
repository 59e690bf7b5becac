import fs from 'node:fs/promises';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { forEachSetup, sleep, startServer, type Setup } from './setup.ts';
import { printTable } from './table.ts';
import { launchChromium, VIEWPORT, type WallRun } from './wall/browser.ts';
import { coldLoads } from './wall/cold-load.ts';
import { connectProbe } from './wall/probe.ts';
import { publishToPixel, type ProbePlan } from './wall/publish-to-pixel.ts';
import { startSimulator } from './wall/simulator.ts';
import { soakWall } from './wall/soak.ts';
import { LAST_HOUR, LAST_MINUTE, prepareWall, WALL_GRAPHS } from './wall/wall-world.ts';

// The wall display: the bench user's dashboard of 24 live line graphs (last
// minute, each on its own device, each device publishing 1 msg/s over MQTT
// as itself) on the kiosk URL in Chromium at 1920 × 1080, against a server
// the bench starts (bench/setup.ts) serving the built console (dist/web,
// built first when stale, as `npm start` does). In turn:
// 1. Cold load, BENCH_WALL_ROUNDS times (default 7): navigation start → every
//    graph's chart has `data-last-drawn`, timed in the page (bench/wall/in-page.ts).
// 2. Publish → pixel on the first graph, on the last minute and the last hour
//    (the kiosk's `period`): its device publishes BENCH_PROBES probes (default
//    300) 100 ms apart with `ts` = Date.now() while 20 other devices publish
//    1,000 msg/s (`npm run simulate`); a MutationObserver stamps when the
//    chart's `data-last-drawn` reaches each `ts`. Same machine, one clock.
// 3. Soak for BENCH_WALL_MINUTES (default 10) after BENCH_WALL_WARMUP_S
//    (default 70): CPU per second, and the JS heap after forced collections
//    at its start and end.
// Each wall device has BENCH_WALL_HISTORY_HOURS (default 2) of history, a point a second.
// BENCH_PROBES=0 skips 2 and BENCH_WALL_MINUTES=0 skips 3.
// BENCH_SCREENSHOT=file.png saves the first cold load's screen;
// BENCH_WALL_WATERFALL=1 prints the last cold load's requests;
// BENCH_WALL_PROFILE=file.cpuprofile saves the last cold load's CPU profile (per setup: the
// setup's label is added to the name);
// BENCH_WALL_TRACE=file.json saves a Chromium trace of the soak's first 5 s (per setup, as above).
const MINUTES = Number(process.env.BENCH_WALL_MINUTES ?? 10);
const WARMUP_S = Number(process.env.BENCH_WALL_WARMUP_S ?? 70);
const ROUNDS = Number(process.env.BENCH_WALL_ROUNDS ?? 7);
const PROBES = Number(process.env.BENCH_PROBES ?? 300);
const HISTORY_HOURS = Number(process.env.BENCH_WALL_HISTORY_HOURS ?? 2);
const PROBE_EVERY_MS = 100;
const BACKGROUND_RATE = 1000;
const BACKGROUND_DEVICES = 20;
const SCREENSHOT = process.env.BENCH_SCREENSHOT;
const WATERFALL = process.env.BENCH_WALL_WATERFALL === '1';
const PROFILE = process.env.BENCH_WALL_PROFILE;
const TRACE = process.env.BENCH_WALL_TRACE;

type Row = Record<string, string | number>;
const results = {
  load: [] as Row[],
  latency: [] as Row[],
  soak: [] as Row[],
  timeline: [] as Row[],
};

async function run(setup: Setup): Promise<void> {
  const server = await startServer(setup, { listen: true });
  const wall = await prepareWall(server, HISTORY_HOURS);
  const plan: ProbePlan = {
    probes: PROBES,
    everyMs: PROBE_EVERY_MS,
    background: await server.addDevices(BACKGROUND_DEVICES, 'load'),
    backgroundRate: BACKGROUND_RATE,
  };
  const feed = startSimulator({
    mqttUrl: server.mqttUrl,
    registryToken: server.registryToken,
    registryId: server.registryId,
    deviceIds: wall.feedDevices,
    rate: wall.feedDevices.length,
  });
  const probe = await connectProbe(
    server.mqttUrl,
    server.registryId,
    wall.probeDevice,
    server.registryToken,
  );
  probe.beat();
  const browser = await launchChromium();
  const wallRun: WallRun = { label: setup.label, server, wall, browser };
  try {
    // Points in every graph's last minute before the first load.
    await sleep(5000);
    const perSetup = (file: string | undefined, extension: string) =>
      file?.replace(
        new RegExp(`(\\${extension})?$`),
        `-${setup.label.replace(/\W+/g, '-').toLowerCase()}${extension}`,
      );
    const profile = perSetup(PROFILE, '.cpuprofile');
    results.load.push(
      await coldLoads(wallRun, ROUNDS, SCREENSHOT, WATERFALL ? say : undefined, profile),
    );
    for (const [menuId, window] of PROBES > 0
      ? ([
          [LAST_MINUTE, 'last minute (7)'],
          [LAST_HOUR, 'last hour (11)'],
        ] as const)
      : [])
      results.latency.push({
        setup: setup.label,
        window,
        ...(await publishToPixel(wallRun, probe, plan, menuId)),
      });
    if (MINUTES > 0) {
      const soaked = await soakWall(wallRun, MINUTES, WARMUP_S, perSetup(TRACE, '.json'));
      results.soak.push(soaked.summary);
      results.timeline.push(...soaked.timeline);
    }
  } finally {
    await browser.close();
    await probe.close();
    await feed.stop().catch(() => 0);
    await server.close();
  }
}

const say = (line: string) => process.stdout.write(`${line}\n`);
await ensureWebBuild(say);
if (SCREENSHOT) await fs.rm(SCREENSHOT, { force: true });
try {
  await forEachSetup(run);
} finally {
  say(
    `Wall display: ${WALL_GRAPHS} live line graphs (last minute, 1 msg/s each, ${HISTORY_HOURS} h of history a second before) on the kiosk URL, Chromium ${VIEWPORT.width} × ${VIEWPORT.height}`,
  );
  say('\nCold load → every graph drawn (fresh context each round; medians, ms since navigation)');
  printTable(results.load);
  say(
    `\nPublish → pixel on one graph: a probe every ${PROBE_EVERY_MS} ms, ${BACKGROUND_DEVICES} other devices at ${BACKGROUND_RATE} msg/s (received: decoded in the server, handed to the live feed; feed: frame in the page; p…: drawn on the canvas)`,
  );
  printTable(results.latency);
  say(`\nSoak: ${MINUTES} min after ${WARMUP_S} s; heap after forced GC at start and end`);
  printTable(results.soak);
  say('\nSoak timeline');
  printTable(results.timeline);
}
process.exit(0);
