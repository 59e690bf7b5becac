import mqtt from 'mqtt';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { acceptCookies, apiToken, demo, refuseFeedWebSockets, signIn } from './helpers.ts';
import { connectAs, dataTopic, mqttDevices, publish } from './mqtt-devices.ts';

interface DeviceRow {
  id: number;
  name: string;
  registry: { id: number; name: string } | null;
  dataKeys: { key: string; name?: string }[];
}

/** What the page asked of the live feed (`/api/live`): its long-polling requests and its WebSockets. */
function recordFeedTransports(page: Page) {
  const seen = { polling: 0, websockets: 0 };
  const isLive = (url: string) => new URL(url).pathname.startsWith('/api/live/');
  page.on('request', (r) => {
    if (isLive(r.url()) && new URL(r.url()).searchParams.get('transport') === 'polling')
      seen.polling += 1;
  });
  page.on('websocket', (socket) => {
    if (isLive(socket.url())) seen.websockets += 1;
  });
  return seen;
}

/**
 * A plain user watches a device's temperature chart while a real MQTT client publishes
 * `value` as the device: the point shows without a reload, and in the log.
 */
async function publishedPointShows(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  value: number,
) {
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
  const chart = page.getByRole('region', { name: 'Temperatur (°C)' });
  // A chart off screen lets the live feed go: this one is below the other keys.
  await chart.scrollIntoViewIfNeeded();
  // Loaded: the demo's history of the last minutes, or none when the server started before them.
  await expect(
    chart
      .getByRole('img', { name: /^Temperatur \(°C\): \d+ · / })
      .or(chart.getByText(/Ingen data i denne periode endnu/)),
  ).toBeVisible();
  const shown = new RegExp(`· ${value.toFixed(3).replace('.', ',')}$`);
  await expect(chart.getByRole('img', { name: shown })).toHaveCount(0);
  await expect(page.getByRole('status', { name: /Live-data: Live/ })).toBeVisible();

  // A real MQTT client publishes as the device, with the device's token.
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT}`, {
    clientId: `${device.id}-e2e`,
    username: String(device.id),
    password: deviceToken,
    reconnectPeriod: 0,
  });
  try {
    await client.publishAsync(
      `registries/${device.registry.id}/devices/${device.id}/data`,
      JSON.stringify({ temperature: value, ts: Date.now() }),
      { qos: 1 },
    );
  } finally {
    await client.endAsync();
  }

  // No reload: the point arrives through the live feed.
  // The newest point of the chart is the one published.
  await expect(chart.getByRole('img', { name: shown })).toBeVisible();

  await page.getByRole('link', { name: 'Log' }).click();
  await expect(page.getByRole('table', { name: 'Beskeder' })).toContainText(
    `"temperature":${value}`,
  );
}

test('a value published over MQTT with the device token appears on the open chart and in the log', async ({
  page,
  request,
}, testInfo) => {
  const feed = recordFeedTransports(page);
  await publishedPointShows(page, request, testInfo, 21.537);
  // Straight onto a WebSocket: no long polling first.
  expect(feed.websockets).toBeGreaterThan(0);
  expect(feed.polling).toBe(0);
});

test('where no WebSocket gets through, the live feed comes by long polling', async ({
  page,
  request,
}, testInfo) => {
  // As behind a proxy that refuses WebSockets.
  await refuseFeedWebSockets(page, 'always');
  const feed = recordFeedTransports(page);
  await publishedPointShows(page, request, testInfo, 22.463);
  expect(feed.polling).toBeGreaterThan(0);
});

test('a publish with a wrong token, to another device’s topic or from a blocked device is refused and stores nothing', async ({
  request,
}, testInfo) => {
  const devices = await mqttDevices(request);
  const refusedSignIn = /Bad username or password|Not authorized/;
  try {
    const stamp = `${testInfo.project.name} ${Date.now()}`;
    const sender = await devices.make(`E2E afsender ${stamp}`);
    const other = await devices.make(`E2E anden ${stamp}`);
    const blocked = await devices.make(`E2E blokeret ${stamp}`, { blocked: true });
    const payloads = async (id: number) => (await devices.messages(id)).map((m) => m.payload);

    // The control: the device's own token on its own topic is stored, and the API shows it.
    await publish(sender, { control: 1 });
    expect(await payloads(sender.id)).toEqual(['{"control":1}']);

    // A wrong token, or another device's, does not sign in.
    await expect(connectAs(sender.id, 'nly_not-a-token')).rejects.toThrow(refusedSignIn);
    await expect(connectAs(sender.id, other.token)).rejects.toThrow(refusedSignIn);
    // Signed in as itself, a publish to another device's topic ends the connection, unacknowledged.
    const client = await connectAs(sender.id, sender.token);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(dataTopic(other), JSON.stringify({ intruder: 1 }), { qos: 1 }, () => undefined);
    await closed;
    await client.endAsync(true);
    // A blocked device may not sign in, not even with its own token.
    await expect(connectAs(blocked.id, blocked.token)).rejects.toThrow(refusedSignIn);

    // Stored after the refusals: anything let through before it would be stored by now.
    await publish(sender, { control: 2 });
    expect(await payloads(sender.id)).toEqual(['{"control":2}', '{"control":1}']);
    expect(await payloads(other.id)).toEqual([]);
    expect(await payloads(blocked.id)).toEqual([]);
    // Nor did either become a device that sent data.
    for (const id of [other.id, blocked.id]) {
      const stored = await request.get(`/api/v2/device/${id}`, { headers: devices.headers });
      expect(await stored.json()).toMatchObject({ status: 'none' });
    }
  } finally {
    await devices.removeAll();
  }
});
