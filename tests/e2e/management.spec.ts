import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, apiToken, demo, latestMail, signIn } from './helpers.ts';

// The demo runs in Danish; texts not yet in the Danish catalogue show in English.
const label = (da: string, en: string) => new RegExp(`^(${da}|${en})( \\*)?$`);
const button = (da: string, en: string) => new RegExp(`^(${da}|${en})$`);

// Each test walks through several screens.
test.describe.configure({ timeout: 180_000 });

async function createOrg(page: Page, name: string) {
  await page.goto('/orgs');
  await page.getByRole('button', { name: button('Ny organisation', 'New organisation') }).click();
  await expect(page).toHaveURL(/\/management\/org\/new/);
  await page.getByLabel(label('Navn', 'Name')).fill(name);
  await page.getByLabel(label('Adresse', 'Address')).fill('Nørrebrogade 1');
  await page.getByLabel(label('Postnummer', 'Zip code')).fill('2200');
  await page.getByLabel(label('By', 'City')).fill('København N');
  // The website rule of spec §5, checked before anything is sent.
  await page.getByLabel(label('Hjemmeside', 'Website')).fill('not a url');
  await page.getByRole('button', { name: button('Gem', 'Save') }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: /Ikke en gyldig URL|Not a valid URL/ }),
  ).toBeVisible();
  await page.getByLabel(label('Hjemmeside', 'Website')).fill('https://byliv.example');
  await page.getByRole('button', { name: button('Gem', 'Save') }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name })).toBeVisible();
  return page.url().split('/').pop() ?? '';
}

async function deleteOrgFromPage(page: Page, typed: string) {
  await page.getByRole('button', { name: button('Slet', 'Delete') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(label('Organisationens navn', 'Organisation name')).fill(typed);
  await dialog.getByRole('button', { name: button('Ja', 'Yes') }).click();
  return dialog;
}

test('the account manager creates a user in a sub-organisation, who confirms and signs in; empty organisations are deleted by name', async ({
  page,
}) => {
  const stamp = Date.now();
  const email = `ny.bruger.${stamp}@nordlys.example`;
  const orgName = `E2E Afdeling ${stamp}`;
  await signIn(page, demo.manager);
  await acceptCookies(page);

  // A sub-organisation under the manager's own, then a user in it.
  const orgUuid = await createOrg(page, orgName);
  await page
    .getByRole('navigation', { name: 'Organisation' })
    .getByRole('link', { name: button('Brugere', 'Users') })
    .click();
  await page.getByRole('button', { name: button('Ny bruger', 'New user') }).click();
  await expect(page).toHaveURL(new RegExp(`/management/user/new\\?org=${orgUuid}`));
  await page.getByLabel(label('Fornavn', 'First name')).fill('Nora');
  await page.getByLabel(label('Efternavn', 'Last name')).fill('Nyholm');
  await page.getByLabel(label('Telefon', 'Phone')).fill('20123456');
  await page.getByLabel(label('Mobil', 'Mobile')).click();
  await expect(page.getByLabel(label('Telefon', 'Phone'))).toHaveValue('+45 20 12 34 56');
  await expect(page.getByLabel(label('Organisation', 'Organisation'))).toHaveValue(orgUuid);
  const since = Date.now() - 1000;
  // E-mail is required, then must be unique.
  await page.getByRole('button', { name: button('Gem', 'Save') }).click();
  await expect(page.getByRole('alert').filter({ hasText: /E-mail/ })).toBeVisible();
  await page.getByLabel(label('E-mail', 'E-mail')).fill(demo.user);
  await page.getByRole('button', { name: button('Gem', 'Save') }).click();
  await expect(
    page.getByText(/E-mail is already assigned to a user account!|E-mailen er allerede/),
  ).toBeVisible();
  await page.getByLabel(label('E-mail', 'E-mail')).fill(email);
  await page.getByRole('button', { name: button('Gem', 'Save') }).click();
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Nora Nyholm' }),
  ).toBeVisible();
  const userUrl = new URL(page.url()).pathname;

  const mail = await latestMail(email, since);
  expect(mail.subject).toMatch(/Bekræft din konto|Confirm your/);

  // Edit the user.
  await page.getByRole('button', { name: button('Rediger', 'Edit') }).click();
  await page.getByLabel(label('Stilling', 'Position')).fill('Trafikplanlægger');
  await page.getByRole('button', { name: button('Gem', 'Save') }).click();
  await expect(page).toHaveURL(new RegExp(`${userUrl}$`));
  await expect(page.getByText('Trafikplanlægger')).toBeVisible();
  await expect(page.getByText('+45 20 12 34 56')).toBeVisible();

  // The organisation still has a user: refused.
  await page.goto(`/management/org/${orgUuid}`);
  let dialog = await deleteOrgFromPage(page, 'wrong name');
  await expect(dialog.getByRole('alert')).toHaveText(
    /You haven't confirmed that you want to delete the Organisation!|Du har ikke bekræftet/,
  );
  await dialog.getByLabel(label('Organisationens navn', 'Organisation name')).fill(orgName);
  await dialog.getByRole('button', { name: button('Ja', 'Yes') }).click();
  await expect(
    page.getByText(/Organisation still has users|Organisationen har stadig brugere/),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: orgName }),
  ).toBeVisible();

  // An empty one goes when its name is typed.
  const emptyName = `E2E Tom ${stamp}`;
  await createOrg(page, emptyName);
  dialog = await deleteOrgFromPage(page, emptyName);
  await expect(page).toHaveURL(/\/orgs/);
  await expect(page.getByRole('table').getByText(emptyName)).toHaveCount(0);

  // The new user confirms through the mailed link and signs in.
  await page.context().clearCookies();
  await page.goto(new URL(mail.link).pathname);
  const password = `nora-${stamp}`;
  await page.getByLabel(/^(Ny adgangskode|New password)$/).fill(password);
  await page.getByLabel(/^(Bekræft adgangskode|Confirm password)$/).fill(password);
  await page.getByRole('button', { name: /^(Vælg adgangskode|Set password)$/ }).click();
  await page.getByRole('button', { name: /^(Gå til login|Go to login)$/ }).click();
  await signIn(page, email, password);
  await page.getByRole('button', { name: /brugermenu|user menu/i }).click();
  await page.getByRole('menuitem', { name: /^(Profil|Profile)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`${userUrl}$`));
  await expect(page.getByText('Trafikplanlægger')).toBeVisible();
});

test('an API token is shown once, closes only when pasted back, counts its calls and stops when deleted', async ({
  page,
  request,
}) => {
  const tokenLabel = `E2E token ${Date.now()}`;
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await page.goto('/api');
  await page.getByRole('button', { name: button('Ny API-nøgle', 'New API token') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(label('Navn', 'Label')).fill(tokenLabel);
  await dialog.getByRole('button', { name: button('Opret', 'Create') }).click();
  const secret = (await dialog.getByTestId('new-token').textContent()) ?? '';
  expect(secret).toMatch(/^nly_/);

  const close = dialog.getByRole('button', { name: button('Luk', 'Close') });
  await expect(close).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^(Indsæt nøglen her|Paste the token here)$/).fill(`${secret}x`);
  await expect(close).toBeDisabled();
  await dialog.getByLabel(/^(Indsæt nøglen her|Paste the token here)$/).fill(secret);
  await close.click();
  await expect(dialog).toHaveCount(0);

  const auth = { authorization: `Bearer ${secret}` };
  expect((await request.get('/api/entity/users', { headers: auth })).status()).toBe(200);
  expect((await request.get('/api/entity/organisations', { headers: auth })).status()).toBe(200);
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(tokenLabel) });
  await expect(row.getByRole('cell').nth(6)).toHaveText('2');

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: /^(Slet|Delete) \(1\)$/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: button('Ja', 'Yes') })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(tokenLabel) })).toHaveCount(0);
  expect((await request.get('/api/entity/users', { headers: auth })).status()).toBe(401);
});

test('a plain user is offered only what the matrix allows, and the API refuses the rest', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.user);
  const manager = await apiToken(request, demo.manager);
  const auth = { authorization: `Bearer ${token}` };
  const users = (await (await request.get('/api/entity/users', { headers: auth })).json()) as {
    uuid: string;
    email: string;
    org: { uuid: string };
  }[];
  const managerUser = users.find((u) => u.email === demo.manager);
  const me = users.find((u) => u.email === demo.user);
  expect(managerUser && me).toBeTruthy();

  await signIn(page, demo.user);
  await acceptCookies(page);
  await page.goto('/users');
  await expect(page.getByRole('table').getByText(demo.manager)).toBeVisible();
  await expect(page.getByRole('button', { name: button('Ny bruger', 'New user') })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  await page.goto(`/management/user/${managerUser?.uuid}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText(/Mads/);
  await expect(page.getByRole('button', { name: button('Rediger', 'Edit') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: button('Slet', 'Delete') })).toHaveCount(0);
  // Another user's access: shown, but nothing to switch or lift.
  await page.getByRole('link', { name: button('Adgang', 'Access') }).click();
  await expect(
    page.getByRole('table', { name: button('Rettigheder', 'Privileges') }),
  ).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);

  // One's own profile: editable, not deletable, with a password change.
  await page.goto(`/management/user/${me?.uuid}`);
  await expect(page.getByRole('button', { name: button('Rediger', 'Edit') })).toBeVisible();
  await expect(page.getByRole('button', { name: button('Slet', 'Delete') })).toHaveCount(0);

  await page.goto('/orgs');
  await expect(
    page.getByRole('button', { name: button('Ny organisation', 'New organisation') }),
  ).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.goto(`/management/org/${me?.org.uuid}`);
  await expect(page.getByRole('button', { name: button('Rediger', 'Edit') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: button('Slet', 'Delete') })).toHaveCount(0);
  await page.goto('/management/user/new');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: button('Gem', 'Save') })).toHaveCount(0);

  // What is not offered is refused by the API too.
  const put = await request.put(`/api/entity/user/${managerUser?.uuid}`, {
    headers: auth,
    data: { firstName: 'Hacked' },
  });
  expect(put.status()).toBe(403);
  const create = await request.post('/api/entity/organisation', {
    headers: auth,
    data: {
      name: 'Nope',
      parentUuid: me?.org.uuid,
      address: 'x',
      zip: '1',
      city: 'x',
      country: 'x',
    },
  });
  expect(create.status()).toBe(403);
  const del = await request.delete(`/api/entity/user/${managerUser?.uuid}`, { headers: auth });
  expect(del.status()).toBe(403);
  // The manager's tokens are not the user's to see.
  const made = await request.post('/api/generateToken', {
    headers: { authorization: `Bearer ${manager}` },
    data: { label: `manager only ${Date.now()}`, type: 'general' },
  });
  const made_id = ((await made.json()) as { id: number }).id;
  expect(
    (await request.post(`/api/deletetoken/${made_id}`, { headers: auth, data: {} })).status(),
  ).toBe(404);
});
