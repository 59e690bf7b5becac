import { expect, type APIRequestContext } from '@playwright/test';
import type { Dashboard, DataSource, Graph, GraphPeriod } from '../../contracts/dashboard.ts';
import type { Device } from '../../contracts/device.ts';
import type { PageOf } from '../../contracts/list.ts';

/** A device as the devices list answers it (contracts/device.ts). */
export type DemoDevice = Pick<Device, 'id' | 'name' | 'registry' | 'deviceType' | 'org'>;

/** The demo's counters of Københavns Byliv (the plain user's organisation), by name. */
export async function bylivCounters(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v2/devices?pageSize=100&sort=name&search=Strøget', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as PageOf<Device>;
  const byName = (name: string) => {
    const device = items.find((d) => d.name === name);
    if (!device) throw new Error(`the demo world has no device ${name}`);
    return device;
  };
  return { a: byName('Strøget, Amagertorv A'), b: byName('Strøget, Amagertorv B') };
}

export const source = (deviceId: number, dataKey: string): DataSource => ({
  type: 0,
  deviceId,
  dataKey,
  cf: 1,
});

/** A line chart of one device's key over its own period, at a place in the grid (or none). */
export function lineGraph(
  id: string,
  deviceId: number,
  dataKey: string,
  period: Partial<GraphPeriod> = {},
  grid: { x: number; y: number } | null = { x: 0, y: 0 },
): Graph {
  return {
    id,
    name: `Line ${id}`,
    description: null,
    type: 0,
    periodType: 1,
    period: { menuId: 3, timeType: 2, chartType: 3, ...period },
    refresh: 0,
    dataSource: source(deviceId, dataKey),
    ...(grid ? { grid: { i: id, ...grid, w: 6, h: 12, minW: 4, minH: 12 } } : {}),
  };
}

/** Makes a dashboard of the caller's own through the API. */
export async function createDashboard(
  request: APIRequestContext,
  token: string,
  body: { name: string; graphs: Graph[] },
): Promise<Dashboard> {
  const res = await request.post('/api/v2/dashboards', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...body, color: 'teal', description: null },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Dashboard;
}

export async function readDashboard(
  request: APIRequestContext,
  token: string,
  id: string,
): Promise<Dashboard> {
  const res = await request.get(`/api/v2/dashboard/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Dashboard;
}

/** A device token for publishing as the device. */
export async function deviceToken(request: APIRequestContext, token: string, deviceId: number) {
  const made = await request.post('/api/generateToken', {
    headers: { authorization: `Bearer ${token}` },
    data: { label: `e2e dashboards ${Date.now()}`, type: 'device', reference: deviceId },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { token: string }).token;
}
