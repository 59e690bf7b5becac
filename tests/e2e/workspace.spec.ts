import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { Collection, CollectionData } from '../../contracts/collection.ts';
import type { Device } from '../../contracts/device.ts';
import type { Project } from '../../contracts/project.ts';
import { acceptCookies, apiToken, demo, scrolledTo, signIn } from './helpers.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

async function makeDevice(
  request: APIRequestContext,
  token: string,
  name: string,
  registryId?: number,
) {
  const res = await request.post('/api/v2/device', {
    headers: { authorization: `Bearer ${token}` },
    data: registryId === undefined ? { name } : { name, registryId },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Device;
}

async function makeProject(request: APIRequestContext, token: string, title: string) {
  const res = await request.post('/api/v2/project', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, startDate: '2026-01-01', endDate: '2026-12-31' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Project;
}

test('the account manager plans a project, collects data with a device in it, reassigns the collection and sees its history; a user sees but cannot assign', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const tag = `${testInfo.project.name} ${unique()}`;
  const token = await apiToken(request, demo.manager);
  const device = await makeDevice(request, token, `Tæller kaj ${tag}`);
  const later = await makeProject(request, token, `Havnebad ${tag}`);
  await signIn(page, demo.manager);
  await acceptCookies(page);

  // A project whose start comes after its end is refused with the spec's text, and nothing is made.
  await page.goto('/projects/new');
  const title = `Havnefront ${tag}`;
  await page.getByLabel(/^Titel/).fill(title);
  await page.getByLabel(/^Startdato/).fill('2026-09-01');
  await page.getByLabel(/^Slutdato/).fill('2026-08-01');
  await page.getByRole('button', { name: 'Opret' }).click();
  await expect(page.getByText('Startdato kan ikke være senere end slutdato!')).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/new$/);
  await page.getByLabel(/^Slutdato/).fill('2026-12-31');
  await page.getByLabel('Kontaktpersonens telefon').fill('20304050');
  await page.getByRole('button', { name: 'Opret' }).click();
  await expect(page).toHaveURL(/\/project\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('01/09/2026 – 31/12/2026')).toBeVisible();
  // Phone numbers are formatted like users' and organisations', and dial.
  await expect(page.getByRole('link', { name: '+45 20 30 40 50' })).toHaveAttribute(
    'href',
    'tel:+4520304050',
  );

  // A data collection made from the project's page starts in the project.
  await page.getByRole('link', { name: 'Ny datasamling' }).click();
  await expect(page.getByLabel(/^Projekt/)).toHaveValue(/\d+/);
  const name = `Kajkant ${tag}`;
  await page.getByLabel(/^Navn/).fill(name);
  await page.getByRole('button', { name: 'Opret' }).click();
  await expect(page).toHaveURL(/\/collection\/\d+$/);
  const collectionId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // The device is assigned through the dialog.
  await expect(page.getByText('Ingen enhed måler for denne datasamling.')).toBeVisible();
  await page.getByRole('button', { name: 'Tildel en enhed' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Find en enhed').fill(device.name);
  const select = dialog.getByRole('combobox', { name: 'Enhed' });
  await expect(select.locator('option', { hasText: device.name })).toHaveCount(1);
  await select.selectOption({ label: `${device.name} (${device.org.name})` });
  await dialog.getByRole('button', { name: 'Tildel' }).click();
  await expect(page.getByText('Tildelt')).toBeVisible();
  await expect(dialog).toBeHidden();
  const history = page.getByRole('table');
  await expect(history.getByRole('row', { name: new RegExp(device.name) })).toContainText('nu');

  // Reassigned to another project in its edit form.
  await page.getByRole('link', { name: 'Rediger' }).click();
  await page.getByLabel(/^Projekt/).selectOption({ label: later.title });
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${collectionId}$`));
  await expect(page.getByRole('link', { name: later.title })).toBeVisible();
  const stored = (await (
    await request.get(`/api/v2/collection/${collectionId}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as Collection;
  expect(stored).toMatchObject({ project: { id: later.id }, device: { id: device.id } });

  // A plain user of the organisation sees the collection and its history, and cannot assign.
  const userContext = await browser.newContext({
    viewport: page.viewportSize() ?? { width: 400, height: 860 },
    locale: 'da-DK',
  });
  const userPage = await userContext.newPage();
  await signIn(userPage, demo.user);
  await userPage.goto(`/collection/${collectionId}`);
  await expect(userPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(
    userPage.getByRole('table').getByRole('row', { name: new RegExp(device.name) }),
  ).toBeVisible();
  await expect(userPage.getByRole('button', { name: /^Tildel/ })).toHaveCount(0);
  await expect(userPage.getByRole('link', { name: 'Rediger' })).toHaveCount(0);
  await userContext.close();

  // Unassigned: the history keeps the period, closed.
  await page.getByRole('button', { name: 'Fjern enhedens tildeling' }).click();
  await expect(page.getByText('Ingen enhed måler for denne datasamling.')).toBeVisible();
  await expect(history.getByRole('row', { name: new RegExp(device.name) })).not.toContainText('nu');

  await request.delete(`/api/v2/collection/${collectionId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await request.delete(`/api/v2/device/${device.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
});

test('projects show as cards and as a list', async ({ page, request }, testInfo) => {
  const tag = `${testInfo.project.name} ${unique()}`;
  const token = await apiToken(request, demo.manager);
  const project = await makeProject(request, token, `Kortvisning ${tag}`);
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await page.goto(`/projects?search=${encodeURIComponent(project.title)}`);
  await expect(page.getByRole('row', { name: new RegExp(project.title) })).toBeVisible();
  await page.getByRole('button', { name: /^(Kortvisning|Card view)$/ }).click();
  const card = page.getByRole('listitem').filter({ hasText: project.title });
  await expect(card).toContainText('01/01/2026 – 31/12/2026');
  await card.getByRole('link', { name: project.title }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${project.id}$`));
  await request.delete(`/api/v2/project/${project.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
});

/** The on-site setup, opened by a manager on a phone standing at Dokk1 in Aarhus. */
async function openOnsiteSetup(page: Page, context: BrowserContext) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 56.153621, longitude: 10.213957 });
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await page.goto('/onsite-setup');
}

test('an installer sets a new device up on site, step by step, and finds it calibrated at its place', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the setup is made for a phone');
  await openOnsiteSetup(page, context);
  const name = `Dokk1 indgang ${unique()}`;

  // Step 0 makes the device, and says so.
  await expect(page.locator('[aria-current="step"]')).toHaveText('1. Navn');
  await page.getByRole('button', { name: 'Opret og fortsæt' }).click();
  await expect(page.getByText('Et navn er påkrævet.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Navn/ }).fill(name);
  await page.getByRole('textbox', { name: /^Beskrivelse/ }).fill('Over hovedindgangen');
  await page.getByRole('button', { name: 'Opret og fortsæt' }).click();
  await expect(page.getByText('Enheden er oprettet; de næste trin gør den færdig.')).toBeVisible();

  // Step 1: the phone's position and the kind of place.
  await expect(page.locator('[aria-current="step"]')).toHaveText('2. Lokation');
  await page.getByLabel('Placeringstype').selectOption('square');
  await page.getByRole('button', { name: 'Brug telefonens position' }).click();
  await expect(page.getByLabel('Breddegrad')).toHaveValue('56.153621');
  await expect(page.getByLabel('Længdegrad')).toHaveValue('10.213957');
  // The address of the place is offered (from the address service) and taken.
  await expect(page.getByText('Adresse her: Hack Kampmanns Plads 2, 8000 Aarhus C')).toBeVisible();
  await page.getByRole('button', { name: 'Brug denne adresse' }).click();
  await expect(page.getByLabel('Adresse')).toHaveValue('Hack Kampmanns Plads 2, 8000 Aarhus C');
  await expect(page.getByRole('button', { name: 'Brug denne adresse' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Gem og fortsæt' }).click();

  // A reload resumes where the setup stopped, naming the device.
  await expect(page.locator('[aria-current="step"]')).toHaveText('3. Kalibrering');
  await page.reload();
  await expect(page.locator('[aria-current="step"]')).toHaveText('3. Kalibrering');
  await expect(page.getByText(`Opsætter ${name}`)).toBeVisible();

  // Step 2: calibrated by count.
  await page.getByLabel('Kalibrer efter').selectOption('count');
  await page.getByLabel('Dit antal').fill('212');
  await page.getByLabel('Påmind mig om at kalibrere igen').selectOption('3');
  await page.getByRole('button', { name: 'Gem og fortsæt' }).click();
  await expect(page.getByText('Enheden er kalibreret.')).toBeVisible();

  // Step 3: a picture, then the device's page.
  await expect(page.locator('[aria-current="step"]')).toHaveText('4. Billeder');
  await page.getByLabel('Billeder af installationen').setInputFiles({
    name: 'indgang.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await page.getByRole('button', { name: 'Upload og afslut' }).click();
  await expect(page).toHaveURL(/\/sensor\/\d+/);
  const deviceId = Number(new URL(page.url()).pathname.split('/')[2]);

  const token = await apiToken(request, demo.manager);
  const headers = { authorization: `Bearer ${token}` };
  const device = (await (
    await request.get(`/api/v2/device/${deviceId}`, { headers })
  ).json()) as Device;
  expect(device).toMatchObject({
    name,
    description: 'Over hovedindgangen',
    locType: 'square',
    lat: 56.153621,
    lng: 10.213957,
    address: 'Hack Kampmanns Plads 2, 8000 Aarhus C',
    calibrated: true,
    calibration: { type: 'count', value: 212, reminderMonths: 3 },
  });
  const pictures = (await (
    await request.get(`/api/v2/device/${deviceId}/pictures`, { headers })
  ).json()) as unknown[];
  expect(pictures).toHaveLength(1);

  // The setup is over: the page starts a new one.
  await page.goto('/onsite-setup');
  await expect(page.locator('[aria-current="step"]')).toHaveText('1. Navn');
  await request.delete(`/api/v2/device/${deviceId}`, { headers });
});

test('an installer picks the place of a new device on the map, and the device is saved there', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the setup is made for a phone');
  await openOnsiteSetup(page, context);
  const name = `Kortvalg ${unique()}`;
  await page.getByRole('textbox', { name: /^Navn/ }).fill(name);
  await page.getByRole('button', { name: 'Opret og fortsæt' }).click();
  await expect(page.locator('[aria-current="step"]')).toHaveText('2. Lokation');

  // A tap on the map of the whole country places the device there, and the view stays.
  const map = page.getByRole('region', { name: 'Vælg stedet på kortet' }).last();
  await map.scrollIntoViewIfNeeded();
  const canvas = map.locator('canvas').first();
  await expect(canvas).toBeVisible();
  await expect(map).toHaveAttribute('data-bounds', /\d/);
  const country = await map.getAttribute('data-bounds');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the map has no canvas');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByLabel('Breddegrad')).not.toHaveValue('');
  await expect(page.getByLabel('Længdegrad')).not.toHaveValue('');
  await expect(map).toHaveAttribute('data-bounds', country ?? '');

  // The phone's position brings the map to it, close up, with the device in the middle...
  await page.getByRole('button', { name: 'Brug telefonens position' }).click();
  await expect(page.getByLabel('Breddegrad')).toHaveValue('56.153621');
  await expect(map).not.toHaveAttribute('data-bounds', country ?? '');
  await map.scrollIntoViewIfNeeded();
  const close = await canvas.boundingBox();
  if (!close) throw new Error('the map has no canvas');
  // ...and a tap east of it moves the device east, on the same latitude.
  await expect(page.getByLabel('Længdegrad')).toHaveValue('10.213957');
  await page.mouse.click(close.x + close.width / 2 + 60, close.y + close.height / 2);
  await expect(page.getByLabel('Længdegrad')).not.toHaveValue('10.213957');
  const lat = Number(await page.getByLabel('Breddegrad').inputValue());
  const lng = Number(await page.getByLabel('Længdegrad').inputValue());
  expect(lng).toBeGreaterThan(10.214);
  expect(lng).toBeLessThan(10.4);
  expect(Math.abs(lat - 56.153621)).toBeLessThan(0.01);
  await page.getByRole('button', { name: 'Gem og fortsæt' }).click();
  // A device shows its place once calibrated (spec §4).
  await expect(page.locator('[aria-current="step"]')).toHaveText('3. Kalibrering');
  await page.getByLabel('Kalibrer efter').selectOption('count');
  await page.getByLabel('Dit antal').fill('40');
  await page.getByRole('button', { name: 'Gem og fortsæt' }).click();
  await expect(page.locator('[aria-current="step"]')).toHaveText('4. Billeder');

  const token = await apiToken(request, demo.manager);
  const headers = { authorization: `Bearer ${token}` };
  const found = (await (
    await request.get(`/api/v2/devices?search=${encodeURIComponent(name)}`, { headers })
  ).json()) as { items: Device[] };
  const id = found.items.find((item) => item.name === name)?.id;
  expect(id).toBeDefined();
  const device = (await (await request.get(`/api/v2/device/${id}`, { headers })).json()) as Device;
  expect(device).toMatchObject({ name, lat, lng, calibrated: true });
  await request.delete(`/api/v2/device/${id}`, { headers });
});

test('a device whose calibration is due is named on the home page and one click away', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const headers = { authorization: `Bearer ${token}` };
  const calibratedAt = new Date();
  calibratedAt.setUTCMonth(calibratedAt.getUTCMonth() - 13);
  const res = await request.post('/api/v2/device', {
    headers,
    data: {
      name: `Kalibrering forfalden ${unique()}`,
      calibrated: true,
      calibration: {
        type: 'count',
        value: 180,
        reminderMonths: 12,
        calibratedAt: calibratedAt.toISOString(),
      },
    },
  });
  expect(res.status()).toBe(201);
  const device = (await res.json()) as Device;
  await signIn(page, demo.manager);
  await acceptCookies(page);
  const notice = page.getByRole('status').filter({ hasText: /skal kalibreres\./ });
  await scrolledTo(page, notice);
  await expect(notice).toContainText(/^\d+ (enhed|enheder) skal kalibreres\./);
  await expect(page.getByRole('link', { name: /^Opsætning på stedet/ })).toContainText(
    /\d+ skal kalibreres/,
  );
  await notice.getByRole('link', { name: 'Vis dem' }).click();
  await expect(page).toHaveURL(/\/sensors/);
  await expect(page.getByText(device.name)).toBeVisible();
  // A device calibrated within its interval is not among them.
  await expect(page.getByText(/^Dokk1|^Aarhus Ø/)).toHaveCount(0);
  await request.delete(`/api/v2/device/${device.id}`, { headers });
});

test('the December calendar opens one door a day', async ({ page }) => {
  await signIn(page, demo.user);
  await acceptCookies(page);
  await page.clock.setFixedTime(new Date(2026, 11, 13, 10, 0));
  await page.goto('/december');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Julekalender' })).toBeVisible();
  const doors = main.getByRole('list', { name: 'Låger' }).getByRole('listitem');
  await expect(doors).toHaveCount(24);
  await expect(doors.and(page.getByRole('listitem', { name: '13', exact: true }))).toContainText(
    'Alle lister kan eksportere deres indhold som CSV eller JSON.',
  );
  await expect(doors.and(page.getByRole('listitem', { name: '14', exact: true }))).toContainText(
    'Åbner den 14/12/2026',
  );
  // Before December, every door is closed and the page says when the first opens.
  await page.clock.setFixedTime(new Date(2026, 10, 28, 10, 0));
  await page.reload();
  await expect(main.getByText('Kalenderen åbner sin første låge den 1. december.')).toBeVisible();
  await expect(doors.and(page.getByRole('listitem', { name: '1', exact: true }))).toContainText(
    'Åbner den 01/12/2026',
  );
});

test("a collection's data shows each device only over the time it measured for it", async ({
  page,
  request,
}, testInfo) => {
  const tag = `${testInfo.project.name} ${unique()}`;
  const headers = { authorization: `Bearer ${await apiToken(request, demo.manager)}` };
  const created = async <T>(res: Awaited<ReturnType<APIRequestContext['post']>>) => {
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as T;
  };
  const registry = await created<{ id: number }>(
    await request.post('/api/v2/registry', {
      headers,
      data: { name: `Kaj ${tag}`, protocol: 'http' },
    }),
  );
  const hour = 3_600_000;
  const ago = (hours: number) => new Date(Date.now() - hours * hour).toISOString();
  const devices: { device: Device; readings: [number, number][] }[] = [
    // [hours ago, value]: the first measured from 40 to 20 hours ago, the second since.
    {
      device: await makeDevice(
        request,
        headers.authorization.slice(7),
        `Første ${tag}`,
        registry.id,
      ),
      readings: [
        [50, 900],
        [30, 10],
        [10, 901],
      ],
    },
    {
      device: await makeDevice(
        request,
        headers.authorization.slice(7),
        `Anden ${tag}`,
        registry.id,
      ),
      readings: [
        [30, 800],
        [5, 20],
      ],
    },
  ];
  for (const { device, readings } of devices) {
    const { token } = await created<{ token: string }>(
      await request.post('/api/generateToken', {
        headers,
        data: { label: `${device.name} token`, type: 'device', reference: device.id },
      }),
    );
    for (const [hours, value] of readings) {
      const ingested = await request.post(`/api/v1/ingest/${registry.id}/${device.id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { flow: value, time: ago(hours) },
      });
      expect(ingested.ok(), await ingested.text()).toBe(true);
    }
  }
  const collection = await created<Collection>(
    await request.post('/api/v2/collection', { headers, data: { name: `Sluse ${tag}` } }),
  );
  for (const [index, hours] of [40, 20].entries()) {
    const assigned = await request.put(`/api/v2/collection/${collection.id}/device`, {
      headers,
      data: { deviceId: devices[index]?.device.id, from: ago(hours) },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
  }

  await signIn(page, demo.user);
  await acceptCookies(page);
  const answer = page.waitForResponse((res) =>
    res.url().includes(`/api/v2/collection/${collection.id}/data/flow`),
  );
  await page.goto(`/collection/${collection.id}`);
  const section = page.getByRole('region', { name: 'Data' });
  await expect(section.getByLabel('Datanøgle')).toHaveValue('flow');
  await expect(section.getByLabel('Periode')).toHaveValue('3');
  const data = (await (await answer).json()) as CollectionData;
  // Only what each device measured within its own period: never 900, 901 or 800.
  expect(data.segments.map((s) => [s.device.id, s.points.map((p) => p.value)])).toEqual([
    [devices[0]?.device.id, [10]],
    [devices[1]?.device.id, [20]],
  ]);
  await expect(section.getByRole('img', { name: /^flow for datasamlingen/ })).toBeVisible();
  for (const { device } of devices) await expect(section.getByText(device.name)).toBeVisible();
  await expect(
    section.getByText('Hver enhed vises kun for den tid, den har målt for denne datasamling.'),
  ).toBeVisible();

  // A collection no device has measured for says so.
  const empty = await created<Collection>(
    await request.post('/api/v2/collection', { headers, data: { name: `Tom ${tag}` } }),
  );
  await page.goto(`/collection/${empty.id}`);
  await expect(
    page
      .getByRole('region', { name: 'Data' })
      .getByText('Ingen enhed har endnu sendt data for denne datasamling.'),
  ).toBeVisible();
  await request.delete(`/api/v2/collection/${empty.id}`, { headers });

  await request.delete(`/api/v2/collection/${collection.id}`, { headers });
  for (const { device } of devices)
    await request.delete(`/api/v2/device/${device.id}`, { headers });
  await request.delete(`/api/v2/registry/${registry.id}`, { headers });
});
