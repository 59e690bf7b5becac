import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { expect, test } from '@playwright/test';
import type { Graph } from '../../contracts/dashboard.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServerNode, type ServerNode } from '../helpers/server-node.ts';
import { source } from './dashboard-fixtures.ts';

const PASSWORD = 'e2e-kiosk-password';
const KEYS = ['countIn', 'countOut', 'temperature', 'battery'] as const;
const DEVICES = 6;

test.use({ viewport: { width: 1920, height: 1080 } });

test('a wall display of 24 live graphs at 1920×1080 keeps drawing across a server restart, untouched', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'A wall display is a large screen');
  test.setTimeout(240_000);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nordlys-kiosk-'));
  const mqttPort = await freePort();
  const env = {
    DATA_DIR: dataDir,
    DEMO: '1',
    DEMO_PASSWORD: PASSWORD,
    DEMO_HISTORY_DAYS: '0',
    SIMULATE: '0',
    MQTT_PORT: String(mqttPort),
    DATABASE_URL: '',
    MQTT_URL: '',
    REDIS_URL: '',
  };
  let node: ServerNode = await startServerNode(env, 120_000);
  try {
    const api = async <T>(
      route: string,
      init: { method?: string; body?: unknown; token?: string },
    ) => {
      const res = await fetch(`${node.url}/api${route}`, {
        method: init.method ?? 'GET',
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      expect(res.ok, `${route}: ${res.status}`).toBe(true);
      return (await res.json()) as T;
    };
    const { token } = await api<{ token: string }>('/auth/basic', {
      method: 'POST',
      body: { username: 'manager@nordlys.example', password: PASSWORD },
    });
    const registries = await api<{ items: { id: number; protocol: string }[] }>(
      '/v2/registries?pageSize=100',
      { token },
    );
    const registry = registries.items.find((r) => r.protocol === 'mqtt');
    if (!registry) throw new Error('the demo world has no MQTT registry');
    const devices = (
      await api<{ items: { id: number }[] }>(
        `/v2/devices?registryId=${registry.id}&pageSize=${DEVICES}&sort=name`,
        { token },
      )
    ).items.slice(0, DEVICES);
    expect(devices).toHaveLength(DEVICES);
    const secret = (
      await api<{ token: string }>('/generateToken', {
        method: 'POST',
        token,
        body: { label: 'e2e wall display', type: 'registry', reference: registry.id },
      })
    ).token;

    // 24 live graphs (last 5 minutes), six to a row, all on the screen.
    const graphs: Graph[] = devices.flatMap((device, d) =>
      KEYS.map((key, k): Graph => {
        const index = d * KEYS.length + k;
        const id = `wall-${index}`;
        return {
          id,
          name: `${device.id} ${key}`,
          description: null,
          type: 0,
          periodType: 1,
          period: { menuId: 8, timeType: 0, chartType: 3 },
          refresh: 0,
          dataSource: source(device.id, key),
          grid: { i: id, x: (index % 6) * 2, y: Math.floor(index / 6) * 8, w: 2, h: 8 },
        };
      }),
    );
    const dashboard = await api<{ id: string }>('/v2/dashboards', {
      method: 'POST',
      token,
      body: { name: 'Control room', color: 'teal', description: null, graphs },
    });

    const publishAll = async (ts: number) => {
      for (const [d, device] of devices.entries()) {
        const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
          clientId: `${device.id}-wall`,
          username: String(device.id),
          password: secret,
          reconnectPeriod: 0,
        });
        try {
          const payload = Object.fromEntries(KEYS.map((key, k) => [key, d * 10 + k + 1]));
          await client.publishAsync(
            `registries/${registry.id}/devices/${device.id}/data`,
            JSON.stringify({ ...payload, ts }),
            { qos: 1 },
          );
        } finally {
          await client.endAsync();
        }
      }
    };
    const drawnAt = (ts: number) =>
      expect
        .poll(
          () =>
            page
              .locator('[data-graph] [data-last-drawn]')
              .evaluateAll((charts) => charts.map((c) => c.getAttribute('data-last-drawn'))),
          { timeout: 30_000 },
        )
        .toEqual(Array.from({ length: 24 }, () => String(ts)));

    await page.context().addCookies([{ name: 'SESSION', value: token, url: node.url }]);
    await page.goto(`${node.url}/dashboard?board=${dashboard.id}&kiosk=1`);
    const kiosk = page.getByTestId('kiosk');
    // A fresh server's first page on a busy machine: more than the default 5 s at times.
    await expect(kiosk).toBeVisible({ timeout: 20_000 });
    // The console's chrome is not there: no sidebar, no header search.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByPlaceholder(/^(Søg|Search)$/)).toHaveCount(0);
    await expect(kiosk).toHaveAttribute('data-feed', 'live');
    await expect(page.locator('[data-graph]')).toHaveCount(24);
    // Every graph has read its (empty) history and follows the feed.
    await expect(page.getByText(/(ingen data|no data)/i)).toHaveCount(24, { timeout: 30_000 });

    const first = Date.now();
    await publishAll(first);
    await drawnAt(first);

    // The server goes away and comes back on the same address; nobody touches the page.
    await node.stop();
    await expect(kiosk).not.toHaveAttribute('data-feed', 'live', { timeout: 30_000 });
    node = await startServerNode(env, 120_000, node.port);
    await expect(kiosk).toHaveAttribute('data-feed', 'live', { timeout: 60_000 });
    const second = Date.now();
    await publishAll(second);
    await drawnAt(second);
    await expect(page.locator('[data-graph]')).toHaveCount(24);
  } finally {
    await node.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
