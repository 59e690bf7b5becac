import { Type, type Static, type TSchema } from 'typebox';
import { Nullable, Text, Timestamp, Uuid } from './common.ts';
import { Statistic } from './history.ts';
import { EntityId, KEY_NAME_MAX_LENGTH, KEY_NAME_PATTERN } from './list.ts';

/**
 * Per-user dashboards (spec §3 Dashboard, Graph, Period). A dashboard is a
 * row of its own, owned by one user in one organisation, with a version so
 * two open tabs cannot silently overwrite each other.
 */

/** Graph types by id (spec §3 Graph). 5 and 7 are drawn on a map. */
export const graphTypes = {
  chart: 0,
  gauge: 1,
  difference: 2,
  score: 3,
  wind: 4,
  map: 5,
  multiChart: 6,
  mapChart: 7,
} as const;
export type GraphTypeName = keyof typeof graphTypes;
export type GraphTypeId = (typeof graphTypes)[GraphTypeName];

/** Chart kinds by id, as the settings' chart type: 0 pie, 1 donut, 2 bar, 3 line. */
export const chartKinds = ['pie', 'donut', 'bar', 'line'] as const;
export type ChartKind = (typeof chartKinds)[number];

/** The grid has 12 columns (spec §9). */
export const GRID_COLUMNS = 12;
export const GRAPHS_MAX = 48;
export const DASHBOARDS_MAX = 100;
export const DASHBOARD_ID_MAX_LENGTH = 120;
/** Spec §3 Dashboard: name 'My Dashboard', colour teal. */
export const DEFAULT_DASHBOARD_NAME = 'My Dashboard';
export const DEFAULT_DASHBOARD_COLOR = 'teal';

/** The largest dashboard request body, in bytes (1 MiB). */
export const DASHBOARD_BODY_LIMIT = 1024 * 1024;

export const DashboardId = Type.String({
  minLength: 1,
  maxLength: DASHBOARD_ID_MAX_LENGTH,
  pattern: '^[a-z0-9][a-z0-9-]*$',
  description: 'A slug of the name and six random characters, e.g. `lobby-x3k9q2`',
});
const Id = DashboardId;

/** Where a graph sits in the 12-column grid (react-grid-layout's item). */
export const GridItem = Type.Object(
  {
    i: Type.String({ maxLength: DASHBOARD_ID_MAX_LENGTH }),
    x: Type.Integer({ minimum: 0, maximum: GRID_COLUMNS - 1 }),
    y: Type.Integer({ minimum: 0, maximum: 10_000 }),
    w: Type.Integer({ minimum: 1, maximum: GRID_COLUMNS }),
    h: Type.Integer({ minimum: 1, maximum: 200 }),
    minW: Type.Optional(Type.Integer({ minimum: 1, maximum: GRID_COLUMNS })),
    minH: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
export type GridItem = Static<typeof GridItem>;

/**
 * A graph's period (spec §3 Period): the menu id (0–12), the display
 * granularity (timeType 0 minutely, 1 hourly, 2 daily, 3 summary), the chart
 * kind, and for the custom period (6) its from and to.
 */
export const GraphPeriod = Type.Object(
  {
    menuId: Type.Integer({ minimum: 0, maximum: 12 }),
    timeType: Type.Integer({ minimum: 0, maximum: 3 }),
    chartType: Type.Integer({
      minimum: 0,
      maximum: 3,
      description: '0 pie, 1 donut, 2 bar, 3 line',
    }),
    from: Type.Optional(Nullable(Timestamp)),
    to: Type.Optional(Nullable(Timestamp)),
    raw: Type.Optional(Type.Boolean({ description: 'Raw points rather than buckets' })),
    hide: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type GraphPeriod = Static<typeof GraphPeriod>;

/** How a data source is read: 0 a device's data key, 1 a statistic of it, 2 a cloud function's output. */
export const dataSourceTypes = { key: 0, statistic: 1, function: 2 } as const;

const DataKeyName = Type.String({
  minLength: 1,
  maxLength: KEY_NAME_MAX_LENGTH,
  pattern: KEY_NAME_PATTERN,
});

/**
 * One data source (spec §3 Graph dataSource): a device's data key, its
 * conversion factor (`cf`, values are multiplied by it), and how it is read.
 */
export const DataSource = Type.Object(
  {
    type: Type.Integer({ minimum: 0, maximum: 2 }),
    deviceId: Nullable(EntityId),
    dataKey: Nullable(DataKeyName),
    cf: Type.Number({ description: 'Conversion factor; values are multiplied by it', default: 1 }),
    statistic: Type.Optional(Statistic),
    functionId: Type.Optional(Nullable(EntityId)),
    label: Type.Optional(Nullable(Text(200))),
    unit: Type.Optional(Nullable(Text(40))),
  },
  { additionalProperties: false },
);
export type DataSource = Static<typeof DataSource>;

/** The fields every graph has (spec §3 Graph). `grid` is missing only in old dashboards, which the console repairs. */
const graphFields = {
  id: Type.String({ minLength: 1, maxLength: DASHBOARD_ID_MAX_LENGTH }),
  name: Text(200),
  description: Type.Optional(Nullable(Text(2000))),
  grid: Type.Optional(GridItem),
  /** 0 the user's default period (Settings → Diagrams), 1 the graph's own period. */
  periodType: Type.Integer({ minimum: 0, maximum: 1 }),
  period: GraphPeriod,
  /** Seconds between re-reads of history; 0 means live updates only. */
  refresh: Type.Integer({ minimum: 0, maximum: 86_400 }),
  unit: Type.Optional(Nullable(Text(40))),
  cf: Type.Optional(Type.Number({ description: 'Conversion factor for the graph' })),
  label: Type.Optional(Nullable(Text(200))),
  dataSource: DataSource,
  /** The value axis: linear (default) or logarithmic. */
  yAxis: Type.Optional(Type.Union([Type.Literal('linear'), Type.Literal('log')])),
};

const graphOf = <Id extends GraphTypeId, T extends Record<string, TSchema>>(type: Id, fields: T) =>
  Type.Object(
    { ...graphFields, type: Type.Literal(type), ...fields },
    { additionalProperties: false },
  );

export const ChartGraph = graphOf(graphTypes.chart, {});
export const GaugeGraph = graphOf(graphTypes.gauge, {
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
});
export const DifferenceGraph = graphOf(graphTypes.difference, {
  dataSources: Type.Object({ a: DataSource, b: DataSource }, { additionalProperties: false }),
});
export const ScoreGraph = graphOf(graphTypes.score, {
  dataSources: Type.Array(DataSource, { minItems: 2, maxItems: 2 }),
});
export const WindGraph = graphOf(graphTypes.wind, {
  directionKey: Type.Optional(Nullable(DataKeyName)),
});
/** A map graph (type 5) names at most this many devices. */
export const MAP_GRAPH_DEVICES_MAX = 10_000;
export const MapGraph = graphOf(graphTypes.map, {
  deviceIds: Type.Array(EntityId, { maxItems: MAP_GRAPH_DEVICES_MAX }),
});
export const MultiChartGraph = graphOf(graphTypes.multiChart, {
  deviceTypeId: Nullable(EntityId),
  deviceIds: Type.Array(EntityId, { maxItems: 50 }),
});
export const MapChartGraph = graphOf(graphTypes.mapChart, {
  lat: Nullable(Type.Number({ minimum: -90, maximum: 90 })),
  long: Nullable(Type.Number({ minimum: -180, maximum: 180 })),
  deviceId: Nullable(EntityId),
  deviceUUID: Nullable(Uuid),
});

/** A graph: a union of its types, told apart by `type`. */
export const Graph = Type.Union([
  ChartGraph,
  GaugeGraph,
  DifferenceGraph,
  ScoreGraph,
  WindGraph,
  MapGraph,
  MultiChartGraph,
  MapChartGraph,
]);
export type Graph = Static<typeof Graph>;
export type ChartGraph = Static<typeof ChartGraph>;
export type GaugeGraph = Static<typeof GaugeGraph>;
export type DifferenceGraph = Static<typeof DifferenceGraph>;
export type ScoreGraph = Static<typeof ScoreGraph>;
export type WindGraph = Static<typeof WindGraph>;
export type MapGraph = Static<typeof MapGraph>;
export type MultiChartGraph = Static<typeof MultiChartGraph>;
export type MapChartGraph = Static<typeof MapChartGraph>;

/** Spec §3 Graph: default sizes per type, in grid units. A new graph is 6 wide (spec §4). */
export const defaultGraphSizes: Record<
  GraphTypeId,
  { w: number; h: number; minW?: number; minH?: number }
> = {
  0: { w: 6, h: 12, minW: 4, minH: 12 },
  1: { w: 4, h: 12 },
  2: { w: 4, h: 12 },
  3: { w: 4, h: 12 },
  4: { w: 6, h: 13, minW: 6, minH: 12 },
  5: { w: 6, h: 12, minW: 4, minH: 12 },
  6: { w: 6, h: 12, minW: 4, minH: 12 },
  7: { w: 6, h: 18 },
};

/** What a dashboard is made of, as created, imported or replaced. */
const dashboardFields = {
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  color: Type.String({ maxLength: 40, description: 'A named colour (default teal) or #rrggbb' }),
  description: Nullable(Text(2000)),
  graphs: Type.Array(Graph, { maxItems: GRAPHS_MAX }),
};

export const Dashboard = Type.Object({
  id: Id,
  ...dashboardFields,
  ownerUuid: Uuid,
  orgUuid: Uuid,
  /** Grows by one with every save; a save names the version it started from. */
  version: Type.Integer({ minimum: 1 }),
  created: Timestamp,
  modified: Timestamp,
});
export type Dashboard = Static<typeof Dashboard>;

export const DashboardList = Type.Array(Dashboard);
export type DashboardList = Static<typeof DashboardList>;

/** A new dashboard; the server makes the id from the name unless one is given. */
export const DashboardCreate = Type.Object(
  {
    id: Type.Optional(Id),
    name: Type.Optional(dashboardFields.name),
    color: Type.Optional(dashboardFields.color),
    description: Type.Optional(dashboardFields.description),
    graphs: Type.Optional(dashboardFields.graphs),
  },
  { additionalProperties: false },
);
export type DashboardCreate = Static<typeof DashboardCreate>;

/**
 * A save: the whole dashboard and the version it was read at. A stale
 * version is answered 409 with the current dashboard, so nothing is lost.
 */
export const DashboardUpdate = Type.Object(
  {
    name: dashboardFields.name,
    color: dashboardFields.color,
    description: dashboardFields.description,
    graphs: dashboardFields.graphs,
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type DashboardUpdate = Static<typeof DashboardUpdate>;

/** The 409 answer to a stale save: what is stored now. */
export const DashboardConflict = Type.Object({
  statusCode: Type.Literal(409),
  error: Type.String(),
  message: Type.String(),
  current: Dashboard,
});
export type DashboardConflict = Static<typeof DashboardConflict>;

/** A dashboard as exported to a JSON file and imported back. */
export const DASHBOARD_FILE_FORMAT = 'nordlys.dashboard';
export const DashboardFile = Type.Object(
  {
    format: Type.Literal(DASHBOARD_FILE_FORMAT),
    version: Type.Literal(1),
    exported: Timestamp,
    dashboard: Type.Object(
      {
        id: Type.Optional(Type.String({ maxLength: DASHBOARD_ID_MAX_LENGTH })),
        ...dashboardFields,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type DashboardFile = Static<typeof DashboardFile>;

const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const ID_SUFFIX_LENGTH = 6;
const SLUG_MAX_LENGTH = DASHBOARD_ID_MAX_LENGTH - ID_SUFFIX_LENGTH - 1;

/** The name in lower-case letters, digits and dashes: "Lobby – Aarhus Ø" → "lobby-aarhus-o". */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'aa')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
  return slug || 'dashboard';
}

/**
 * A dashboard's or graph's id (spec §3): the slug of its name, a dash and
 * six random characters. `random` returns numbers in [0, 1) (injected, so
 * tests and machines choose it).
 */
export function idFromName(name: string, random: () => number): string {
  let suffix = '';
  for (let i = 0; i < ID_SUFFIX_LENGTH; i++)
    suffix += SUFFIX_ALPHABET[Math.floor(random() * SUFFIX_ALPHABET.length)] ?? 'a';
  return `${slugOf(name)}-${suffix}`;
}
