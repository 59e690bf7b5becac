import {
  dataSourceTypes,
  GRID_COLUMNS,
  graphTypes,
  type ChartGraph,
  type Dashboard,
  type DashboardCreate,
} from '../../contracts/dashboard.ts';
import { newGraph } from '../../machines/dashboard-layout.ts';
import { periodChoice } from '../../machines/periods.ts';
import { seededRandom } from '../../server/simulator/count-model.ts';
import { sql } from 'kysely';
import type { BenchServer } from '../setup.ts';

/** The wall: 6 graphs across and 4 down fill a 1920 × 1080 screen. */
export const WALL_COLUMNS = 6;
export const WALL_ROWS = 4;
export const WALL_GRAPHS = WALL_COLUMNS * WALL_ROWS;
/**
 * Grid rows of a graph: 4 × 8 rows (18 px, 12 px apart) end at 948 px, under
 * the kiosk's 1,080 with its title bar. Every graph must be on screen: one
 * below the fold pauses its series (src/features/dashboards/graphs/use-on-screen.ts)
 * and would never draw. The spec's 12 rows (348 px) would put 18 of 24 below it.
 */
const GRAPH_ROWS = 8;
export const LAST_MINUTE = 7;
export const LAST_HOUR = 11;
export const DATA_KEY = 'temperature';

export interface Wall {
  boardId: string;
  /** Graph ids in reading order; the first is the probe's. */
  graphIds: string[];
  /** The first graph's device: the bench publishes it itself (1 msg/s, then the probes). */
  probeDevice: number;
  /** The other graphs' devices, published at 1 msg/s each by the simulator. */
  feedDevices: number[];
}

function wallGraph(index: number, deviceId: number, random: () => number): ChartGraph {
  const graph = newGraph(graphTypes.chart, random, `Wall ${index + 1}`);
  if (graph.type !== graphTypes.chart) throw new Error('newGraph made no chart');
  const w = GRID_COLUMNS / WALL_COLUMNS;
  return {
    ...graph,
    periodType: 1,
    period: {
      menuId: LAST_MINUTE,
      timeType: periodChoice(LAST_MINUTE)?.timeType ?? 0,
      chartType: 3,
    },
    dataSource: { type: dataSourceTypes.key, deviceId, dataKey: DATA_KEY, cf: 1 },
    grid: {
      i: graph.id,
      x: (index % WALL_COLUMNS) * w,
      y: Math.floor(index / WALL_COLUMNS) * GRAPH_ROWS,
      w,
      h: GRAPH_ROWS,
    },
  };
}

async function call<T>(
  server: BenchServer,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<T> {
  const response = await server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${server.userSession}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

/**
 * What the wall's devices sent before the bench began, as a wall's devices
 * have: one `temperature` a second each over the last `hours`.
 */
async function seedHistory(server: BenchServer, devices: number[], hours: number) {
  // Monthly partitions are made as data arrives; these points arrive around ingest.
  for (const at of [Date.now() - hours * 3_600_000, Date.now()]) {
    await sql`select ensure_device_data_partition(${new Date(at).toISOString()}::timestamptz)`.execute(
      server.database.db,
    );
  }
  await sql`
    insert into device_data (device_id, key, time, value)
    select d.id, ${DATA_KEY}, t, 20 + 5 * sin(extract(epoch from t) / 600)
    from unnest(${devices}::bigint[]) as d(id),
      generate_series(now() - make_interval(hours => ${hours}), now() - interval '10 seconds', interval '1 second') as t
    on conflict do nothing`.execute(server.database.db);
}

/**
 * The wall's devices and the bench user's dashboard of one live line graph
 * (last minute) per device, made through the REST API as the user; live data
 * and cookie consent on in the user's settings, as a wall display has them;
 * with `historyHours` of data a second per device behind it.
 */
export async function prepareWall(server: BenchServer, historyHours = 0): Promise<Wall> {
  const devices = await server.addDevices(WALL_GRAPHS, 'wall');
  if (historyHours > 0) await seedHistory(server, devices, historyHours);
  const me = await call<{ uuid: string }>(server, 'GET', '/api/auth/user');
  await call(server, 'PUT', `/api/entity/user/${me.uuid}/internal`, {
    settings: { nordlysLiveData: true, cookies: true, language: 'en' },
  });
  const random = seededRandom(WALL_GRAPHS);
  const graphs = devices.map((deviceId, index) => wallGraph(index, deviceId, random));
  const body: DashboardCreate = { name: 'Wall', graphs };
  const board = await call<Dashboard>(server, 'POST', '/api/v2/dashboards', body);
  const [probeDevice, ...feedDevices] = devices;
  if (probeDevice === undefined) throw new Error('no wall devices');
  return { boardId: board.id, graphIds: graphs.map((g) => g.id), probeDevice, feedDevices };
}
