import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, apiToken, demo, openSignIn, scrolledTo, signIn } from './helpers.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('settings', () => {
  test.afterEach(async ({ request }) => {
    // Leave the shared demo user with default settings for the next test.
    const token = await apiToken(request, demo.manager);
    const me = (await (
      await request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { uuid: string };
    await request.put(`/api/entity/user/${me.uuid}/internal`, {
      headers: { authorization: `Bearer ${token}` },
      data: { settings: {} },
    });
  });

  test('a setting changed in one browser shows in a fresh one after sign-in; reset restores defaults', async ({
    page,
    browser,
  }) => {
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto('/settings');
    await page.getByLabel('Tema', { exact: true }).selectOption({ label: 'Mørk' });
    await expect(
      page.getByRole('status').filter({ hasText: 'Indstillinger gemt' }).first(),
    ).toBeVisible();
    await page.getByLabel('Sprog').first().selectOption({ label: 'English' });
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 }).last()).toBeVisible();

    const fresh = await browser.newContext({
      locale: 'da-DK',
      viewport: page.viewportSize() ?? undefined,
    });
    const other = await fresh.newPage();
    await signIn(other, demo.manager);
    await other.goto('/settings');
    await expect(other.getByLabel('Theme', { exact: true })).toHaveValue('1');
    await expect(other.getByLabel('Language').first()).toHaveValue('en');
    const background = await other.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(13, 22, 32)');

    await other.getByRole('button', { name: 'Reset to defaults' }).click();
    await other.getByRole('button', { name: 'Yes' }).click();
    await expect(other.getByLabel('Tema', { exact: true })).toHaveValue('0');
    await expect(other.getByLabel('Sprog').first()).toHaveValue('da');
    // Reset turns cookie consent off, so the consent bar asks again.
    await expect(other.getByRole('region', { name: 'Samtykke til cookies' })).toBeVisible();
    await fresh.close();
  });

  test('accepting cookies saves the consent and says settings saved', async ({ page }) => {
    await signIn(page, demo.manager);
    const consent = page.getByRole('region', { name: 'Samtykke til cookies' });
    await expect(consent).toBeVisible();
    await consent.getByRole('button', { name: 'Accepter' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Indstillinger gemt' }).first(),
    ).toBeVisible();
    await expect(consent).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Samtykke til cookies' })).toHaveCount(0);
  });

  test('login, dashboard and settings have no serious accessibility violations', async ({
    page,
  }) => {
    // Three axe runs, one over a dashboard of live charts: slow on a busy machine.
    test.setTimeout(90_000);
    await openSignIn(page);
    await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page, demo.manager);
    // The whole dashboard home: its cards below the dashboards render once scrolled to.
    const devices = page.getByRole('main').getByRole('link', { name: /^Enheder/ });
    await scrolledTo(page, devices);
    await expect(devices).toContainText(/\d/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/settings');
    await expect(page.getByLabel('Tema', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
