import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, apiToken, demo, signIn } from './helpers.ts';

// The demo runs in Danish; texts not yet in the Danish catalogue show in English.
const button = (da: string, en: string) => new RegExp(`^(${da}|${en})$`);
const keyField = (row: number | string) => new RegExp(`^(Metadatanøgle|Metadata key) ${row}$`);
const valueField = (row: number | string) => new RegExp(`^(Metadataværdi|Metadata value) ${row}$`);

test.describe.configure({ timeout: 180_000 });

/** Saves the edit form and opens the organisation's Metadata tab. */
async function saveAndOpenMetadata(page: Page, uuid: string) {
  await page.getByRole('button', { name: button('Gem', 'Save') }).click();
  await page.waitForURL((url) => url.pathname === `/management/org/${uuid}`);
  await page
    .getByRole('navigation', { name: 'Organisation' })
    .getByRole('link', { name: 'Metadata' })
    .click();
  await page.waitForURL((url) => url.pathname === `/management/org/${uuid}/metadata`);
}

/** The value shown for `key` on the Metadata tab (a definition list). */
const shownValue = (page: Page, key: string) =>
  page
    .getByRole('main')
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${key}$`) })
    .locator('xpath=following-sibling::dd[1]');

test("the account manager edits an organisation's metadata", async ({ page, request }) => {
  const token = await apiToken(request, demo.manager);
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/auth/user', { headers })).json()) as {
    org: { uuid: string };
  };
  const created = await request.post('/api/entity/organisation', {
    headers,
    data: {
      name: `Metadata ${test.info().project.name} ${Date.now()}`,
      address: 'Nørrebrogade 1',
      zip: '2200',
      city: 'København N',
      country: 'Danmark',
      parentUuid: me.org.uuid,
    },
  });
  expect(created.status()).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };

  try {
    await signIn(page, demo.manager);
    await acceptCookies(page);

    // Two new entries.
    await page.goto(`/management/org/${uuid}/edit`);
    await expect(page.getByText(/^(Ingen metadata\.|No metadata\.)$/)).toBeVisible();
    const add = page.getByRole('button', { name: button('Tilføj metadata', 'Add metadata') });
    await add.click();
    await page.getByLabel(keyField(1)).fill('contract');
    await page.getByLabel(valueField(1)).fill('A-17');
    await add.click();
    await page.getByLabel(keyField(2)).fill('floor');
    await page.getByLabel(valueField(2)).fill('3');
    await saveAndOpenMetadata(page, uuid);
    await expect(shownValue(page, 'contract')).toHaveText('A-17');
    await expect(shownValue(page, 'floor')).toHaveText('3');

    // The saved entries load into the form (in the order the server keeps them).
    await page.goto(`/management/org/${uuid}/edit`);
    const keys = page.getByLabel(keyField('\\d+'));
    await expect(keys).toHaveCount(2);
    const order = await keys.evaluateAll((inputs) =>
      inputs.map((input) => (input as HTMLInputElement).value),
    );
    expect([...order].sort()).toEqual(['contract', 'floor']);
    const contractRow = order.indexOf('contract') + 1;
    const floorRow = order.indexOf('floor') + 1;
    await expect(page.getByLabel(valueField(floorRow))).toHaveValue('3');

    // One edited, the other removed.
    await page.getByLabel(valueField(contractRow)).fill('A-18');
    await page
      .getByRole('button', { name: button(`Fjern række ${floorRow}`, `Remove row ${floorRow}`) })
      .click();
    await expect(keys).toHaveCount(1);
    await saveAndOpenMetadata(page, uuid);
    await expect(shownValue(page, 'contract')).toHaveText('A-18');
    await expect(page.getByRole('main').getByRole('term')).toHaveCount(1);
  } finally {
    const removed = await request.delete(`/api/entity/organisation/${uuid}`, { headers });
    expect(removed.status()).toBe(200);
  }
});
