import {
  dataSourceTypes,
  defaultGraphSizes,
  GRID_COLUMNS,
  graphTypes,
  idFromName,
  type Dashboard,
  type DataSource,
  type Graph,
  type GraphPeriod,
  type GraphTypeId,
  type GridItem,
} from '../contracts/dashboard.ts';

/**
 * The dashboard grid as pure functions over the wire shapes (spec §3 Graph,
 * §4 Dashboards): where a new graph goes, repairing old dashboards whose
 * graphs have no grid, writing a react-grid-layout layout back, and a new
 * graph of each type with the spec's defaults.
 */

/** A new graph is 6 columns wide whatever its type (spec §4). */
export const NEW_GRAPH_WIDTH = 6;

/** One item of react-grid-layout's layout array; it may carry more fields, which are ignored. */
export interface LayoutItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const GRID_Y_MAX = 10_000;
const GRID_H_MAX = 200;

const isInt = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Whether a grid item is usable as is: whole numbers inside the 12 columns, and named after its graph. */
export function isValidGrid(grid: GridItem | null | undefined, graphId: string): grid is GridItem {
  if (grid === undefined || grid === null || typeof grid !== 'object') return false;
  return (
    grid.i === graphId &&
    isInt(grid.x, 0, GRID_COLUMNS - 1) &&
    isInt(grid.w, 1, GRID_COLUMNS) &&
    grid.x + grid.w <= GRID_COLUMNS &&
    isInt(grid.y, 0, GRID_Y_MAX) &&
    isInt(grid.h, 1, GRID_H_MAX) &&
    (grid.minW === undefined || isInt(grid.minW, 1, GRID_COLUMNS)) &&
    (grid.minH === undefined || isInt(grid.minH, 1, GRID_H_MAX))
  );
}

const overlaps = (a: GridItem, b: GridItem) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The last item in reading order: the lowest row, and in it the rightmost. */
function lastInReadingOrder(items: readonly GridItem[]): GridItem | undefined {
  let last: GridItem | undefined;
  for (const item of items)
    if (last === undefined || item.y > last.y || (item.y === last.y && item.x > last.x))
      last = item;
  return last;
}

/** Min sizes of a type, only those the spec names. */
function minSizes(type: GraphTypeId): Pick<GridItem, 'minW' | 'minH'> {
  const { minW, minH } = defaultGraphSizes[type];
  return {
    ...(minW === undefined ? {} : { minW }),
    ...(minH === undefined ? {} : { minH }),
  };
}

/** Where a new item goes among `items`: after the last one in reading order, or at the start of a new row. */
function placeAfter(items: readonly GridItem[], type: GraphTypeId, i: string): GridItem {
  const { h } = defaultGraphSizes[type];
  const size = { i, w: NEW_GRAPH_WIDTH, h, ...minSizes(type) };
  const last = lastInReadingOrder(items);
  if (last === undefined) return { ...size, x: 0, y: 0 };
  const beside: GridItem = { ...size, x: last.x + last.w, y: last.y };
  if (beside.x + beside.w <= GRID_COLUMNS && !items.some((item) => overlaps(item, beside)))
    return beside;
  // Below everything, so a tall item further up cannot overlap it.
  const bottom = Math.max(...items.map((item) => item.y + item.h));
  return { ...size, x: 0, y: bottom };
}

const validGrids = (graphs: readonly Graph[]): GridItem[] =>
  graphs.flatMap((graph) => (isValidGrid(graph.grid, graph.id) ? [graph.grid] : []));

/**
 * The grid item of a new graph of `type`: 6 wide, the type's default height
 * and min sizes, placed after the last graph in reading order and wrapped to
 * a new row when x + w would pass 12.
 */
export function placeNewGraph(graphs: readonly Graph[], type: GraphTypeId, id = ''): GridItem {
  return placeAfter(validGrids(graphs), type, id);
}

/** Whether any graph lacks a usable grid (an old dashboard, spec §4). */
export function needsRepair(dashboard: Pick<Dashboard, 'graphs'>): boolean {
  return dashboard.graphs.some((graph) => !isValidGrid(graph.grid, graph.id));
}

/**
 * An old dashboard with a grid for every graph: graphs with a usable grid
 * keep it; the others, in list order, are placed as new graphs would be.
 * A grid that is only misnamed keeps its place and gets the graph's id.
 */
export function repairDashboard<D extends Pick<Dashboard, 'graphs'>>(dashboard: D): D {
  if (!needsRepair(dashboard)) return dashboard;
  const named = dashboard.graphs.map((graph): Graph => {
    const grid: GridItem | undefined = graph.grid;
    // A plain boolean: the guard would narrow a refused grid to nothing.
    const usable: boolean = isValidGrid(grid, graph.id);
    if (grid === undefined || usable) return graph;
    const renamed: GridItem = { ...grid, i: graph.id };
    return isValidGrid(renamed, graph.id) ? { ...graph, grid: renamed } : graph;
  });
  const placed = validGrids(named);
  const graphs = named.map((graph) => {
    if (isValidGrid(graph.grid, graph.id)) return graph;
    const grid = placeAfter(placed, graph.type, graph.id);
    placed.push(grid);
    return { ...graph, grid };
  });
  return { ...dashboard, graphs };
}

const clampInt = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.round(Number.isFinite(value) ? value : min)));

/**
 * react-grid-layout's layout written back into the graphs' grids. Min sizes
 * stay the graph's own; graphs the layout does not name keep their grid.
 */
export function applyLayout(graphs: readonly Graph[], layout: readonly LayoutItem[]): Graph[] {
  const byId = new Map(layout.map((item) => [item.i, item]));
  return graphs.map((graph) => {
    const item = byId.get(graph.id);
    if (item === undefined) return graph;
    const mins = graph.grid
      ? { minW: graph.grid.minW, minH: graph.grid.minH }
      : minSizes(graph.type);
    const w = clampInt(item.w, 1, GRID_COLUMNS);
    const grid: GridItem = {
      i: graph.id,
      x: clampInt(item.x, 0, GRID_COLUMNS - w),
      y: clampInt(item.y, 0, GRID_Y_MAX),
      w,
      h: clampInt(item.h, 1, GRID_H_MAX),
      ...(mins.minW === undefined ? {} : { minW: mins.minW }),
      ...(mins.minH === undefined ? {} : { minH: mins.minH }),
    };
    return { ...graph, grid };
  });
}

/**
 * A graph's grid after its type changed in the editor: same place, the new
 * type's min sizes, grown to them if it was smaller.
 */
export function regridForType(grid: GridItem, type: GraphTypeId): GridItem {
  const mins = minSizes(type);
  const w = Math.max(grid.w, mins.minW ?? 1);
  const { minW: _w, minH: _h, ...place } = grid;
  return {
    ...place,
    w,
    x: Math.min(grid.x, GRID_COLUMNS - w),
    h: Math.max(grid.h, mins.minH ?? 1),
    ...mins,
  };
}

/** English default names of new graphs by type; the editor lets the user rename them. */
export const defaultGraphNames: Record<GraphTypeId, string> = {
  0: 'Chart',
  1: 'Gauge',
  2: 'Difference',
  3: 'Score',
  4: 'Wind',
  5: 'Map',
  6: 'Multi-source chart',
  7: 'Map chart',
};

/** A data source that names nothing yet: a data key read as is, factor 1. */
export function emptyDataSource(): DataSource {
  return { type: dataSourceTypes.key, deviceId: null, dataKey: null, cf: 1 };
}

/** The default graph period (spec §9): last 7 days, daily, drawn as a line. */
export function defaultGraphPeriod(): GraphPeriod {
  return { menuId: 3, timeType: 2, chartType: 3 };
}

/**
 * A new graph of `type` with the spec's defaults: the user's default period
 * (periodType 0), last 7 days daily as a line, live updates only, an empty
 * data source. Its id is the slug of its name and six characters of
 * `random`. It has no grid yet: the dashboard places it when it is saved.
 */
export function newGraph(
  type: GraphTypeId,
  random: () => number,
  name: string = defaultGraphNames[type],
): Graph {
  const base = {
    id: idFromName(name, random),
    name,
    description: null,
    periodType: 0,
    period: defaultGraphPeriod(),
    refresh: 0,
    dataSource: emptyDataSource(),
  };
  switch (type) {
    case graphTypes.chart:
      return { ...base, type };
    case graphTypes.gauge:
      return { ...base, type };
    case graphTypes.difference:
      return { ...base, type, dataSources: { a: emptyDataSource(), b: emptyDataSource() } };
    case graphTypes.score:
      return { ...base, type, dataSources: [emptyDataSource(), emptyDataSource()] };
    case graphTypes.wind:
      return { ...base, type, directionKey: null };
    case graphTypes.map:
      return { ...base, type, deviceIds: [] };
    case graphTypes.multiChart:
      return { ...base, type, deviceTypeId: null, deviceIds: [] };
    case graphTypes.mapChart:
      return { ...base, type, lat: null, long: null, deviceId: null, deviceUUID: null };
  }
}

/** Whether a data source names what it reads: a device's key, a statistic of it, or a function's output of it. */
export function isDataSourceComplete(source: DataSource): boolean {
  if (source.deviceId === null || source.dataKey === null || source.dataKey === '') return false;
  if (source.type === dataSourceTypes.statistic) return source.statistic !== undefined;
  if (source.type === dataSourceTypes.function)
    return source.functionId !== undefined && source.functionId !== null;
  return Number.isFinite(source.cf);
}

function isPeriodComplete(graph: Graph): boolean {
  // Only a graph's own custom period needs its times; periodType 0 follows the user's settings.
  if (graph.periodType !== 1 || graph.period.menuId !== 6) return true;
  const { from, to } = graph.period;
  return typeof from === 'string' && typeof to === 'string' && Date.parse(from) <= Date.parse(to);
}

/** Whether a graph has what it needs to be drawn; the editor's Save waits for it. */
export function isGraphComplete(graph: Graph): boolean {
  if (graph.name.trim() === '' || !isPeriodComplete(graph)) return false;
  switch (graph.type) {
    case graphTypes.difference:
      return isDataSourceComplete(graph.dataSources.a) && isDataSourceComplete(graph.dataSources.b);
    case graphTypes.score:
      return graph.dataSources.length === 2 && graph.dataSources.every(isDataSourceComplete);
    case graphTypes.map:
      return graph.deviceIds.length > 0;
    case graphTypes.multiChart:
      // The devices of one type share the data key, so the source names the key only.
      return (
        graph.deviceTypeId !== null &&
        graph.deviceIds.length > 0 &&
        graph.dataSource.dataKey !== null &&
        graph.dataSource.dataKey !== ''
      );
    case graphTypes.mapChart:
      return (
        (graph.deviceId !== null || (graph.lat !== null && graph.long !== null)) &&
        isDataSourceComplete(graph.dataSource)
      );
    default:
      return isDataSourceComplete(graph.dataSource);
  }
}

/** A starter dashboard charts at most this many devices. */
export const STARTER_GRAPHS = 4;

/** What a starter dashboard needs of a device: its id, name and data keys. */
export interface StarterDevice {
  id: number;
  name: string;
  dataKeys: readonly { key: string; type?: string | undefined }[];
}

/** Key types a chart can draw (spec §3 Device type keys); untyped keys are tried too. */
const drawable = new Set(['value', 'integer', 'int', undefined]);

/**
 * The dashboard made for a user who has none (Settings → "Create a dashboard
 * automatically"): a line chart of the first drawable data key of each of
 * their first devices, on the user's default period, two to a row.
 */
export function starterDashboard(
  devices: readonly StarterDevice[],
  chartType: number,
  random: () => number,
): { graphs: Graph[] } {
  const graphs: Graph[] = [];
  for (const device of devices) {
    if (graphs.length === STARTER_GRAPHS) break;
    const key = device.dataKeys.find((k) => drawable.has(k.type))?.key;
    if (!key) continue;
    const graph = newGraph(graphTypes.chart, random, `${device.name} · ${key}`.slice(0, 200));
    graphs.push({
      ...graph,
      period: { ...graph.period, chartType },
      dataSource: { ...graph.dataSource, deviceId: device.id, dataKey: key },
      grid: placeNewGraph(graphs, graphTypes.chart, graph.id),
    });
  }
  return { graphs };
}
