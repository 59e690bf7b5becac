import { expect, test } from '@playwright/test';

test.describe('the console', () => {
  test('opens in Danish, shows that the platform is reachable, and switches to English', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'da');
    await expect(page.getByText('En open source-platform til at bygge')).toBeVisible();
    const status = page.getByRole('definition');
    await expect(status.first()).toContainText('PGlite · tilgængelig');
    await expect(status.nth(1)).toContainText('indbygget · tilgængelig');

    await page.getByLabel('Sprog').selectOption('en');
    await expect(page.getByText('An open source platform for building')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // The choice survives a reload.
    await page.reload();
    await expect(page.getByText('An open source platform for building')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test.describe('in an English browser', () => {
    test.use({ locale: 'en-GB' });
    test('speaks English before anyone signs in', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByText('An open source platform for building')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });

  test('follows a dark system theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.getByText('Nordlys', { exact: true })).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(13, 22, 32)');
    await page.screenshot({ path: test.info().outputPath('welcome-dark.png'), fullPage: true });
  });

  test('serves a deep link through the single-page fallback', async ({ page }) => {
    const response = await page.goto('/sensor/1');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  });

  test('has API documentation people can read', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByText('Nordlys API').first()).toBeVisible();
    await expect(page.getByText('/api/ready').first()).toBeVisible();
  });
});
