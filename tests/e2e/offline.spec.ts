import { expect, test, type Page } from '@playwright/test';
import { demo, englishUser, managerRegistry, signIn } from './helpers.ts';

const OFFLINE_BANNER = /Du er offline\.|You are offline\./;
const NOT_KEPT = /ikke gemt på denne enhed|not been kept on this device/;

/** The service worker has the console's files, and the query cache has reached local storage. */
async function keptForOffline(page: Page, text: string) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('nordlys.cache') ?? ''), {
      timeout: 10_000,
    })
    .toContain(text);
}

test('the console starts offline from what it kept: the user, the settings and a list seen before', async ({
  page,
  context,
  request,
}) => {
  // A registry of this test's own, so the list seen before has a name to look for.
  const registry = await managerRegistry(request, `Offline registry ${Date.now()}`);
  const { name } = registry;
  try {
    await signIn(page, demo.manager);
    await page.goto('/registries');
    await expect(page.getByText(name)).toBeVisible();
    await keptForOffline(page, name);

    await context.setOffline(true);
    await page.reload();
    // The shell in Danish with the offline banner, the signed-in user's menu and the list as it was.
    await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
    await expect(page.getByRole('button', { name: /brugermenu|user menu/i })).toBeVisible();
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText(/Something went wrong|Network Error/i)).toHaveCount(0);

    // A list never opened here says so, in the console's language, rather than spinning.
    await page.goto('/functions');
    await expect(page.getByText(NOT_KEPT)).toBeVisible();
    await expect(page.getByText(/^(Indlæser…|Loading…)$/)).toHaveCount(0);
    await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();

    // Back online, the list loads by itself.
    await context.setOffline(false);
    await expect(page.getByText(NOT_KEPT)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0);
  } finally {
    await registry.remove();
  }
});

test("offline, a page never opened before says so in the user's language", async ({
  page,
  context,
  request,
}) => {
  const user = await englishUser(request, 'offline');
  try {
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await keptForOffline(page, '');

    await context.setOffline(true);
    await page.goto('/devicetypes');
    await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(page.getByText(/not been kept on this device/)).toBeVisible();
  } finally {
    await user.remove();
  }
});

test('offline, without a kept user the console says it cannot open the page, in Danish, and opens it once back online', async ({
  page,
  context,
}) => {
  await signIn(page, demo.user);
  await expect(page.getByRole('button', { name: /brugermenu|user menu/i })).toBeVisible();
  await keptForOffline(page, '');
  await page.evaluate(() => localStorage.removeItem('nordlys.user'));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Siden kan ikke åbnes offline' })).toBeVisible();
  await expect(page.getByText(/Something went wrong/i)).toHaveCount(0);

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Prøv igen' }).click();
  await expect(page.getByRole('button', { name: /brugermenu|user menu/i })).toBeVisible();
});
