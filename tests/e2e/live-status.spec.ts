import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, demo, signIn } from './helpers.ts';
import { mqttDevices, publish } from './mqtt-devices.ts';

/**
 * Resolves once the page's live feed acknowledged its subscription to the
 * organisation's status changes (`subscribe {org: true}`, docs/live.md), over
 * the long-polling transport or the WebSocket; a change before it would be
 * missed, since nothing on these screens says when the feed is live.
 */
function statusFeedFollowed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const read = (text: string) => {
      if (text.includes('"org":true}')) resolve();
    };
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/live/')) {
        response.text().then(read, () => undefined);
      }
    });
    page.on('websocket', (socket) => socket.on('framereceived', (f) => read(String(f.payload))));
  });
}

test('a silent device turns green in the list and on its page as soon as it publishes', async ({
  page,
  request,
}, testInfo) => {
  const devices = await mqttDevices(request);
  try {
    const device = await devices.make(`E2E status ${testInfo.project.name} ${Date.now()}`);
    await signIn(page, demo.user);
    await acceptCookies(page);

    // The list, searched down to the new device: never heard from.
    const listFollows = statusFeedFollowed(page);
    await page.goto(`/sensors?search=${encodeURIComponent(device.name)}`);
    const listDot = page
      .getByRole('table', { name: 'Enheder' })
      .getByRole('row', { name: new RegExp(device.name) })
      .locator('[data-device-status]');
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
  } finally {
    await devices.removeAll();
  }
});
