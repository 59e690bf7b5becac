import fs from 'node:fs/promises';
import Papa from 'papaparse';
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Download,
  type Page,
} from '@playwright/test';
import { groupAllows, groups, type Resource } from '../../server/access/matrix.ts';
import { acceptCookies, apiToken, demo, signIn } from './helpers.ts';

// One journey through the device domain as the demo's account manager, every
// step through the console, each on the data made a step before: a registry, a
// decoder, a device type using it, a device of that type in that registry.
// Many screens on a machine shared with other work: generous limits.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const DECODER_CODE = `function main(input, context) {
  return { people: input.in + input.out, battery: input.battery };
}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const containing = (text: string) => new RegExp(escapeRegExp(text));

/** DD-MM-YYYY, the date in an export's file name. */
function dayMonthYear(date: Date) {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}-${two(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** The numeric id at the end of the page's URL, after `/<kind>/`. */
function idFromUrl(page: Page, kind: string) {
  const match = new RegExp(`/${kind}/(\\d+)$`).exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`no ${kind} id in ${page.url()}`);
  return Number(match[1]);
}

/**
 * Goes to a list through the main menu, as a person would: the console stays
 * loaded, so what a step changed in its cache is what the next step sees. (A
 * full page load would read the cache back from local storage instead.)
 */
async function openFromMenu(page: Page, name: string, path: string) {
  // Below the desktop width (1280 px) the menu is a drawer opened from the header.
  if ((page.viewportSize()?.width ?? 0) < 1280) {
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
  }
  await page
    .getByRole('navigation', { name: 'Hovedmenu' })
    .getByRole('link', { name, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`${path}(\\?.*)?$`));
}

async function readDownload(download: Download) {
  const file = await download.path();
  return fs.readFile(file, 'utf8');
}

/** Deletes the entity shown on a detail page through its delete button and the confirmation. */
async function deleteFromDetail(page: Page, name: string, listPath: RegExp) {
  await page.getByRole('button', { name: 'Slet', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('listitem')).toHaveText([name]);
  await dialog.getByRole('button', { name: 'Ja', exact: true }).click();
  await expect(page).toHaveURL(listPath);
}

async function expectGone(request: APIRequestContext, token: string, path: string) {
  const res = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(404);
}

test('an account manager builds a registry, decoder, device type and device, then edits, stars, finds, exports and deletes the device', async ({
  page,
  request,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const registryName = `E2E rejse register ${suffix}`;
  const functionName = `E2E rejse dekoder ${suffix}`;
  const typeName = `E2E rejse enhedstype ${suffix}`;
  const deviceName = `E2E rejse enhed ${suffix}`;
  const renamed = `Rejse ${suffix} indgang`;
  const token = await apiToken(request, demo.manager);
  const headers = { authorization: `Bearer ${token}` };

  await signIn(page, demo.manager);
  await acceptCookies(page);

  // The manager sets out to add a device: its registry and type do not exist yet.
  await page.goto('/sensors');
  await page.getByRole('link', { name: 'Ny enhed' }).click();
  await expect(page).toHaveURL(/\/sensors\/new$/);
  const registryPicker = page.getByRole('combobox', { name: 'Register', exact: true });
  await expect(registryPicker.getByRole('option', { name: 'København tællere' })).toHaveCount(1);
  await expect(registryPicker.getByRole('option', { name: registryName })).toHaveCount(0);

  // 1. A registry for MQTT devices.
  await openFromMenu(page, 'Registre', '/registries');
  await page.getByRole('link', { name: 'Nyt register' }).click();
  await expect(page).toHaveURL(/\/registries\/new$/);
  await page.getByLabel('Navn', { exact: true }).fill(registryName);
  await page.getByLabel('Protokol', { exact: true }).selectOption('mqtt');
  await page.getByLabel('Beskrivelse', { exact: true }).fill('Tællere ved indgangene');
  await page.getByRole('button', { name: 'Opret', exact: true }).click();
  await expect(page).toHaveURL(/\/registry\/\d+$/);
  const registryId = idFromUrl(page, 'registry');
  await expect(page.getByRole('heading', { level: 1, name: registryName })).toBeVisible();
  await expect(page.getByText('Tællere ved indgangene')).toBeVisible();
  await expect(page.getByText('MQTT', { exact: true })).toBeVisible();

  // The device type wants a decoder, which does not exist yet either.
  await openFromMenu(page, 'Enhedstyper', '/devicetypes');
  await page.getByRole('link', { name: 'Ny enhedstype' }).click();
  await expect(page).toHaveURL(/\/devicetypes\/new$/);
  // The picker's help says the decoders have loaded, whether there are any or none.
  await expect(
    page.getByText(
      /^(Omsætter det, en enhed sender, til datapunkter|Ingen dekoderfunktion i denne organisation eller over den)\.$/,
    ),
  ).toBeVisible();
  await expect(
    page.getByLabel('Dekoderfunktion', { exact: true }).getByRole('option', {
      name: containing(functionName),
    }),
  ).toHaveCount(0);

  // 2. A decoder cloud function, written in the editor and tried once before saving.
  await openFromMenu(page, 'Cloud-funktioner', '/functions');
  await page.getByRole('link', { name: 'Ny cloud-funktion' }).click();
  await expect(page).toHaveURL(/\/functions\/new$/);
  await page.getByLabel('Navn', { exact: true }).fill(functionName);
  await page.getByLabel('Type', { exact: true }).selectOption('decoder');
  await page.getByRole('textbox', { name: 'Kode', exact: true }).fill(DECODER_CODE);
  await page
    .getByRole('textbox', { name: 'Eksempeldata (JSON)', exact: true })
    .fill('{"in": 3, "out": 4, "battery": 3.6}');
  await page.getByRole('button', { name: 'Kør', exact: true }).click();
  const output = page.getByLabel('Output', { exact: true });
  await expect(output).toContainText('"people": 7');
  await expect(output).toContainText('"battery": 3.6');
  await page.getByRole('button', { name: 'Opret', exact: true }).click();
  await expect(page).toHaveURL(/\/function\/\d+$/);
  const functionId = idFromUrl(page, 'function');
  await expect(page.getByRole('heading', { level: 1, name: functionName })).toBeVisible();
  await expect(page.getByText(/^Dekoder · /)).toBeVisible();

  // 3. A device type with two keys (what the decoder returns) and that decoder.
  await openFromMenu(page, 'Enhedstyper', '/devicetypes');
  await page.getByRole('link', { name: 'Ny enhedstype' }).click();
  await expect(page).toHaveURL(/\/devicetypes\/new$/);
  await page.getByLabel('Navn', { exact: true }).fill(typeName);
  // The decoder made a moment ago is offered, though the picker was opened before it existed.
  const decoderPicker = page.getByLabel('Dekoderfunktion', { exact: true });
  await expect(decoderPicker.getByRole('option', { name: containing(functionName) })).toHaveCount(
    1,
  );
  await decoderPicker.selectOption(String(functionId));
  const addKey = page.getByRole('button', { name: 'Tilføj nøgle' });
  await addKey.click();
  await addKey.click();
  await page.getByLabel('Nøgle 1', { exact: true }).fill('people');
  await page.getByLabel('Navn 1', { exact: true }).fill('Personer');
  await page.getByLabel('Type 1', { exact: true }).selectOption('integer');
  await page.getByLabel('Nøgle 2', { exact: true }).fill('battery');
  await page.getByLabel('Navn 2', { exact: true }).fill('Batteri');
  await page.getByLabel('Type 2', { exact: true }).selectOption('value');
  await page.getByRole('button', { name: 'Opret', exact: true }).click();
  await expect(page).toHaveURL(/\/devicetype\/\d+$/);
  const typeId = idFromUrl(page, 'devicetype');
  await expect(page.getByRole('heading', { level: 1, name: typeName })).toBeVisible();
  const keys = page.getByRole('table', { name: 'Nøglestruktur' });
  await expect(keys.getByRole('row')).toHaveCount(3);
  await expect(keys.getByRole('row').nth(1)).toContainText('people');
  await expect(keys.getByRole('row').nth(2)).toContainText('battery');
  await expect(page.getByRole('link', { name: functionName })).toHaveAttribute(
    'href',
    `/function/${functionId}`,
  );

  // 4. A device of that type in that registry; it takes the type's keys.
  await openFromMenu(page, 'Enheder', '/sensors');
  await page.getByRole('link', { name: 'Ny enhed' }).click();
  await expect(page).toHaveURL(/\/sensors\/new$/);
  await page.getByLabel('Navn', { exact: true }).fill(deviceName);
  // Both pickers offer what was just made, though the form was opened before it existed.
  const typePicker = page.getByRole('combobox', { name: 'Enhedstype', exact: true });
  await expect(registryPicker.getByRole('option', { name: registryName })).toHaveCount(1);
  await expect(typePicker.getByRole('option', { name: typeName })).toHaveCount(1);
  await registryPicker.selectOption({ label: registryName });
  await typePicker.selectOption({ label: typeName });
  await page.getByRole('button', { name: 'Opret', exact: true }).click();
  await expect(page).toHaveURL(/\/sensor\/\d+$/);
  const deviceId = idFromUrl(page, 'sensor');
  const deviceUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: deviceName })).toBeVisible();
  await expect(page.getByText(registryName, { exact: true })).toBeVisible();
  await expect(page.getByText(typeName, { exact: true })).toBeVisible();
  // The console does not mark inherited keys; the data tab shows one chart per key.
  const tabs = page.getByRole('navigation', { name: 'Enhedens faner' });
  await tabs.getByRole('link', { name: 'Data', exact: true }).click();
  await expect(page).toHaveURL(/\/sensor\/\d+\/data/);
  await expect(page.getByRole('heading', { level: 2, name: 'Personer' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Batteri' })).toBeVisible();
  const stored = (await (await request.get(`/api/v2/device/${deviceId}`, { headers })).json()) as {
    dataKeys: { key: string; inherited?: boolean }[];
  };
  expect(stored.dataKeys).toEqual([
    expect.objectContaining({ key: 'people', inherited: true }),
    expect.objectContaining({ key: 'battery', inherited: true }),
  ]);
  // The registry lists its new device, and leads back to it.
  await openFromMenu(page, 'Registre', '/registries');
  await page.getByRole('searchbox', { name: 'Søg i Registre' }).fill(registryName);
  await page
    .getByRole('table', { name: 'Registre' })
    .getByRole('row', { name: containing(registryName) })
    .getByText(registryName)
    .click();
  await expect(page).toHaveURL(new RegExp(`/registry/${registryId}$`));
  const registryDevices = page.getByRole('table', { name: `Enheder i ${registryName}` });
  const deviceLink = registryDevices.getByRole('link', { name: deviceName });
  await expect(deviceLink).toHaveAttribute('href', `/sensor/${deviceId}`);

  // 5. Rename it.
  await deviceLink.click();
  await expect(page).toHaveURL(deviceUrl);
  await page.getByRole('link', { name: 'Rediger', exact: true }).click();
  await expect(page).toHaveURL(/\/sensor\/\d+\/edit$/);
  const nameField = page.getByLabel('Navn', { exact: true });
  await expect(nameField).toHaveValue(deviceName);
  await nameField.fill(renamed);
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page).toHaveURL(deviceUrl);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText(registryName, { exact: true })).toBeVisible();
  await expect(page.getByText(typeName, { exact: true })).toBeVisible();

  // 6. Star it; the favourites list has it as a device.
  await page.getByRole('button', { name: `Tilføj ${renamed} til favoritter` }).click();
  await expect(
    page.getByRole('button', { name: `Fjern ${renamed} fra favoritter` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await openFromMenu(page, 'Favoritter', '/favorites');
  const favourite = page
    .getByRole('table', { name: 'Favoritter' })
    .getByRole('row', { name: containing(renamed) });
  await expect(favourite).toBeVisible();
  await expect(favourite).toContainText('Enhed');

  // 7. The header's search suggests it from a prefix of its new name and opens it.
  const search = page.getByRole('combobox', { name: 'Søg', exact: true });
  const openSearch = page.getByRole('button', { name: 'Søg', exact: true });
  // The narrow header opens the box from a button.
  await expect(search.or(openSearch)).toBeVisible();
  if (await openSearch.isVisible()) await openSearch.click();
  await search.fill(`rejse ${suffix}`);
  await page
    .getByRole('listbox', { name: 'Søgeforslag' })
    .getByRole('group', { name: 'Enheder' })
    .getByRole('option', { name: renamed })
    .click();
  await expect(page).toHaveURL(deviceUrl);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

  // 8. Export the searched list as CSV and JSON.
  await openFromMenu(page, 'Enheder', '/sensors');
  await page.getByRole('searchbox', { name: 'Søg i Enheder' }).fill(renamed);
  await expect(page).toHaveURL(/search=/);
  const table = page.getByRole('table', { name: 'Enheder' });
  // The machine may be busy: the first list load gets more time than the default.
  await expect(table.getByRole('row', { name: containing(renamed) })).toBeVisible({
    timeout: 30_000,
  });
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Eksporter', exact: true }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Eksporter' });
  const expectedRow = {
    id: deviceId,
    name: renamed,
    registry: registryName,
    deviceType: typeName,
  };

  const before = dayMonthYear(new Date());
  const csvDownload = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'CSV', exact: true }).click();
  const csvFile = await csvDownload;
  const jsonDownload = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'JSON', exact: true }).click();
  const jsonFile = await jsonDownload;
  const after = dayMonthYear(new Date());
  // Either side of midnight, the name carries the day the file was made.
  const dated = (extension: string) =>
    new RegExp(`^nordlys_enheder_(${before}|${after})\\.${extension}$`);
  expect(csvFile.suggestedFilename()).toMatch(dated('csv'));
  expect(jsonFile.suggestedFilename()).toMatch(dated('json'));

  const csv = Papa.parse<Record<string, string>>(await readDownload(csvFile), {
    header: true,
    skipEmptyLines: true,
  });
  expect(csv.errors).toEqual([]);
  expect(csv.data).toEqual([
    expect.objectContaining({
      ...expectedRow,
      id: String(deviceId),
    }),
  ]);
  const json = JSON.parse(await readDownload(jsonFile)) as unknown;
  expect(json).toEqual([expect.objectContaining(expectedRow)]);
  await exportDialog.getByRole('button', { name: 'Luk', exact: true }).click();
  await expect(exportDialog).toHaveCount(0);

  // 9. Delete the device after confirming; the list and the API no longer have it.
  await table
    .getByRole('row', { name: containing(renamed) })
    .getByText(renamed)
    .click();
  await expect(page).toHaveURL(deviceUrl);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await deleteFromDetail(page, renamed, /\/sensors(\?.*)?$/);
  await page.getByRole('searchbox', { name: 'Søg i Enheder' }).fill(renamed);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByText('Intet matcher søgningen.')).toBeVisible();
  await expectGone(request, token, `/api/v2/device/${deviceId}`);

  // Clean up what the journey made, through the console, in the order of use.
  await page.goto(`/devicetype/${typeId}`);
  await expect(page.getByRole('heading', { level: 1, name: typeName })).toBeVisible();
  await deleteFromDetail(page, typeName, /\/devicetypes(\?.*)?$/);
  await page.goto(`/function/${functionId}`);
  await expect(page.getByRole('heading', { level: 1, name: functionName })).toBeVisible();
  await deleteFromDetail(page, functionName, /\/functions(\?.*)?$/);
  await page.goto(`/registry/${registryId}`);
  await expect(page.getByRole('heading', { level: 1, name: registryName })).toBeVisible();
  await deleteFromDetail(page, registryName, /\/registries(\?.*)?$/);
  await expectGone(request, token, `/api/v2/devicetype/${typeId}`);
  await expectGone(request, token, `/api/v2/cloudfunction/${functionId}`);
  await expectGone(request, token, `/api/v2/registry/${registryId}`);
});

/** Each list, the matrix resource behind it, its create button and its create call. */
const creatable: {
  resource: Resource;
  list: string;
  title: string;
  create: string;
  api: string;
  body: (name: string) => Record<string, unknown>;
}[] = [
  {
    resource: 'registry',
    list: '/registries',
    title: 'Registre',
    create: 'Nyt register',
    api: '/api/v2/registry',
    body: (name) => ({ name, protocol: 'mqtt' }),
  },
  {
    resource: 'deviceType',
    list: '/devicetypes',
    title: 'Enhedstyper',
    create: 'Ny enhedstype',
    api: '/api/v2/devicetype',
    body: (name) => ({ name, structure: [{ key: 'people', name: 'Personer', type: 'integer' }] }),
  },
  {
    resource: 'device',
    list: '/sensors',
    title: 'Enheder',
    create: 'Ny enhed',
    api: '/api/v2/device',
    body: (name) => ({ name }),
  },
  {
    resource: 'cloudfunction',
    list: '/functions',
    title: 'Cloud-funktioner',
    create: 'Ny cloud-funktion',
    api: '/api/v2/cloudfunction',
    body: (name) => ({ name, type: 'decoder', code: DECODER_CODE }),
  },
];

test('a plain user gets no create button where the privilege matrix forbids it, and the API refuses the create', async ({
  page,
  request,
}) => {
  // The claims below hold only while the matrix says so; say it first.
  for (const { resource } of creatable)
    expect(groupAllows(groups.user, resource, 'create'), `user may create ${resource}`).toBe(false);

  await signIn(page, demo.user);
  await acceptCookies(page);
  for (const { list, title, create } of creatable) {
    await page.goto(list);
    // The create button sits in the list's toolbar, drawn with its search box:
    // once the box shows, a permitted button would show too.
    await expect(page.getByRole('searchbox', { name: `Søg i ${title}` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('link', { name: create }).or(page.getByRole('button', { name: create })),
      `${create} on ${list}`,
    ).toHaveCount(0);
  }

  const token = await apiToken(request, demo.user);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  for (const { api, body } of creatable) {
    const res = await request.post(api, {
      headers: { authorization: `Bearer ${token}` },
      data: body(`Må ikke oprettes ${suffix}`),
    });
    expect(res.status(), `POST ${api}`).toBe(403);
  }
});
