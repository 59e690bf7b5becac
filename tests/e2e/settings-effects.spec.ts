import { expect, test, type APIRequestContext } from '@playwright/test';
import type { UserSettings } from '../../src/lib/settings.ts';
import { bylivCounters } from './dashboard-fixtures.ts';
import { apiToken, demo, signIn } from './helpers.ts';

/** Stores settings for the plain demo user, as the settings page would. */
async function storeSettings(request: APIRequestContext, settings: Partial<UserSettings>) {
  const token = await apiToken(request, demo.user);
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/auth/user', { headers })).json()) as { uuid: string };
  const res = await request.put(`/api/entity/user/${me.uuid}/internal`, {
    headers,
    data: { settings: { cookies: true, ...settings } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('settings take effect', () => {
  test.afterEach(async ({ request }) => {
    await storeSettings(request, {});
  });

  test('the chart type draws the device data tab as bars or a doughnut, and raw data shows the values as they came', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, demo.user);
    const { a } = await bylivCounters(request, token);
    await storeSettings(request, { chartType: 2, language: 'en' });
    await signIn(page, demo.user);
    // The last 7 days: bars, one a day.
    await page.goto(`/sensor/${a.id}/data?period=3`);
    // History of a week on a busy machine: more than the default 5 s at times.
    await expect(page.locator('[data-chart="bar"]').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-window]')).toHaveCount(0);
    await expect(
      page
        .getByRole('region')
        .filter({ has: page.locator('[data-chart="bar"]') })
        .first(),
    ).toContainText('Average per day.');

    await storeSettings(request, { chartType: 1, language: 'en' });
    await page.reload();
    await expect(page.locator('[data-chart="doughnut"]').first()).toBeVisible({ timeout: 20_000 });

    // A line of the stored values: no buckets, so no "Average per …" caption.
    await storeSettings(request, { chartType: 3, rawData: true, language: 'en' });
    await page.reload();
    await expect(page.locator('[data-window="fixed"]').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/^Average per/)).toHaveCount(0);
  });

  test('the dashboard theme makes the dashboards dark in a light console; settings without an effect are not offered', async ({
    page,
    request,
  }) => {
    await storeSettings(request, { dsTheme: 2, theme: 0, language: 'en' });
    await signIn(page, demo.user);
    await expect(page.locator('[data-dashboard-theme="dark"]')).toBeVisible({ timeout: 20_000 });
    const background = await page
      .locator('[data-dashboard-theme="dark"]')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    const bodyBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );
    expect(background).not.toBe(bodyBackground);

    await page.goto('/settings');
    await expect(page.getByLabel('Chart type')).toBeVisible();
    for (const gone of [
      'Map theme',
      'Details panel',
      'Side panel on dashboards',
      'Calibrate by',
      'Alerts',
    ])
      await expect(page.getByLabel(gone, { exact: true })).toHaveCount(0);
  });
});
