import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type WebSocketRoute,
} from '@playwright/test';
import { acceptCookies, demo, refuseFeedWebSockets, setFeedAway, signIn } from './helpers.ts';
import { mqttDevices, publish, type MqttDevice } from './mqtt-devices.ts';
import { statusFeedFollowed } from './status-feed.ts';

/** Signs in as the demo user with a new, silent MQTT device; removes it afterwards. */
async function withNewDevice(
  page: Page,
  request: APIRequestContext,
  prefix: string,
  run: (device: MqttDevice, devices: Awaited<ReturnType<typeof mqttDevices>>) => Promise<void>,
): Promise<void> {
  const devices = await mqttDevices(request);
  try {
    const device = await devices.make(`${prefix} ${Date.now()}`);
    await signIn(page, demo.user);
    await acceptCookies(page);
    await run(device, devices);
  } finally {
    await devices.removeAll();
  }
}

/** The status dot of a device's row in the device list. */
const listStatusDot = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Enheder' })
    .getByRole('row', { name: new RegExp(name) })
    .locator('[data-device-status]');

test('a silent device turns green in the list and on its page as soon as it publishes', async ({
  page,
  request,
}, testInfo) => {
  await withNewDevice(page, request, `E2E status ${testInfo.project.name}`, async (device) => {
    // The list, searched down to the new device: never heard from.
    const listFollows = statusFeedFollowed(page);
    await page.goto(`/sensors?search=${encodeURIComponent(device.name)}`);
    const listDot = listStatusDot(page, device.name);
    await expect(listDot).toHaveAttribute('data-device-status', 'none');
    await expect(listDot).toHaveAttribute('title', 'Ingen enhed tilknyttet');

    // Its page, open beside the list.
    const detail = await page.context().newPage();
    const detailFollows = statusFeedFollowed(detail);
    await detail.goto(`/sensor/${device.id}`);
    await expect(detail.getByRole('heading', { name: device.name })).toBeVisible();
    // In the heading and among the details.
    const detailDots = detail.locator('[data-device-status]');
    await expect(detailDots).toHaveCount(2);
    await expect(detail.locator('[data-device-status="none"]')).toHaveCount(2);
    await Promise.all([listFollows, detailFollows]);
    // A mark a reload would wipe out.
    for (const open of [page, detail])
      await open.evaluate(() => Object.assign(window, { e2eMark: 1 }));

    await publish(device, { temperature: 20.5 });

    // No reload: the status event of the live feed turns both green.
    await expect(listDot).toHaveAttribute('data-device-status', 'green');
    await expect(listDot).toHaveAttribute('title', 'Forbundet og modtager data');
    await expect(detail.locator('[data-device-status="green"]')).toHaveCount(2);
    await expect(detail.getByTitle('Forbundet og modtager data')).toHaveCount(2);
    for (const open of [page, detail])
      expect(await open.evaluate(() => 'e2eMark' in window)).toBe(true);
    await detail.close();
  });
});

test('after the live feed was away, the list reads the colours it missed', async ({
  page,
  request,
}, testInfo) => {
  await withNewDevice(
    page,
    request,
    `E2E away ${testInfo.project.name}`,
    async (device, devices) => {
      // The live feed passes through here, so the test can cut it and keep it out.
      let away = false;
      const sockets: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
      let onTheSocket: () => void = () => undefined;
      const onWebSocket = new Promise<void>((resolve) => (onTheSocket = resolve));
      let followedOnSocket: () => void = () => undefined;
      const socketFollowed = new Promise<void>((resolve) => (followedOnSocket = resolve));
      let refused: () => void = () => undefined;
      const reconnectRefused = new Promise<void>((resolve) => (refused = resolve));
      // While away, the feed's WebSocket is refused, and its long polling below.
      await refuseFeedWebSockets(page, 'while away');
      await page.routeWebSocket(/\/api\/live\//, (socket) => {
        const server = socket.connectToServer();
        // Passed on as they are; the subscription's answer is noted (routed
        // sockets are not reported as the page's own).
        server.onMessage((message) => {
          if (String(message).includes('"org":true}')) followedOnSocket();
          socket.send(message);
        });
        socket.onMessage((message) => server.send(message));
        sockets.push({ page: socket, server });
        // The feed starts on the WebSocket (long polling only where one cannot get through).
        onTheSocket();
      });
      await page.route(/\/api\/live\//, (route) => {
        if (!away) return route.continue();
        refused();
        return route.abort();
      });

      const followed = statusFeedFollowed(page);
      await page.goto(`/sensors?search=${encodeURIComponent(device.name)}`);
      const listDot = listStatusDot(page, device.name);
      await expect(listDot).toHaveAttribute('data-device-status', 'none');
      await Promise.race([followed, socketFollowed]);
      await onWebSocket;
      await page.evaluate(() => Object.assign(window, { e2eMark: 1 }));

      // The connection drops, and reconnecting fails while the device publishes.
      away = true;
      await setFeedAway(page, true);
      for (const socket of sockets.splice(0)) {
        await socket.server.close();
        await socket.page.close();
      }
      // The page tried to reconnect and failed: it no longer hears the feed.
      await reconnectRefused;
      await publish(device, { temperature: 21 });
      await expect
        .poll(async () => {
          const res = await request.get(`/api/v2/device/${device.id}`, {
            headers: devices.headers,
          });
          return ((await res.json()) as { status: string }).status;
        })
        .toBe('green');
      await expect(listDot).toHaveAttribute('data-device-status', 'none');

      // Back: the feed follows again, and the list reads what it missed.
      away = false;
      await setFeedAway(page, false);
      await expect(listDot).toHaveAttribute('data-device-status', 'green', { timeout: 20_000 });
      expect(await page.evaluate(() => 'e2eMark' in window)).toBe(true);
    },
  );
});
