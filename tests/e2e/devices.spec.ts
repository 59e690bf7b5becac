import fs from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, apiToken, demo, signIn } from './helpers.ts';

/** A 1×1 PNG, uploaded as a device picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const snackbar = (page: Page, text: RegExp) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });

test('an account manager creates, edits, stars, exports, configures and deletes a device', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const name = `E2E enhed ${Date.now()}`;
  await signIn(page, demo.manager);
  await acceptCookies(page);

  // Create, in an existing demo registry.
  await page.goto('/sensors');
  await page.getByRole('link', { name: /^(Ny enhed|New device)$/ }).click();
  await expect(page).toHaveURL(/\/sensors\/new$/);
  await page.getByLabel(/^(Navn|Name)$/).fill(name);
  await page
    .getByRole('combobox', { name: /^(Register|Registry)$/ })
    .selectOption({ label: 'København tællere' });
  await page.getByRole('button', { name: /^(Opret|Create)$/ }).click();
  await expect(page).toHaveURL(/\/sensor\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const deviceUrl = page.url();

  // Edit.
  await page.getByRole('link', { name: /^(Rediger|Edit)$/ }).click();
  await expect(page).toHaveURL(/\/sensor\/\d+\/edit$/);
  await page
    .getByRole('textbox', { name: /^(Beskrivelse|Description)$/ })
    .fill('Tæller ved indgangen');
  await page.getByRole('button', { name: /^(Gem|Save)$/ }).click();
  await expect(page).toHaveURL(deviceUrl);
  await expect(page.getByText('Tæller ved indgangen').first()).toBeVisible();
  await expect(page.getByText('København tællere').first()).toBeVisible();

  // Favourite star in the header.
  const star = page.getByRole('button', { name: /(Add|Tilføj) .* (to favourites|til favoritter)/ });
  await star.first().click();
  await expect(
    page
      .getByRole('button', { name: /(Remove|Fjern) .* (from favourites|fra favoritter)/ })
      .first(),
  ).toHaveAttribute('aria-pressed', 'true');

  // Global search finds it by its name and opens it.
  await page.goto('/sensors');
  const search = page.getByRole('combobox', { name: /^(Søg|Search)$/ });
  // The narrow header opens the search box from a button.
  if (testInfo.project.name === 'mobile')
    await page.getByRole('button', { name: /^(Søg|Search)$/ }).click();
  await search.fill(name.toLowerCase());
  await page.getByRole('listbox').getByRole('option', { name }).click();
  await expect(page).toHaveURL(deviceUrl);

  // The list: card view and export.
  await page.goto(`/sensors?search=${encodeURIComponent(name)}`);
  const table = page.getByRole('table', { name: /^(Enheder|Devices)$/ });
  // The machine may be busy: the first list load gets more time than the default.
  await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /^(Kortvisning|Card view)$/ }).click();
  await expect(page).toHaveURL(/view=cards/);
  await expect(page.getByRole('article', { name })).toBeVisible();

  await page.getByRole('button', { name: /^(Eksporter|Export)$/ }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const csv = Papa.parse<Record<string, string>>(
    await fs.readFile((await (await csvDownload).path()) ?? '', 'utf8'),
    { header: true, skipEmptyLines: true },
  );
  expect(csv.errors).toEqual([]);
  expect(csv.data.map((row) => row.name)).toContain(name);
  expect(csv.data.find((row) => row.name === name)?.registry).toBe('København tællere');
  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'JSON' }).click();
  const json = JSON.parse(await fs.readFile((await (await jsonDownload).path()) ?? '', 'utf8')) as {
    name: string;
  }[];
  expect(json.map((row) => row.name)).toContain(name);
  await page.getByRole('button', { name: /^(Luk|Close)$/ }).click();

  // Tabs: hardware, metadata, MQTT forward.
  await page.goto(deviceUrl);
  const tabs = page.getByRole('navigation', { name: /Enhedens faner|Device tabs/ });
  await tabs.getByRole('link', { name: 'Hardware' }).click();
  await expect(page.getByRole('heading', { name: 'Hardware' })).toBeVisible();
  await tabs.getByRole('link', { name: 'Metadata' }).click();
  await expect(page.getByRole('heading', { name: 'Metadata' })).toBeVisible();
  await tabs.getByRole('link', { name: /MQTT/ }).click();
  await page.getByLabel(/^(Emne|Topic)$/).fill('nordlys/e2e');
  await page.getByLabel(/^(Vært|Host)$/).fill('mqtt.example.org');
  await page.getByLabel(/^(Adgangskode|Password)$/).fill('forward-secret');
  await page.getByRole('button', { name: /^(Gem|Save)$/ }).click();
  await expect(snackbar(page, /MQTT settings saved|MQTT-indstillinger gemt/)).toBeVisible();
  await expect(page.getByText(/A password is set|Der er sat en adgangskode/)).toBeVisible();
  await expect(page.getByLabel(/^(Adgangskode|Password)$/)).toHaveValue('');
  // Without the server, the settings are kept in the form and the failure is said.
  await page.route('**/api/v2/device', (route) =>
    route.request().method() === 'PUT' ? route.abort() : route.fallback(),
  );
  await page.getByLabel(/^(Emne|Topic)$/).fill('nordlys/e2e/unsaved');
  await page.getByRole('button', { name: /^(Gem|Save)$/ }).click();
  await expect(
    snackbar(page, /MQTT settings could not be saved|MQTT-indstillinger kunne ikke gemmes/),
  ).toBeVisible();
  await expect(page.getByLabel(/^(Emne|Topic)$/)).toHaveValue('nordlys/e2e/unsaved');
  await page.unroute('**/api/v2/device');

  // Pictures: upload and delete.
  await tabs.getByRole('link', { name: /^(Billeder|Pictures)$/ }).click();
  await page
    .getByLabel(/^(Vælg billeder|Choose pictures)$/)
    .setInputFiles({ name: 'indgang.png', mimeType: 'image/png', buffer: PNG });
  await expect(snackbar(page, /Images was uploaded|Billederne blev uploadet/)).toBeVisible();
  const picture = page.getByRole('img', { name: 'indgang.png' });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  // A file that only claims to be an image is refused by the server.
  await page
    .getByLabel(/^(Vælg billeder|Choose pictures)$/)
    .setInputFiles({ name: 'falsk.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
  await expect(
    snackbar(page, /Images failed to upload|Billederne kunne ikke uploades/),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'falsk.png' })).toHaveCount(0);
  // A picture someone else deleted meanwhile cannot be deleted again.
  await page
    .getByLabel(/^(Vælg billeder|Choose pictures)$/)
    .setInputFiles({ name: 'udgang.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'udgang.png' })).toBeVisible();
  const deviceId = /\/sensor\/(\d+)/.exec(page.url())?.[1];
  const auth = { authorization: `Bearer ${await apiToken(request, demo.manager)}` };
  const listed = (await (
    await request.get(`/api/v2/device/${deviceId}/pictures`, { headers: auth })
  ).json()) as { id: number; fileName: string }[];
  const other = listed.find((p) => p.fileName === 'udgang.png');
  expect(other).toBeDefined();
  const gone = await request.delete(`/api/v2/device/${deviceId}/picture/${other?.id}`, {
    headers: auth,
  });
  expect(gone.status()).toBe(200);
  await page.getByRole('button', { name: /(Delete picture|Slet billedet) udgang\.png/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Ja|Yes)$/ })
    .click();
  await expect(snackbar(page, /Picture not deleted|Billedet blev ikke slettet/)).toBeVisible();
  await page.getByRole('button', { name: /(Delete picture|Slet billedet) indgang\.png/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Ja|Yes)$/ })
    .click();
  await expect(picture).toHaveCount(0);

  // Delete the device with confirmation.
  await page.getByRole('button', { name: /^(Slet|Delete)$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('listitem')).toHaveText([name]);
  await dialog.getByRole('button', { name: /^(Ja|Yes)$/ }).click();
  await expect(page).toHaveURL(/\/sensors/);
  await page.goto(`/sensors?search=${encodeURIComponent(name)}`);
  await expect(page.getByText(name)).toHaveCount(0);
});

test('a plain user gets no create button, and the API refuses their create', async ({
  page,
  request,
}) => {
  await signIn(page, demo.user);
  await acceptCookies(page);
  await page.goto('/sensors');
  await expect(page.getByRole('table', { name: /^(Enheder|Devices)$/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('link', { name: /^(Ny enhed|New device)$/ })).toHaveCount(0);

  const token = await apiToken(request, demo.user);
  const res = await request.post('/api/v2/device', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Ikke tilladt ${Date.now()}` },
  });
  expect(res.status()).toBe(403);
});

test("the data tab's charts keep their place while their history loads", async ({
  page,
  request,
}) => {
  const manager = await apiToken(request, demo.manager);
  const listed = (await (
    await request.get('/api/v2/devices?pageSize=1&sort=id', {
      headers: { authorization: `Bearer ${manager}` },
    })
  ).json()) as { items: { id: number; dataKeys: unknown[] }[] };
  const device = listed.items[0];
  if (!device || device.dataKeys.length < 2) throw new Error('the demo has no device with keys');
  // History held back, as on a slow connection: every chart shows its loading state.
  const held: (() => Promise<void>)[] = [];
  await page.route('**/api/v2/devicedata-batch', (route) => {
    held.push(() => route.continue());
  });
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await page.goto(`/sensor/${device.id}/data?period=8`);
  const last = page
    .getByRole('region')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .last();
  await expect(last.getByRole('status')).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const whileLoading = await last.boundingBox();
  for (const release of held.splice(0)) await release();
  await page.unroute('**/api/v2/devicedata-batch');
  // Loaded: a chart or the no-data text, where the loading state stood.
  await expect(last.getByRole('status')).toHaveCount(0);
  const loaded = await last.boundingBox();
  expect(loaded?.y).toBe(whileLoading?.y);
});
