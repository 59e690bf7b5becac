import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, demo, signIn } from './helpers.ts';
import { mqttDevices, publish } from './mqtt-devices.ts';

/** GET requests to the messages API from now on. */
function messageReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname.endsWith('/v1/messages/')) {
      reads.push(request.url());
    }
  });
  return reads;
}

test('packets published over MQTT appear in the open log tab through the live feed, without polling', async ({
  page,
  request,
}, testInfo) => {
  const devices = await mqttDevices(request);
  try {
    const device = await devices.make(`E2E log ${testInfo.project.name} ${Date.now()}`);
    await signIn(page, demo.user);
    await acceptCookies(page);
    const reads = messageReads(page);
    await page.goto(`/sensor/${device.id}/log`);
    await expect(page.getByText(/Ingen beskeder endnu/)).toBeVisible();
    // Live once the feed follows the device and the list was read after that.
    await expect(page.getByRole('status', { name: 'Live-data: Live' })).toBeVisible();
    const initialReads = reads.length;
    expect(initialReads).toBeGreaterThan(0);

    await publish(device, { temperature: 19.25, marker: 'first' });
    const log = page.getByRole('table', { name: 'Beskeder' });
    await expect(log).toContainText('"marker":"first"');
    await publish(device, { temperature: 19.5, marker: 'second' });
    // Newest first: the second packet goes on top, and the count follows.
    await expect(log.getByRole('row').nth(1)).toContainText('"marker":"second"');
    await expect(log.getByRole('row').nth(2)).toContainText('"marker":"first"');
    await expect(page.getByText('1–2 af 2')).toBeVisible();
    // No page was read again: the rows came with the live feed, not a poll.
    expect(reads).toHaveLength(initialReads);
    // The row is a whole message: it opens with its packet.
    await log.getByRole('row').nth(1).click();
    await expect(page.getByRole('dialog').getByLabel('Datapakke')).toContainText('"second"');
    // Nor is the page polled: a 5 s refresh would have read it again by now.
    await page.waitForTimeout(6_000);
    expect(reads).toHaveLength(initialReads);
  } finally {
    await devices.removeAll();
  }
});

test('on a later page of the log, new packets are counted rather than shifting the rows', async ({
  page,
  request,
}, testInfo) => {
  const devices = await mqttDevices(request);
  try {
    const device = await devices.make(`E2E log pages ${testInfo.project.name} ${Date.now()}`);
    await publish(device, ...Array.from({ length: 7 }, (_, n) => ({ count: n, marker: `m${n}` })));
    await signIn(page, demo.user);
    await acceptCookies(page);
    const reads = messageReads(page);
    await page.goto(`/sensor/${device.id}/log?pageSize=5&page=2`);
    const log = page.getByRole('table', { name: 'Beskeder' });
    await expect(page.getByRole('status', { name: 'Live-data: Live' })).toBeVisible();
    await expect(log.getByRole('row')).toHaveCount(3);
    await expect(log).toContainText('"marker":"m1"');
    const initialReads = reads.length;
    expect(initialReads).toBeGreaterThan(0);

    await publish(device, { count: 7, marker: 'm7' });
    const notice = page.locator('[data-pending]');
    await expect(notice).toHaveAttribute('data-pending', '1');
    // The page holds the rows it had.
    await expect(log.getByRole('row')).toHaveCount(3);
    await expect(log).toContainText('"marker":"m0"');
    expect(reads).toHaveLength(initialReads);

    await notice.getByRole('button').click();
    await expect(page).toHaveURL(/page=1/);
    await expect(log.getByRole('row').nth(1)).toContainText('"marker":"m7"');
    await expect(notice).toHaveCount(0);
  } finally {
    await devices.removeAll();
  }
});
