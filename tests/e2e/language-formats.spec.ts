import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  acceptCookies,
  apiToken,
  demo,
  consoleStarted,
  englishUser,
  openSignIn,
  signIn,
} from './helpers.ts';

// Language and the way numbers, phone numbers, countries and references read.
// Each test makes what it shows through the API and removes it again.
// Several of them walk through more than one screen.
test.describe.configure({ timeout: 120_000 });

/** The value beside a label in a detail page's field list. */
const field = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

const stamp = () => `${test.info().project.name} ${Date.now()}`;

async function asManager(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request, demo.manager)}` };
  const me = (await (await request.get('/api/auth/user', { headers })).json()) as {
    org: { uuid: string };
  };
  return { headers, orgUuid: me.org.uuid };
}

test.describe('before sign-in, in a browser that prefers English', () => {
  test.use({ locale: 'en-US' });

  test('the login page is Danish, and a language chosen there is remembered', async ({ page }) => {
    await openSignIn(page);
    await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'da');

    await page.getByLabel('Sprog').selectOption({ label: 'English' });
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.reload();
    await consoleStarted(page);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByLabel('Language').selectOption({ label: 'Dansk' });
    await page.reload();
    await consoleStarted(page);
    await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
  });
});

test('signing out of an English account shows the login page in Danish again', async ({
  page,
  request,
}) => {
  const user = await englishUser(request, 'engelsk');
  try {
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
  } finally {
    await user.remove();
  }
});

test('a device reads "Position" for its place and its numbers with a decimal comma', async ({
  page,
  request,
}) => {
  const { headers, orgUuid } = await asManager(request);
  const made: number[] = [];
  const device = async (data: Record<string, unknown>) => {
    const res = await request.post('/api/v2/device', { headers, data: { orgUuid, ...data } });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    made.push(id);
    return id;
  };
  try {
    const loose = await device({ name: `Uden sted ${stamp()}` });
    const placed = await device({
      name: `Dokk1 ${stamp()}`,
      calibrated: true,
      address: 'Hack Kampmanns Plads 2, 8000 Aarhus C',
      lat: 56.15362,
      lng: 10.2144,
      hardware: { cpuTemperature: 41.5 },
    });

    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto(`/sensor/${loose}`);
    await expect(field(page, 'Position')).toHaveText(/ikke kalibreret/);
    await expect(page.getByRole('main').locator('dt', { hasText: 'Stilling' })).toHaveCount(0);

    await page.goto(`/sensor/${placed}`);
    await expect(field(page, 'Breddegrad')).toHaveText('56,15362');
    await expect(field(page, 'Længdegrad')).toHaveText('10,2144');
    await page.goto(`/sensor/${placed}/hardware`);
    await expect(field(page, 'CPU-temperatur')).toHaveText('41,5 °C');
  } finally {
    for (const id of made) await request.delete(`/api/v2/device/${id}`, { headers });
  }
});

test('the hover preview delays are written with a decimal comma in Danish', async ({ page }) => {
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await page.goto('/settings');
  const delays = page.getByLabel('Forhåndsvisning ved hover').locator('option');
  await expect(delays).toContainText(['Skjult', '0,3 s', '0,5 s', '0,7 s', '1 s', '2 s', '3 s']);
});

test('an organisation shows its phone number as users do and its country in Danish only', async ({
  page,
  request,
}) => {
  const { headers, orgUuid } = await asManager(request);
  const name = `Landekode ${stamp()}`;
  const res = await request.post('/api/entity/organisation', {
    headers,
    data: {
      name,
      parentUuid: orgUuid,
      address: 'Rådhuspladsen 2',
      zip: '8000',
      city: 'Aarhus C',
      // English, as an API client may write it; the console still says Danmark.
      country: 'Denmark',
      phone: '89 40 20 00',
    },
  });
  expect(res.status()).toBe(201);
  const { uuid } = (await res.json()) as { uuid: string };
  try {
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto(`/management/org/${uuid}`);
    const phone = field(page, 'Telefon').getByRole('link');
    await expect(phone).toHaveText('+45 89 40 20 00');
    await expect(phone).toHaveAttribute('href', 'tel:+4589402000');
    await expect(field(page, 'Land')).toHaveText('Danmark');

    await page.goto(`/management/org/${uuid}/edit`);
    const country = page.getByLabel('Land *');
    await expect(country.locator('option:checked')).toHaveText('Danmark');
    await expect(country.locator('option', { hasText: /^Denmark$/ })).toHaveCount(0);

    await page.goto(`/orgs?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Danmark');
    await expect(page.getByRole('main').getByText('Denmark')).toHaveCount(0);
  } finally {
    await request.delete(`/api/entity/organisation/${uuid}`, { headers });
  }
});

test("a device token's reference is the device's name", async ({ page, request }) => {
  const { headers, orgUuid } = await asManager(request);
  const deviceName = `Tokenets enhed ${stamp()}`;
  const device = await request.post('/api/v2/device', {
    headers,
    data: { name: deviceName, orgUuid },
  });
  expect(device.status()).toBe(201);
  const { id } = (await device.json()) as { id: number };
  const label = `Reference ${stamp()}`;
  const token = await request.post('/api/generateToken', {
    headers,
    data: { label, type: 'device', reference: id },
  });
  expect(token.status()).toBe(201);
  const { id: tokenId } = (await token.json()) as { id: number };
  try {
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto(`/api?search=${encodeURIComponent(label)}`);
    const row = page.getByRole('row', { name: new RegExp(label) });
    await expect(row).toContainText(deviceName);
    await expect(row).not.toContainText(`#${id}`);
  } finally {
    await request.post(`/api/deletetoken/${tokenId}`, { headers, data: {} });
    await request.delete(`/api/v2/device/${id}`, { headers });
  }
});
