import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, demo, signIn } from './helpers.ts';
import { mqttDevices, publish } from './mqtt-devices.ts';
import { statusFeedFollowed } from './status-feed.ts';

/** The status dot in the row of the named device, wherever the page lists it. */
const rowStatusDot = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('row', { name: new RegExp(name) })
    .locator('[data-device-status]');

/** Opens a page of the signed-in context, searched down to the device when it has a search box. */
async function openList(page: Page, url: string, name: string, search: boolean) {
  const follows = statusFeedFollowed(page);
  await page.goto(url);
  if (search) await page.getByRole('main').getByRole('searchbox').fill(name);
  const dot = rowStatusDot(page, name);
  await expect(dot).toHaveAttribute('data-device-status', 'none');
  await follows;
  // A mark a reload would wipe out.
  await page.evaluate(() => Object.assign(window, { e2eMark: 1 }));
  return dot;
}

test('a device that publishes turns green in the device list, its registry and its organisation, without a reload', async ({
  page,
  request,
}, testInfo) => {
  const devices = await mqttDevices(request);
  try {
    const device = await devices.make(`E2E tabs ${testInfo.project.name} ${Date.now()}`);
    const read = await request.get(`/api/v2/device/${device.id}`, { headers: devices.headers });
    const orgUuid = ((await read.json()) as { org: { uuid: string } }).org.uuid;
    await signIn(page, demo.manager);
    await acceptCookies(page);

    const list = await openList(
      page,
      `/sensors?search=${encodeURIComponent(device.name)}`,
      device.name,
      false,
    );
    const registryPage = await page.context().newPage();
    const registry = await openList(
      registryPage,
      `/registry/${device.registryId}`,
      device.name,
      true,
    );
    const orgPage = await page.context().newPage();
    const org = await openList(orgPage, `/management/org/${orgUuid}/devices`, device.name, true);

    await publish(device, { temperature: 19.5 });

    for (const dot of [list, registry, org]) {
      await expect(dot).toHaveAttribute('data-device-status', 'green');
      await expect(dot).toHaveAttribute('title', 'Forbundet og modtager data');
    }
    for (const open of [page, registryPage, orgPage])
      expect(await open.evaluate(() => 'e2eMark' in window)).toBe(true);
  } finally {
    await devices.removeAll();
  }
});
