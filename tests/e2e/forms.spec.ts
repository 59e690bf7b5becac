import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { acceptCookies, apiToken, demo, signIn } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

async function api(request: APIRequestContext, email: string) {
  const headers = { authorization: `Bearer ${await apiToken(request, email)}` };
  const orgs = (await (await request.get('/api/entity/organisations', { headers })).json()) as {
    uuid: string;
    name: string;
  }[];
  const org = (name: string) => {
    const found = orgs.find((o) => o.name === name);
    if (!found) throw new Error(`no organisation ${name}`);
    return found.uuid;
  };
  return { headers, org };
}

const optionTexts = (select: Locator) => select.locator('option').allTextContents();

/** Whether the options hold every one of `wanted`, none containing any of `refused`, and "Ingen" first. */
const offers = (options: string[], wanted: string[], refused: string[]) =>
  options[0] === 'Ingen' &&
  wanted.every((text) => options.includes(text)) &&
  !options.some((option) => refused.some((text) => option.includes(text)));

test('the new-device form takes an address and a position, and offers the registries and device types of the chosen organisation', async ({
  page,
  request,
}) => {
  const { headers, org } = await api(request, demo.super);
  // A device type named like the organisations' own, in the organisation above them.
  const type = await request.post('/api/v2/devicetype', {
    headers,
    data: { name: 'Persontæller PC-2' },
  });
  expect(type.status()).toBe(201);
  const typeId = ((await type.json()) as { id: number }).id;
  let deviceId: number | undefined;
  try {
    await signIn(page, demo.super);
    await acceptCookies(page);
    await page.goto('/sensors/new');
    // The location can be entered right away, calibrated or not.
    const address = page.getByLabel(/^(Adresse|Address)$/);
    await expect(address).toBeVisible();
    await expect(page.getByLabel(/^(Breddegrad|Latitude)$/)).toBeVisible();
    await expect(page.getByLabel(/^(Længdegrad|Longitude)$/)).toBeVisible();

    const organisation = page.getByRole('combobox', { name: /^Organisation$/ });
    const registry = page.getByRole('combobox', { name: /^(Register|Registry)$/ });
    const deviceType = page.getByRole('combobox', { name: /^(Enhedstype|Device type)$/ });

    await organisation.selectOption(org('Københavns Byliv'));
    // Other tests may add their own entities to these organisations: what matters is that the
    // chosen organisation's are offered and the other organisation's are not.
    await expect
      .poll(async () => offers(await optionTexts(registry), ['København tællere'], ['Aarhus']))
      .toBe(true);
    await expect
      .poll(async () =>
        offers(
          await optionTexts(deviceType),
          ['Persontæller PC-2 (Københavns Byliv)', 'Persontæller PC-2 (Nordlys Platform)'],
          ['(Aarhus Trafiklab)'],
        ),
      )
      .toBe(true);
    await registry.selectOption({ label: 'København tællere' });
    await deviceType.selectOption({ label: 'Persontæller PC-2 (Københavns Byliv)' });

    // Another organisation: its own choices, and the links of the first are let go.
    await organisation.selectOption(org('Aarhus Trafiklab'));
    await expect
      .poll(async () =>
        offers(await optionTexts(registry), ['Aarhus HTTP', 'Aarhus tællere'], ['København']),
      )
      .toBe(true);
    await expect(registry).toHaveValue('');
    await expect(deviceType).toHaveValue('');
    await registry.selectOption({ label: 'Aarhus tællere' });
    await deviceType.selectOption({ label: 'Persontæller PC-2 (Aarhus Trafiklab)' });

    const name = `Formprøve ${Date.now()}`;
    await page.getByLabel(/^(Navn|Name)( \*)?$/).fill(name);
    await address.fill('Hack Kampmanns Plads 2, 8000 Aarhus C');
    await page.getByLabel(/^(Breddegrad|Latitude)$/).fill('56,1535');
    await page.getByLabel(/^(Længdegrad|Longitude)$/).fill('10.214');
    await page.getByRole('checkbox', { name: /^(Kalibreret|Calibrated)$/ }).check();
    await page.getByRole('button', { name: /^(Opret|Create)$/ }).click();
    await expect(page).toHaveURL(/\/sensor\/\d+$/);
    deviceId = Number(/\/sensor\/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Hack Kampmanns Plads 2, 8000 Aarhus C').first()).toBeVisible();
    await expect(page.getByText('Aarhus tællere').first()).toBeVisible();

    await page.goto(`/sensor/${deviceId}/edit`);
    await expect(page.getByLabel(/^(Breddegrad|Latitude)$/)).toHaveValue('56,1535');
    await expect(deviceType.locator('option:checked')).toHaveText(
      'Persontæller PC-2 (Aarhus Trafiklab)',
    );

    // The device list's filter names them the same way.
    await page.goto('/sensors');
    const filter = page.getByRole('combobox', { name: /^(Enhedstype|Device type)$/ });
    await expect(filter.locator('option', { hasText: /^Persontæller PC-2 \(/ })).toHaveText([
      'Persontæller PC-2 (Københavns Byliv)',
      'Persontæller PC-2 (Aarhus Trafiklab)',
      'Persontæller PC-2 (Nordlys Platform)',
    ]);
  } finally {
    if (deviceId) await request.delete(`/api/v2/device/${deviceId}`, { headers });
    await request.delete(`/api/v2/devicetype/${typeId}`, { headers });
  }
});

test('a position is edited as it was entered, without the noise of binary fractions', async ({
  page,
  request,
}) => {
  const { headers } = await api(request, demo.super);
  const found = (await (
    await request.get(`/api/v2/devices?search=${encodeURIComponent('Dokk1 A')}`, { headers })
  ).json()) as { items: { id: number; name: string; lat: number | null }[] };
  const dokk1 = found.items.find((d) => d.name === 'Aarhus Ø, Dokk1 A');
  expect(dokk1?.lat).toBeCloseTo(56.15362, 9);
  await signIn(page, demo.super);
  await acceptCookies(page);
  await page.goto(`/sensor/${dokk1?.id}/edit`);
  // Danish, the console's language here, writes a decimal comma.
  await expect(page.getByLabel(/^(Breddegrad|Latitude)$/)).toHaveValue('56,15362');
  await expect(page.getByLabel(/^(Længdegrad|Longitude)$/)).toHaveValue('10,2142');
});

test('after a new user is saved, the profile opens at its top', async ({ page, request }) => {
  const { headers } = await api(request, demo.manager);
  const email = `top.${Date.now()}@nordlys.example`;
  let uuid: string | undefined;
  try {
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto('/management/user/new');
    await page.getByLabel(/^(Fornavn|First name)( \*)?$/).fill('Tove');
    await page.getByLabel(/^(Efternavn|Last name)( \*)?$/).fill('Toppe');
    await page.getByLabel(/^(E-mail)( \*)?$/).fill(email);
    const save = page.getByRole('button', { name: /^(Gem|Save)$/ });
    await save.scrollIntoViewIfNeeded();
    // The form is longer than the window: saving it is done scrolled down.
    expect(await page.getByRole('main').evaluate((main) => main.scrollTop)).toBeGreaterThan(0);
    await save.click();
    const heading = page.getByRole('main').getByRole('heading', { level: 1, name: 'Tove Toppe' });
    await expect(heading).toBeVisible();
    uuid = new URL(page.url()).pathname.split('/').pop();
    await expect(heading).toBeInViewport();
    expect(await page.getByRole('main').evaluate((main) => main.scrollTop)).toBe(0);
  } finally {
    if (uuid) await request.delete(`/api/entity/user/${uuid}`, { headers });
  }
});
