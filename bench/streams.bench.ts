import { Value } from 'typebox/value';
import { PointsEvent } from '../contracts/live.ts';
import { decimateLttb, decimateMinMax } from '../streams/decimate.ts';
import { checkPointsEvent } from '../streams/generated/wire-checks.ts';
import { createLiveData } from '../streams/live-data.ts';
import {
  ManualClock,
  ManualFrames,
  ManualHistory,
  ManualLiveSource,
  ManualVisibility,
  settle,
} from '../streams/test-support.ts';
import type { Point } from '../streams/types.ts';
import { printTable } from './table.ts';

// The browser's live data layer: thinning a large series to a chart's width,
// and appending live points to a held series (with a snapshot per frame, as
// a chart reads it). Figures are printed, never asserted.
const MILLION = 1_000_000;
const WIDTH = 1_000;
const LIVE_POINTS = 10_000;
const POINTS_PER_FRAME = 100;
const RUNS = 7;
const T0 = Date.UTC(2024, 0, 1);

function series(n: number, step: number, start = T0): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < n; i++) {
    points.push({ time: start + i * step, value: Math.sin(i / 1000) * 20 + ((i * 7919) % 13) });
  }
  return points;
}

function median(run: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

async function appendLive(held: number): Promise<number> {
  const clock = new ManualClock(T0 + held * 1000);
  const frames = new ManualFrames();
  const live = new ManualLiveSource();
  const history = new ManualHistory();
  history.store(1, 'value', series(held, 1000));
  live.transport({ type: 'connected' });
  const data = createLiveData({
    live,
    history,
    clock,
    frames,
    visibility: new ManualVisibility(),
  });
  const store = data.series({
    deviceId: 1,
    key: 'value',
    window: { kind: 'sliding', durationMs: (held + LIVE_POINTS) * 1000 },
  });
  store.subscribe(() => store.getSnapshot());
  await settle();
  frames.frame();
  const started = performance.now();
  for (let i = 1; i <= LIVE_POINTS; i++) {
    clock.advance(100);
    live.push(1, 'value', [{ time: clock.now(), value: i }]);
    if (i % POINTS_PER_FRAME === 0) frames.frame();
  }
  const elapsed = performance.now() - started;
  data.dispose();
  return elapsed;
}

/** Checking a live batch of 1,000 points against its contract: interpreted, and generated at build time. */
function wireChecks(): Record<string, string | number>[] {
  const BATCH = 1_000;
  const BATCHES = 200;
  const batch = {
    deviceId: 1,
    points: Array.from({ length: BATCH }, (_, i) => ({
      key: 'value',
      time: new Date(T0 + i * 1000).toISOString(),
      value: i / 7,
      textValue: null,
    })),
  };
  const per = (check: () => boolean) =>
    median(() => {
      for (let i = 0; i < BATCHES; i++) if (!check()) throw new Error('a valid batch was refused');
    }) / BATCHES;
  const interpreted = per(() => Value.Check(PointsEvent, batch));
  const generated = per(() => checkPointsEvent(batch));
  return [
    {
      case: `check a ${BATCH.toLocaleString('en-US')}-point batch: Value.Check (interpreted)`,
      'total ms': Number(interpreted.toFixed(3)),
      'µs per point': Number(((interpreted * 1000) / BATCH).toFixed(3)),
      'points out': BATCH,
    },
    {
      case: `check a ${BATCH.toLocaleString('en-US')}-point batch: generated check (${(interpreted / generated).toFixed(1)}× faster)`,
      'total ms': Number(generated.toFixed(3)),
      'µs per point': Number(((generated * 1000) / BATCH).toFixed(3)),
      'points out': BATCH,
    },
  ];
}

// The live cases first, before the million-point series weighs on the garbage collector.
const rows: Record<string, string | number>[] = [...wireChecks()];
for (const held of [0, 100_000]) {
  const ms = await appendLive(held);
  rows.push({
    case: `append ${LIVE_POINTS.toLocaleString('en-US')} live points to ${held.toLocaleString('en-US')} held, snapshot every ${POINTS_PER_FRAME}`,
    'total ms': Number(ms.toFixed(1)),
    'µs per point': Number(((ms * 1000) / LIVE_POINTS).toFixed(1)),
    'points out': held + LIVE_POINTS,
  });
}
const big = series(MILLION, 1000);
const minMax = median(() => decimateMinMax(big, WIDTH));
const lttb = median(() => decimateLttb(big, WIDTH));
rows.push(
  {
    case: `min/max: ${MILLION.toLocaleString('en-US')} points → ${WIDTH} px (median of ${RUNS})`,
    'total ms': Number(minMax.toFixed(1)),
    'µs per point': Number(((minMax * 1000) / MILLION).toFixed(3)),
    'points out': decimateMinMax(big, WIDTH).length,
  },
  {
    case: `LTTB: ${MILLION.toLocaleString('en-US')} points → ${WIDTH} points (median of ${RUNS})`,
    'total ms': Number(lttb.toFixed(1)),
    'µs per point': Number(((lttb * 1000) / MILLION).toFixed(3)),
    'points out': decimateLttb(big, WIDTH).length,
  },
);
printTable(rows);
