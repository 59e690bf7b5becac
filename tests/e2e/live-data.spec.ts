import mqtt from 'mqtt';
import { expect, test } from '@playwright/test';
import { acceptCookies, apiToken, demo, signIn } from './helpers.ts';

interface DeviceRow {
  id: number;
  name: string;
  registry: { id: number; name: string } | null;
  dataKeys: { key: string; name?: string }[];
}

test('a value published over MQTT with the device token appears on the open chart and in the log', async ({
  page,
  request,
}, testInfo) => {
  const manager = await apiToken(request, demo.manager);
  const headers = { authorization: `Bearer ${manager}` };
  // The demo's MQTT registry (other tests add registries of their own).
  const registries = (await (
    await request.get('/api/v2/registries?pageSize=100', { headers })
  ).json()) as { items: { id: number; name: string; protocol: string }[] };
  const mqttRegistry = registries.items.find(
    (r) => r.protocol === 'mqtt' && r.name === 'København tællere',
  );
  if (!mqttRegistry) throw new Error('the demo world has no MQTT registry');
  // A device the plain user may see: one of their own organisation's (sign-ins
  // per user are rate limited, so the manager's token looks it up).
  const listed = (await (
    await request.get(`/api/v2/devices?registryId=${mqttRegistry.id}&pageSize=50&sort=name`, {
      headers,
    })
  ).json()) as { items: (DeviceRow & { org: { name: string } })[] };
  const devices = { items: listed.items.filter((d) => d.org.name === 'Københavns Byliv') };
  // Each project watches its own device: the server and its data outlive a project.
  const device = devices.items[testInfo.project.name === 'mobile' ? 1 : 0];
  if (!device?.registry) throw new Error('the demo registry has no device');
  const made = await request.post('/api/generateToken', {
    headers,
    data: { label: `e2e live ${Date.now()}`, type: 'device', reference: device.id },
  });
  expect(made.status()).toBe(201);
  const deviceToken = ((await made.json()) as { token: string }).token;

  // The plain user watches the device's temperature over the last five minutes.
  await signIn(page, demo.user);
  await acceptCookies(page);
  await page.goto(`/sensor/${device.id}/data?period=8`);
  const chart = page.getByRole('region', { name: 'Temperature (°C)' });
  await expect(chart.getByText(/Ingen data i denne periode endnu/)).toBeVisible();
  await expect(page.getByRole('status', { name: /Live-data: Live/ })).toBeVisible();

  // A real MQTT client publishes as the device, with the device's token.
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT}`, {
    username: String(device.id),
    password: deviceToken,
    reconnectPeriod: 0,
  });
  try {
    await client.publishAsync(
      `registries/${device.registry.id}/devices/${device.id}/data`,
      JSON.stringify({ temperature: 21.5, ts: Date.now() }),
      { qos: 1 },
    );
  } finally {
    await client.endAsync();
  }

  // No reload: the point arrives through the live feed.
  await expect(chart.getByRole('img', { name: /Temperature \(°C\): 1 · 21,500/ })).toBeVisible();

  await page.getByRole('link', { name: 'Log' }).click();
  await expect(page.getByRole('table', { name: 'Beskeder' })).toContainText('"temperature":21.5');
});

test('a publish with a wrong token is refused and nothing is stored', async ({ request }) => {
  const manager = await apiToken(request, demo.manager);
  const headers = { authorization: `Bearer ${manager}` };
  const devices = (await (await request.get('/api/v2/devices?pageSize=1', { headers })).json()) as {
    items: DeviceRow[];
  };
  const device = devices.items[0];
  if (!device?.registry) throw new Error('the demo world has no device in a registry');
  const attempt = mqtt.connectAsync(`mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT}`, {
    username: String(device.id),
    password: 'nly_not-a-token',
    reconnectPeriod: 0,
  });
  await expect(attempt).rejects.toThrow(/Bad username or password|Not authorized/);
});
