import { expect as baseExpect, test, type Page } from '@playwright/test';
import { acceptCookies, apiToken, demo, signIn } from './helpers.ts';

// The demo runs in Danish; these screens' texts reach the catalogue when it is
// next extracted, so labels match the Danish words or the English source.
// Long walks through several screens on a machine shared with other work.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const label = {
  newRegistry: /^(Nyt register|New registry)$/,
  newDeviceType: /^(Ny enhedstype|New device type)$/,
  name: /^(Navn|Name)$/,
  description: /^(Beskrivelse|Description)$/,
  protocol: /^(Protokol|Protocol)$/,
  decoder: /^(Dekoderfunktion|Decoder function)$/,
  create: /^(Opret|Create)$/,
  save: /^(Gem|Save)$/,
  edit: /^(Rediger|Edit)$/,
  delete: /^(Slet|Delete)$/,
  yes: /^(Ja|Yes)$/,
  addKey: /^(Tilføj nøgle|Add key)$/,
  addMetadata: /^(Tilføj metadata|Add metadata)$/,
  key: (n: number) => new RegExp(`^(Nøgle|Key) ${n}$`),
  keyName: (n: number) => new RegExp(`^(Navn|Name) ${n}$`),
  keyType: (n: number) => new RegExp(`^(Type) ${n}$`),
  moveUp: (n: number) => new RegExp(`^(Flyt række ${n} op|Move row ${n} up)$`),
};

const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function openForm(page: Page, list: string, button: RegExp) {
  await page.goto(list);
  await page.getByRole('link', { name: button }).click();
  await expect(page.getByRole('form')).toBeVisible();
}

test('an account manager creates, edits and favourites a registry, and builds, edits and deletes a device type', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const decoderName = unique('E2E dekoder');
  const decoder = await request.post('/api/v2/cloudfunction', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: decoderName,
      type: 'decoder',
      code: "function main(input) { return [{ key: 'countIn', value: input.c }]; }",
    },
  });
  expect(decoder.status()).toBe(201);
  const decoderId = ((await decoder.json()) as { id: number }).id;

  await signIn(page, demo.manager);
  await acceptCookies(page);

  // Registry: create.
  const registry = unique('E2E register');
  await openForm(page, '/registries', label.newRegistry);
  await page.getByRole('button', { name: label.create }).click();
  await expect(page.getByText(/^(Et navn er påkrævet\.|A name is required\.)$/)).toBeVisible();
  await page.getByLabel(label.name).fill(registry);
  await page.getByLabel(label.protocol).selectOption('http');
  await page.getByLabel(label.description).fill('Counters posting over HTTP');
  await page.getByRole('button', { name: label.create }).click();
  await expect(page).toHaveURL(/\/registry\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: registry })).toBeVisible();
  await expect(page.getByText('HTTP', { exact: true })).toBeVisible();
  await expect(page.getByText('Københavns Byliv', { exact: true })).toBeVisible();

  // Registry: edit.
  await page.getByRole('link', { name: label.edit }).click();
  await expect(page).toHaveURL(/\/registry\/\d+\/edit$/);
  const renamed = `${registry} v2`;
  await page.getByLabel(label.name).fill(renamed);
  await page.getByLabel(label.protocol).selectOption('mqtt');
  await page.getByRole('button', { name: label.save }).click();
  await expect(page).toHaveURL(/\/registry\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText('MQTT', { exact: true })).toBeVisible();

  // Registry: favourite.
  const star = page.getByRole('button', {
    name: new RegExp(`^(Tilføj|Add) ${renamed} (til favoritter|to favourites)$`),
  });
  await star.click();
  await expect(
    page.getByRole('button', {
      name: new RegExp(`^(Fjern|Remove) ${renamed} (fra favoritter|from favourites)$`),
    }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/favorites');
  await expect(page.getByText(renamed).first()).toBeVisible();

  // Device type: create with keys, metadata and the decoder; the editor checks the keys.
  const deviceType = unique('E2E enhedstype');
  await openForm(page, '/devicetypes', label.newDeviceType);
  await page.getByLabel(label.name).fill(deviceType);
  await page.getByLabel(label.decoder).selectOption(String(decoderId));
  await page.getByRole('button', { name: label.addKey }).click();
  await page.getByRole('button', { name: label.addKey }).click();
  await page.getByLabel(label.key(1)).fill('countIn');
  await page.getByLabel(label.keyName(1)).fill('Count in');
  await page.getByLabel(label.keyType(1)).selectOption('integer');
  await page.getByLabel(label.key(2)).fill('count in');
  await expect(page.getByText(/^(Brug kun bogstaverne A–Z|Use only letters A–Z)/)).toBeVisible();
  await page.getByLabel(label.key(2)).fill('countIn');
  await expect(
    page.getByText(/^(Denne nøgle bruges mere end én gang\.|This key is used more than once\.)$/),
  ).toHaveCount(2);
  await page.getByRole('button', { name: label.create }).click();
  // Refused in the form: still on the create page, the missing name of key 2 is named.
  await expect(page).toHaveURL(/\/devicetypes\/new$/);
  await expect(page.getByText(/^(Et navn er påkrævet\.|A name is required\.)$/)).toBeVisible();
  await page.getByLabel(label.key(2)).fill('temperature');
  await page.getByLabel(label.keyName(2)).fill('Temperature');
  await page.getByRole('button', { name: label.addMetadata }).click();
  await page.getByLabel(/^(Metadatanøgle|Metadata key) 1$/).fill('vendor');
  await page.getByLabel(/^(Metadataværdi|Metadata value) 1$/).fill('Nordlys Sense');
  await page.getByRole('button', { name: label.create }).click();
  await expect(page).toHaveURL(/\/devicetype\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: deviceType })).toBeVisible();
  const keys = page.getByRole('table', { name: /^(Nøglestruktur|Key structure)$/ });
  await expect(keys.getByRole('row')).toHaveCount(3);
  await expect(keys.getByRole('row').nth(1)).toContainText('countIn');
  await expect(keys.getByRole('row').nth(2)).toContainText('temperature');
  await expect(page.getByRole('link', { name: decoderName })).toHaveAttribute(
    'href',
    `/function/${decoderId}`,
  );
  await expect(page.getByText('Nordlys Sense', { exact: true })).toBeVisible();

  // Device type: edit (rename, move the second key up).
  await page.getByRole('link', { name: label.edit }).click();
  await expect(page).toHaveURL(/\/devicetype\/\d+\/edit$/);
  await expect(page.getByLabel(label.key(2))).toHaveValue('temperature');
  const renamedType = `${deviceType} v2`;
  await page.getByLabel(label.name).fill(renamedType);
  await page.getByRole('button', { name: label.moveUp(2) }).click();
  await expect(page.getByLabel(label.key(1))).toHaveValue('temperature');
  await page.getByRole('button', { name: label.save }).click();
  await expect(page).toHaveURL(/\/devicetype\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: renamedType })).toBeVisible();
  await expect(keys.getByRole('row').nth(1)).toContainText('temperature');
  await expect(keys.getByRole('row').nth(2)).toContainText('countIn');

  // Device type: delete, after confirming.
  await page.getByRole('button', { name: label.delete }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('listitem')).toHaveText([renamedType]);
  await dialog.getByRole('button', { name: label.yes }).click();
  await expect(page).toHaveURL(/\/devicetypes/);
  await page.getByRole('searchbox').fill(renamedType);
  await expect(
    page.getByText(/^(Intet matcher søgningen\.|Nothing matches the search\.)$/),
  ).toBeVisible();
  const gone = await request.get(`/api/v2/devicetypes?search=${encodeURIComponent(renamedType)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await gone.json()) as { total: number }).total).toBe(0);
});

test('a plain user sees registries and device types without create, edit or delete, and the API refuses a create', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.user);
  const refused = await request.post('/api/v2/registry', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: unique('Må ikke oprettes') },
  });
  expect(refused.status()).toBe(403);

  await signIn(page, demo.user);
  await acceptCookies(page);

  await page.goto('/registries');
  const registries = page.getByRole('table', { name: /^(Registre|Registries)$/ });
  await expect(registries.getByRole('row', { name: /København tællere/ })).toBeVisible();
  await expect(page.getByRole('link', { name: label.newRegistry })).toHaveCount(0);
  await registries
    .getByRole('row', { name: /København tællere/ })
    .getByText('København tællere')
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'København tællere' })).toBeVisible();
  await expect(page.getByRole('link', { name: label.edit })).toHaveCount(0);
  await expect(page.getByRole('button', { name: label.delete })).toHaveCount(0);
  // The registry's devices are listed and link to their pages.
  const devices = page.getByRole('table', { name: /København tællere/ });
  await expect(devices.getByRole('link').first()).toHaveAttribute('href', /^\/sensor\/\d+$/);

  await page.goto('/devicetypes');
  const types = page.getByRole('table', { name: /^(Enhedstyper|Device types)$/ });
  await expect(types.getByRole('row', { name: /Persontæller PC-2/ })).toBeVisible();
  await expect(page.getByRole('link', { name: label.newDeviceType })).toHaveCount(0);
  await expect(types.getByRole('checkbox')).toHaveCount(0);
  await types
    .getByRole('row', { name: /Persontæller PC-2/ })
    .getByText('Persontæller PC-2')
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Persontæller PC-2' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^(Nøglestruktur|Key structure)$/ })).toContainText(
    'countIn',
  );
  await expect(page.getByRole('link', { name: label.edit })).toHaveCount(0);
  await expect(page.getByRole('button', { name: label.delete })).toHaveCount(0);

  // The create and edit pages say so instead of offering a form.
  await page.goto('/registries/new');
  await expect(page.getByRole('form')).toHaveCount(0);
});
