import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  Dashboard,
  Graph,
  GRID_COLUMNS,
  graphTypes,
  type GridItem,
} from '../../contracts/dashboard.ts';
import { isGraphComplete, isValidGrid } from '../../machines/dashboard-layout.ts';
import { demoDashboard, type DashboardCounter } from './demo-dashboards.ts';

/** A fixed sequence, so ids are known and differ from graph to graph. */
function sequence(): () => number {
  let n = 0;
  return () => (n++ * 0.137) % 1;
}

const counter = (id: number, name: string, deviceTypeId: number | null = 7): DashboardCounter => ({
  id,
  name,
  device_type_id: deviceTypeId,
});

const counters = [
  counter(11, 'Nyhavn A'),
  counter(12, 'Nyhavn B'),
  counter(13, 'Nørreport A'),
  counter(14, 'Nørreport B'),
  counter(15, 'Gate 9', 8),
  counter(16, 'Knippelsbro A'),
];

const overlap = (a: GridItem, b: GridItem) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Every device a graph reads. */
function devicesOf(graph: Graph): number[] {
  const ids = [graph.dataSource.deviceId];
  if (graph.type === graphTypes.difference)
    ids.push(graph.dataSources.a.deviceId, graph.dataSources.b.deviceId);
  if (graph.type === graphTypes.multiChart) ids.push(...graph.deviceIds);
  return ids.filter((id): id is number => id !== null);
}

describe('the demo dashboard', () => {
  const dashboard = demoDashboard(counters, sequence());
  if (dashboard === null) throw new Error('a dashboard over six counters');

  it('is a teal "Persontællere" dashboard with a slug-and-six id, in Danish by default', () => {
    expect(dashboard.name).toBe('Persontællere');
    expect(dashboard.description).toMatch(/^Dine persontællere/);
    expect(dashboard.color).toBe('teal');
    expect(dashboard.id).toMatch(/^persontaellere-[a-z0-9]{6}$/);
    expect(dashboard.graphs.map((graph) => graph.name)).toContain('Personer ind i dag');
  });

  it('speaks English to an English-speaking owner, with the same graphs', () => {
    const english = demoDashboard(counters, sequence(), 'en');
    expect(english?.name).toBe('People counters');
    expect(english?.id).toMatch(/^people-counters-[a-z0-9]{6}$/);
    expect(english?.graphs.map((graph) => graph.name)).toEqual([
      'People in today',
      'People out today',
      'People in, last 7 days – Nyhavn A',
      'In and out today – Nyhavn A',
      'Temperature, last 7 days – Nyhavn A',
      'Battery – Nyhavn A',
      'Battery – Nyhavn B',
      'Battery – Nørreport A',
    ]);
    expect(english?.graphs.map((graph) => graph.type)).toEqual(
      dashboard.graphs.map((graph) => graph.type),
    );
  });

  it('is a valid dashboard of complete graphs as the contract has them', () => {
    const stored = {
      ...dashboard,
      ownerUuid: '00000000-0000-4000-8000-000000000001',
      orgUuid: '00000000-0000-4000-8000-000000000002',
      version: 1,
      created: '2026-10-01T08:00:00.000Z',
      modified: '2026-10-01T08:00:00.000Z',
    };
    expect([...Value.Errors(Dashboard, stored)]).toEqual([]);
    for (const graph of dashboard.graphs) {
      expect(Value.Check(Graph, graph), graph.name).toBe(true);
      expect(isGraphComplete(graph), graph.name).toBe(true);
      expect(graph.id).toMatch(/^[a-z0-9-]+-[a-z0-9]{6}$/);
    }
    expect(new Set(dashboard.graphs.map((graph) => graph.id)).size).toBe(dashboard.graphs.length);
  });

  it('lays its graphs out in the 12 columns without overlaps', () => {
    const grids = dashboard.graphs.map((graph) => {
      expect(isValidGrid(graph.grid, graph.id), graph.name).toBe(true);
      return graph.grid as GridItem;
    });
    for (const grid of grids) expect(grid.x + grid.w).toBeLessThanOrEqual(GRID_COLUMNS);
    grids.forEach((a, i) =>
      grids.slice(i + 1).forEach((b) => expect(overlap(a, b), `${a.i} and ${b.i}`).toBe(false)),
    );
  });

  it('shows today live, the last week in bars, a difference card, temperature and batteries', () => {
    const summary = dashboard.graphs.map((graph) => [
      graph.type,
      graph.periodType,
      graph.period.menuId,
      graph.period.chartType,
      graph.dataSource.dataKey,
    ]);
    expect(summary).toEqual([
      [graphTypes.multiChart, 1, 0, 3, 'countIn'],
      [graphTypes.multiChart, 1, 0, 3, 'countOut'],
      [graphTypes.chart, 1, 3, 2, 'countIn'],
      [graphTypes.difference, 1, 0, 3, null],
      [graphTypes.chart, 1, 3, 3, 'temperature'],
      [graphTypes.gauge, 1, 3, 3, 'battery'],
      [graphTypes.gauge, 1, 3, 3, 'battery'],
      [graphTypes.gauge, 1, 3, 3, 'battery'],
    ]);
    const difference = dashboard.graphs.find((graph) => graph.type === graphTypes.difference);
    expect(difference?.type === graphTypes.difference && difference.dataSources).toMatchObject({
      a: { deviceId: 11, dataKey: 'countIn', statistic: 'sum' },
      b: { deviceId: 11, dataKey: 'countOut', statistic: 'sum' },
    });
    for (const gauge of dashboard.graphs.filter((graph) => graph.type === graphTypes.gauge))
      expect(gauge).toMatchObject({ min: 0, max: 100, dataSource: { unit: '%' } });
  });

  it('reads only the counters of the first one’s device type', () => {
    const multi = dashboard.graphs.find((graph) => graph.type === graphTypes.multiChart);
    expect(multi).toMatchObject({ deviceTypeId: 7, deviceIds: [11, 12, 13, 14] });
    const read = new Set(dashboard.graphs.flatMap(devicesOf));
    expect([...read].sort((a, b) => a - b)).toEqual([11, 12, 13, 14]);
    expect(read.has(15)).toBe(false);
  });

  it('is not made without counters of a device type', () => {
    expect(demoDashboard([], sequence())).toBeNull();
    expect(demoDashboard([counter(1, 'Loose', null)], sequence())).toBeNull();
  });
});
