import type { CommittedBatch } from '../../server/ingest/events.ts';
import { sleep, type BenchServer } from '../setup.ts';
import {
  LOAD_TIMEOUT_MS,
  loadTimes,
  openWall,
  waitLive,
  watched,
  watchGraph,
  type WallRun,
} from './browser.ts';
import { probeLatencies } from './match.ts';
import type { ProbeDevice } from './probe.ts';
import { startSimulator } from './simulator.ts';
import { DATA_KEY } from './wall-world.ts';

export interface ProbePlan {
  probes: number;
  everyMs: number;
  /** Devices that are not on the wall, and what they publish in all. */
  background: number[];
  backgroundRate: number;
}

/** When ingest handed each probe point to the live feed (decoded, before its commit), in the server's process. */
function stampReceived(server: BenchServer, deviceId: number) {
  const received = new Map<number, number>();
  const listener = (batch: CommittedBatch) => {
    if (batch.deviceId !== deviceId) return;
    const now = Date.now();
    for (const p of batch.points) if (p.key === DATA_KEY) received.set(Date.parse(p.time), now);
  };
  server.app.dataEvents.on('received', listener);
  return { received, stop: () => server.app.dataEvents.off('received', listener) };
}

/**
 * Publish → pixel on the wall's first graph with every graph on `menuId`:
 * the probe device publishes while the background devices publish through
 * the simulator; the page stamps the feed frames and the drawn points.
 */
export async function publishToPixel(
  run: WallRun,
  probe: ProbeDevice,
  plan: ProbePlan,
  menuId: number,
) {
  const { server, wall } = run;
  const kiosk = await openWall(run, menuId);
  try {
    if (!(await loadTimes(kiosk.page, LOAD_TIMEOUT_MS))) throw new Error('the wall did not draw');
    if (!(await waitLive(kiosk.page, LOAD_TIMEOUT_MS))) throw new Error('the feed is not live');
    const marker = `"deviceId":${wall.probeDevice}`;
    if (!(await watchGraph(kiosk.page, wall.graphIds[0] ?? '', marker)))
      throw new Error('no probe graph');
    const load = startSimulator({
      mqttUrl: server.mqttUrl,
      registryToken: server.registryToken,
      registryId: server.registryId,
      deviceIds: plan.background,
      rate: plan.backgroundRate,
    });
    try {
      await sleep(2000);
      const stamps = stampReceived(server, wall.probeDevice);
      let published: number[];
      try {
        published = await probe.probe(plan.probes, plan.everyMs, 120_000);
        // The last probes are drawn within a moment.
        await sleep(1000);
      } finally {
        stamps.stop();
      }
      const { samples, frames } = await watched(kiosk.page);
      return {
        'background msg/s': await load.stop(),
        ...probeLatencies(published, stamps.received, samples, frames),
      };
    } finally {
      await load.stop().catch(() => 0);
      probe.beat();
    }
  } finally {
    await kiosk.close();
  }
}
