import fs from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, test } from '@playwright/test';
import { acceptCookies, apiToken, demo, managerRegistry, signIn } from './helpers.ts';

test('the registries list shows the caller’s registries, sorts, exports CSV and JSON, and deletes with confirmation', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const created = await request.post('/api/v2/registry', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Slettes ${Date.now()}`, protocol: 'http' },
  });
  expect(created.status()).toBe(201);
  const doomed = ((await created.json()) as { name: string }).name;

  await signIn(page, demo.manager);
  await acceptCookies(page);
  await page.goto('/registries');
  const table = page.getByRole('table', { name: 'Registre' });
  await expect(table.getByRole('row', { name: /København tællere/ })).toBeVisible();
  // Other organisations' registries are not listed.
  await expect(table.getByText('Aarhus tællere')).toHaveCount(0);

  await table.getByRole('button', { name: 'Navn' }).click();
  await expect(page).toHaveURL(/sort=name/);
  await table.getByRole('button', { name: 'Navn' }).click();
  await expect(page).toHaveURL(/sort=-name/);

  await page.getByRole('button', { name: 'Eksporter' }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^nordlys_registre_\d\d-\d\d-\d{4}\.csv$/);
  const parsed = Papa.parse<Record<string, string>>(
    await fs.readFile((await csv.path()) ?? '', 'utf8'),
    { header: true },
  );
  expect(parsed.errors).toEqual([]);
  expect(parsed.data.map((row) => row.name)).toContain('København tællere');
  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'JSON' }).click();
  const json = JSON.parse(await fs.readFile((await (await jsonDownload).path()) ?? '', 'utf8')) as {
    name: string;
  }[];
  expect(json.map((row) => row.name)).toContain('København tællere');
  await page.getByRole('button', { name: 'Luk' }).click();

  await table
    .getByRole('row', { name: new RegExp(doomed) })
    .getByRole('checkbox', { name: 'Vælg' })
    .check();
  await page.getByRole('button', { name: 'Slet (1)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('listitem')).toHaveText([doomed]);
  await dialog.getByRole('button', { name: 'Ja' }).click();
  await expect(table.getByText(doomed)).toHaveCount(0);
});

test('a plain user sees the registries but no way to delete them', async ({ page }) => {
  await signIn(page, demo.user);
  await page.goto('/registries');
  const table = page.getByRole('table', { name: 'Registre' });
  await expect(table.getByRole('row', { name: /København tællere/ })).toBeVisible();
  await expect(table.getByRole('checkbox')).toHaveCount(0);
});

test('a list shows what the browser kept first, then what the server says now', async ({
  page,
  request,
}) => {
  const registry = await managerRegistry(request, `Huskes ${Date.now()}`);
  const { id, name, headers } = registry;
  try {
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto(`/registries?search=${encodeURIComponent(name)}`);
    const table = page.getByRole('table', { name: 'Registre' });
    await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    // The cache is written to local storage shortly after a change.
    await page.waitForFunction(
      (text) => (window.localStorage.getItem('nordlys.cache') ?? '').includes(text),
      name,
    );

    // With the server unreachable, a reload still shows the kept list.
    await page.route('**/api/v2/registries?*', (route) => route.abort());
    await page.reload();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    // ...and says that it could not be refreshed.
    const stale = page.getByRole('status').filter({ hasText: 'kunne ikke opdateres' });
    await expect(stale).toBeVisible();

    // Back online, the list is asked for again and shows the server's answer.
    await page.unroute('**/api/v2/registries?*');
    const renamed = `${name} ny`;
    const put = await request.put('/api/v2/registry', { headers, data: { id, name: renamed } });
    expect(put.status()).toBe(200);
    await page.reload();
    await expect(table.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();
    await expect(stale).toHaveCount(0);
  } finally {
    await registry.remove();
  }
});
