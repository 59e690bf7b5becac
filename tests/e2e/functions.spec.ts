import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, apiToken, demo, signIn } from './helpers.ts';

const SUM_CODE = `function main(input, context) {
  console.log('sum is', input.a + input.b);
  return { sum: input.a + input.b };
}`;
const LOOP_CODE = `function main(input) {
  while (true) {}
}`;

const codeBox = (page: Page) => page.getByRole('textbox', { name: /^(Kode|Code)$/ });
const payloadBox = (page: Page) =>
  page.getByRole('textbox', { name: /^(Eksempeldata \(JSON\)|Sample payload \(JSON\))$/ });
const runButton = (page: Page) => page.getByRole('button', { name: /^(Kør|Run)$/ });

test('an account manager creates, test-runs, edits, favourites and deletes a cloud function', async ({
  page,
}, testInfo) => {
  // One long journey through four pages and three sandbox runs.
  test.setTimeout(120_000);
  const name = `Summer ${testInfo.project.name} ${Date.now()}`;
  let testRuns = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v2/cloudfunction/test')) testRuns += 1;
  });

  await signIn(page, demo.manager);
  await acceptCookies(page);
  await page.goto('/functions');
  await page.getByRole('link', { name: /^(Ny cloud-funktion|New cloud function)$/ }).click();
  await expect(page).toHaveURL(/\/functions\/new$/);
  // A new function starts from the main(input, context) template.
  await expect(codeBox(page)).toContainText('function main(input, context)');

  await page.getByLabel(/^(Navn|Name)$/).fill(name);
  await page.getByLabel(/^Type$/).selectOption('decoder');
  await codeBox(page).fill(SUM_CODE);

  // Invalid JSON is reported in the form, and no run starts.
  await payloadBox(page).fill('{"a": 2,');
  await runButton(page).click();
  await expect(page.getByText(/(ikke gyldig JSON|not valid JSON)/)).toBeVisible();
  expect(testRuns).toBe(0);

  await payloadBox(page).fill('{"a": 2, "b": 3}');
  await runButton(page).click();
  await expect(page.getByLabel(/^Output$/)).toContainText('"sum": 5');
  const consoleLines = page.getByRole('list', { name: /^(Konsol|Console)$/ });
  await expect(consoleLines.getByRole('listitem')).toHaveText([/log\s*sum is 5/]);
  expect(testRuns).toBe(1);

  // The run uses the code as it is in the editor: an endless loop hits the time limit.
  await codeBox(page).fill(LOOP_CODE);
  await runButton(page).click();
  await expect(page.getByText(/^(Tidsgrænsen overskredet|Time limit exceeded)/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(/The function ran longer than \d+ ms/)).toBeVisible();

  await codeBox(page).fill(SUM_CODE);
  await page.getByRole('button', { name: /^(Opret|Create)$/ }).click();
  await expect(page).toHaveURL(/\/function\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText(/^(Dekoder|Decoder) · /)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^(Kode|Code)$/ })).toContainText(
    "console.log('sum is'",
  );

  // Edit: a description, saved and shown on the detail page.
  await page.getByRole('button', { name: /^(Rediger|Edit)$/ }).click();
  await expect(page).toHaveURL(/\/function\/\d+\/edit$/);
  await page.getByLabel(/^(Beskrivelse|Description)$/).fill('Adds a and b');
  await page.getByRole('button', { name: /^(Gem|Save)$/ }).click();
  await expect(page).toHaveURL(/\/function\/\d+$/);
  await expect(page.getByText('Adds a and b')).toBeVisible();

  // Favourite it from the detail page's header; the list row shows it too.
  const star = page.getByRole('main').locator('header button[aria-pressed]');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`/functions?search=${encodeURIComponent(name)}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'true');
  await row.getByText(name).click();
  await expect(page).toHaveURL(/\/function\/\d+$/);
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'false');

  // Delete after confirmation.
  await page.getByRole('button', { name: /^(Slet|Delete)$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('listitem')).toHaveText([name]);
  await dialog.getByRole('button', { name: /^(Ja|Yes)$/ }).click();
  await expect(page).toHaveURL(/\/functions(\?.*)?$/);
  await page
    .getByRole('searchbox', { name: /^(Søg i|Search in) (Cloud-funktioner|Cloud functions)$/ })
    .fill(name);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('a plain user reads cloud functions but cannot create, edit, delete or run them', async ({
  page,
  request,
}, testInfo) => {
  const managerToken = await apiToken(request, demo.manager);
  const name = `Læses ${testInfo.project.name} ${Date.now()}`;
  const created = await request.post('/api/v2/cloudfunction', {
    headers: { authorization: `Bearer ${managerToken}` },
    data: { name, type: 'function', code: 'function main(input) { return input; }' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const userToken = await apiToken(request, demo.user);
  const refused = await request.post('/api/v2/cloudfunction', {
    headers: { authorization: `Bearer ${userToken}` },
    data: { name: `Nej ${Date.now()}`, type: 'function' },
  });
  expect(refused.status()).toBe(403);

  await signIn(page, demo.user);
  await acceptCookies(page);
  await page.goto('/functions');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(
    page.getByRole('link', { name: /^(Ny cloud-funktion|New cloud function)$/ }),
  ).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  await page.goto(`/function/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(codeBox(page)).toContainText('return input;');
  await expect(page.getByRole('button', { name: /^(Rediger|Edit)$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Slet|Delete)$/ })).toHaveCount(0);
  await expect(runButton(page)).toHaveCount(0);

  await page.goto(`/function/${id}/edit`);
  await expect(page.getByText(/(Du må ikke ændre|You may not change) cloud/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Gem|Save)$/ })).toHaveCount(0);

  await request.delete(`/api/v2/cloudfunction/${id}`, {
    headers: { authorization: `Bearer ${managerToken}` },
  });
});
