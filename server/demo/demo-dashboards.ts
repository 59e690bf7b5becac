import type { Kysely } from 'kysely';
import { resolveScope, type OrgScope } from '../access/access.ts';
import { isGroupId } from '../access/matrix.ts';
import type { DB, Device, User } from '../db/types.ts';
import { dashboardRepository } from '../repositories/dashboard-repository.ts';
import { secureRandom } from '../services/dashboards.ts';
import {
  DEFAULT_DASHBOARD_COLOR,
  dataSourceTypes,
  graphTypes,
  idFromName,
  type ChartGraph,
  type DataSource,
  type DifferenceGraph,
  type GaugeGraph,
  type Graph,
  type GraphPeriod,
  type MultiChartGraph,
} from '../../contracts/dashboard.ts';
import { newGraph, repairDashboard } from '../../machines/dashboard-layout.ts';

/**
 * The dashboard every demo user starts with: their people counters today,
 * over the last week, their batteries and temperature. Made once, with the
 * demo world; a user may change or delete it like any of their own.
 */

/** The dashboard's words, in its owner's language. */
export const demoDashboardTexts = {
  da: {
    name: 'Persontællere',
    description: 'Dine persontællere: i dag live, de sidste syv dage, batterier og temperatur.',
    inToday: 'Personer ind i dag',
    outToday: 'Personer ud i dag',
    inWeek: (counter: string) => `Personer ind, sidste 7 dage – ${counter}`,
    inAndOutToday: (counter: string) => `Ind og ud i dag – ${counter}`,
    in: 'Ind',
    out: 'Ud',
    temperatureWeek: (counter: string) => `Temperatur, sidste 7 dage – ${counter}`,
    battery: (counter: string) => `Batteri – ${counter}`,
  },
  en: {
    name: 'People counters',
    description:
      'Your people counters: today live, the last seven days, batteries and temperature.',
    inToday: 'People in today',
    outToday: 'People out today',
    inWeek: (counter: string) => `People in, last 7 days – ${counter}`,
    inAndOutToday: (counter: string) => `In and out today – ${counter}`,
    in: 'In',
    out: 'Out',
    temperatureWeek: (counter: string) => `Temperature, last 7 days – ${counter}`,
    battery: (counter: string) => `Battery – ${counter}`,
  },
} as const;
export type DemoLanguage = keyof typeof demoDashboardTexts;
type Texts = (typeof demoDashboardTexts)[DemoLanguage];

/** The counters drawn today, side by side: two places, both entrances. */
const LIVE_COUNTERS = 4;
const GAUGES = 3;

/** What a dashboard needs to know of a counter. */
export type DashboardCounter = Pick<Device, 'id' | 'name' | 'device_type_id'>;
/** What the seed needs to know of a demo user. */
export type DemoPerson = Pick<User, 'uuid' | 'org_uuid' | 'group_id' | 'language'>;

export interface DemoDashboard {
  id: string;
  name: string;
  color: string;
  description: string;
  graphs: Graph[];
}

// Every graph keeps its own period (periodType 1): a new user has no default period yet.
const todayLine: GraphPeriod = { menuId: 0, timeType: 1, chartType: 3 };
const weekBars: GraphPeriod = { menuId: 3, timeType: 2, chartType: 2 };
const weekLine: GraphPeriod = { menuId: 3, timeType: 2, chartType: 3 };

const valueOf = (deviceId: number, dataKey: string, unit: string): DataSource => ({
  type: dataSourceTypes.key,
  deviceId,
  dataKey,
  cf: 1,
  unit,
});

/** Counts are people per half hour: charts and cards add them up. */
const countOf = (deviceId: number | null, dataKey: string, label?: string): DataSource => ({
  type: dataSourceTypes.statistic,
  deviceId,
  dataKey,
  cf: 1,
  statistic: 'sum',
  ...(label === undefined ? {} : { label }),
});

function countsToday(
  counters: readonly DashboardCounter[],
  typeId: number,
  dataKey: 'countIn' | 'countOut',
  name: string,
  random: () => number,
): MultiChartGraph {
  return {
    ...newGraph(graphTypes.multiChart, random, name),
    type: graphTypes.multiChart,
    periodType: 1,
    period: todayLine,
    // The counters of one type share their keys: the source names the key only.
    dataSource: countOf(null, dataKey),
    deviceTypeId: typeId,
    deviceIds: counters.slice(0, LIVE_COUNTERS).map((counter) => counter.id),
  };
}

function chartOf(
  name: string,
  period: GraphPeriod,
  dataSource: DataSource,
  random: () => number,
): ChartGraph {
  return {
    ...newGraph(graphTypes.chart, random, name),
    type: graphTypes.chart,
    periodType: 1,
    period,
    dataSource,
  };
}

function inAndOutToday(
  counter: DashboardCounter,
  texts: Texts,
  random: () => number,
): DifferenceGraph {
  return {
    ...newGraph(graphTypes.difference, random, texts.inAndOutToday(counter.name)),
    type: graphTypes.difference,
    periodType: 1,
    period: todayLine,
    dataSources: {
      a: countOf(counter.id, 'countIn', texts.in),
      b: countOf(counter.id, 'countOut', texts.out),
    },
  };
}

function battery(counter: DashboardCounter, texts: Texts, random: () => number): GaugeGraph {
  return {
    ...newGraph(graphTypes.gauge, random, texts.battery(counter.name)),
    type: graphTypes.gauge,
    periodType: 1,
    // A week, so the gauge has a latest value even just after midnight (batteries report every six hours).
    period: weekLine,
    dataSource: valueOf(counter.id, 'battery', '%'),
    min: 0,
    max: 100,
  };
}

/**
 * The demo dashboard over `counters` (those its owner may see), or null when
 * there are none, in its owner's language. It shows the counters of the first
 * one's device type, in the order given; the grid places its graphs as the
 * console places new ones, two to a row.
 */
export function demoDashboard(
  counters: readonly DashboardCounter[],
  random: () => number,
  language: DemoLanguage = 'da',
): DemoDashboard | null {
  const texts = demoDashboardTexts[language];
  const typeId = counters.find((counter) => counter.device_type_id !== null)?.device_type_id;
  if (typeId === undefined || typeId === null) return null;
  const shown = counters.filter((counter) => counter.device_type_id === typeId);
  const [first] = shown;
  if (first === undefined) return null;
  const graphs: Graph[] = [
    countsToday(shown, typeId, 'countIn', texts.inToday, random),
    countsToday(shown, typeId, 'countOut', texts.outToday, random),
    chartOf(texts.inWeek(first.name), weekBars, countOf(first.id, 'countIn'), random),
    inAndOutToday(first, texts, random),
    chartOf(
      texts.temperatureWeek(first.name),
      weekLine,
      valueOf(first.id, 'temperature', '°C'),
      random,
    ),
    ...shown.slice(0, GAUGES).map((counter) => battery(counter, texts, random)),
  ];
  return {
    id: idFromName(texts.name, random),
    name: texts.name,
    color: DEFAULT_DASHBOARD_COLOR,
    description: texts.description,
    graphs: repairDashboard({ graphs }).graphs,
  };
}

const visibleIn = (scope: OrgScope, orgUuid: string) => scope.all || scope.orgs.has(orgUuid);

/**
 * Gives each demo person the demo dashboard over the devices their group
 * and organisation let them see. Part of creating the demo world (run it in
 * that transaction): a restart does not come here, so a deleted dashboard
 * stays deleted. Returns how many dashboards were made.
 */
export async function seedDemoDashboards(
  db: Kysely<DB>,
  people: readonly DemoPerson[],
  devices: readonly Device[],
  random: () => number = secureRandom,
): Promise<number> {
  const repo = dashboardRepository(db);
  const ordered = [...devices].sort((a, b) => a.id - b.id);
  let made = 0;
  for (const person of people) {
    if (!isGroupId(person.group_id)) continue;
    const scope = await resolveScope(db, person.group_id, person.org_uuid);
    const dashboard = demoDashboard(
      ordered.filter((device) => visibleIn(scope, device.org_uuid)),
      random,
      person.language === 'en' ? 'en' : 'da',
    );
    if (dashboard === null) continue;
    const { id, ...values } = dashboard;
    if (await repo.create(person.uuid, id, values)) made++;
  }
  return made;
}
