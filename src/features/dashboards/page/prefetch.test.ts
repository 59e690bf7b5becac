import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bootSource from '../../../../public/boot.js?raw';
import {
  dataSourceTypes,
  graphTypes,
  type ChartGraph,
  type DashboardList,
  type DataSource,
  type DifferenceGraph,
  type GaugeGraph,
  type Graph,
  type MapChartGraph,
  type MapGraph,
  type MultiChartGraph,
  type ScoreGraph,
  type WindGraph,
} from '../../../../contracts/dashboard.ts';
import { newGraph } from '../../../../machines/dashboard-layout.ts';
import { listSearchParams } from '../../../api/list-query.ts';
import { QueryClient } from '@tanstack/react-query';
import { dropBootAnswers } from '../../../lib/boot.ts';
import { devicesOfDashboard, prefetchDashboard, shownDeviceIds } from './prefetch.ts';

const source = (deviceId: number | null, dataKey: string | null = 'temperature'): DataSource => ({
  type: dataSourceTypes.key,
  deviceId,
  dataKey,
  cf: 1,
});
let seed = 0;
const random = () => (seed = (seed * 9301 + 49297) % 233280) / 233280;

/** A dashboard with a graph of every kind, each on devices of its own. */
function everyKind(id: string, base: number): DashboardList[number] {
  const common = () => {
    const { id: graphId, name, period } = newGraph(graphTypes.chart, random);
    return { id: graphId, name, description: null, periodType: 0, period, refresh: 0 };
  };
  const chart = (dataSource: DataSource): ChartGraph => ({
    ...common(),
    type: graphTypes.chart,
    dataSource,
  });
  const difference: DifferenceGraph = {
    ...common(),
    type: graphTypes.difference,
    dataSource: source(base + 30),
    dataSources: { a: source(base + 5), b: source(base + 3) },
  };
  const score: ScoreGraph = {
    ...common(),
    type: graphTypes.score,
    dataSource: source(null),
    dataSources: [source(base + 7), source(base + 9, null), source(base + 8)],
  };
  const wind: WindGraph = {
    ...common(),
    type: graphTypes.wind,
    dataSource: source(base + 11),
    directionKey: 'direction',
  };
  const map: MapGraph = {
    ...common(),
    type: graphTypes.map,
    dataSource: source(null),
    deviceIds: [base + 12],
  };
  const multi: MultiChartGraph = {
    ...common(),
    type: graphTypes.multiChart,
    dataSource: source(null, 'count'),
    deviceTypeId: 2,
    deviceIds: [base + 13, base + 14],
  };
  const mapChart: MapChartGraph = {
    ...common(),
    type: graphTypes.mapChart,
    dataSource: source(null),
    lat: 1,
    long: 2,
    deviceId: base + 15,
    deviceUUID: null,
  };
  const gauge: GaugeGraph = { ...common(), type: graphTypes.gauge, dataSource: source(base + 1) };
  const graphs: Graph[] = [
    chart(source(base + 3)),
    gauge,
    chart(source(null)),
    chart(source(base + 20, null)),
    difference,
    score,
    wind,
    map,
    multi,
    mapChart,
  ];
  return {
    id,
    name: id,
    description: null,
    orgUuid: '00000000-0000-4000-8000-000000000001',
    ownerUuid: '00000000-0000-4000-8000-000000000002',
    created: '2026-11-28T00:00:00.000Z',
    modified: '2026-11-28T00:00:00.000Z',
    version: 1,
    color: '#1769aa',
    graphs,
  };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe("a dashboard's devices, asked for before the console's scripts ran (public/boot.js)", () => {
  const holder = globalThis as unknown as { nordlysBoot?: Record<string, Promise<Response>> };
  let list: DashboardList;
  let session: { user: { id: string } | null };
  const fetched = vi.fn((path: string) =>
    Promise.resolve(
      path === '/api/v2/dashboards'
        ? json(list)
        : path === '/api/auth/session'
          ? json(session)
          : json({}),
    ),
  );

  beforeEach(() => {
    vi.stubGlobal('fetch', fetched);
    list = [everyKind('first', 100), everyKind('wall', 200)];
    session = { user: { id: 'someone' } };
    localStorage.setItem('nordlys.user', '{}');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetched.mockClear();
    localStorage.clear();
    delete holder.nordlysBoot;
    window.history.replaceState(null, '', '/');
  });

  const boot = async (url: string) => {
    window.history.replaceState(null, '', url);
    new Function(bootSource)();
    // The dashboards' answer, its copy's JSON, then the devices' read.
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    return fetched.mock.calls.map(([path]) => path);
  };

  const expected = (board: string | undefined) =>
    `/api/v2/devices?${listSearchParams(devicesOfDashboard(shownDeviceIds(list, board)))}`;

  it('asks the one read the console makes of them, for the dashboard in the URL', async () => {
    const asked = await boot('/dashboard?board=wall&kiosk=1');
    expect(shownDeviceIds(list, 'wall')).toEqual([203, 201, 205, 207, 208, 211, 213, 214]);
    expect(asked).toContain(expected('wall'));
    expect(Object.keys(holder.nordlysBoot ?? {})).toContain(expected('wall'));
  });

  it('for the first dashboard when the URL names none', async () => {
    const asked = await boot('/dashboard');
    expect(asked).toContain(expected(undefined));
    expect(expected(undefined)).toContain(encodeURIComponent('103,101'));
  });

  it('in a browser that keeps no user, once the session says someone is signed in', async () => {
    localStorage.clear();
    window.history.replaceState(null, '', '/dashboard');
    new Function(bootSource)();
    // The place is taken before the session has answered: the console waits for this read.
    const dashboards = holder.nordlysBoot?.['/api/v2/dashboards'];
    expect(dashboards).toBeInstanceOf(Promise);
    expect(fetched.mock.calls.map(([path]) => path)).toEqual(['/api/config', '/api/auth/session']);
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await (await dashboards)?.json()).toEqual(list);
    expect(fetched.mock.calls.map(([path]) => path)).toEqual([
      '/api/config',
      '/api/auth/session',
      '/api/v2/dashboards',
      expected(undefined),
    ]);
  });

  it('are asked for once when the console reads the dashboards before boot.js has', async () => {
    // boot.js reads a copy of the dashboards' answer; here its reading ends last.
    fetched.mockImplementation((path: string) => {
      if (path !== '/api/v2/dashboards')
        return Promise.resolve(json(path === '/api/auth/session' ? session : { items: [] }));
      const answer = json(list);
      const copy = answer.clone();
      answer.clone = () =>
        Object.assign(copy, {
          json: () =>
            new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
              Response.prototype.json.call(copy),
            ),
        });
      return Promise.resolve(answer);
    });
    window.history.replaceState(null, '', '/dashboard');
    new Function(bootSource)();
    try {
      await prefetchDashboard(new QueryClient(), undefined);
      // The console's first page is still loading when boot.js has read its copy.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      dropBootAnswers();
    }
    const devices = fetched.mock.calls.map(([path]) => path).filter((p) => p.includes('devices'));
    expect(devices).toEqual([expected(undefined)]);
  });

  it('not for a visitor who is not signed in', async () => {
    localStorage.clear();
    session = { user: null };
    const asked = await boot('/dashboard');
    expect(asked).toEqual(['/api/config', '/api/auth/session']);
    expect(Object.keys(holder.nordlysBoot ?? {})).toEqual(['/api/config', '/api/auth/session']);
  });
});
