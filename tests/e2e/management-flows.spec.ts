import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { acceptCookies, apiToken, demo, latestMail, signIn } from './helpers.ts';

// The account manager's flows on the management screens, in Danish (the default
// language). Each test makes its own organisations and users through the API
// and removes them again, so both projects can run against the same server.
test.describe.configure({ timeout: 180_000 });

interface Manager {
  headers: { authorization: string };
  uuid: string;
  orgUuid: string;
  orgName: string;
}

async function asManager(request: APIRequestContext): Promise<Manager> {
  const headers = { authorization: `Bearer ${await apiToken(request, demo.manager)}` };
  const res = await request.get('/api/auth/user', { headers });
  expect(res.ok()).toBe(true);
  const me = (await res.json()) as { uuid: string; org: { uuid: string; name: string } };
  return { headers, uuid: me.uuid, orgUuid: me.org.uuid, orgName: me.org.name };
}

/** Unique names per project and run: the server outlives a project. */
const stamp = () => `${test.info().project.name} ${Date.now()}`;
const mailStamp = () => `${test.info().project.name}.${Date.now()}`;

/** What a test made, removed in reverse order of dependence whatever happened. */
class Seeded {
  users: string[] = [];
  devices: number[] = [];
  orgs: string[] = [];

  constructor(
    private readonly request: APIRequestContext,
    private readonly manager: Manager,
  ) {}

  async org(name: string, parentUuid = this.manager.orgUuid) {
    const res = await this.request.post('/api/entity/organisation', {
      headers: this.manager.headers,
      data: {
        name,
        parentUuid,
        address: 'Nørrebrogade 1',
        zip: '2200',
        city: 'København N',
        country: 'Denmark',
      },
    });
    expect(res.status()).toBe(201);
    const uuid = ((await res.json()) as { uuid: string }).uuid;
    this.orgs.push(uuid);
    return uuid;
  }

  async user(email: string, orgUuid: string, firstName = 'Frida', lastName = 'Flow') {
    const res = await this.request.post('/api/entity/user', {
      headers: this.manager.headers,
      data: { email, orgUuid, firstName, lastName },
    });
    expect(res.status()).toBe(201);
    const uuid = ((await res.json()) as { uuid: string }).uuid;
    this.users.push(uuid);
    return uuid;
  }

  /** A manager sets a user's password (no old one needed), which also confirms the account. */
  async password(userUuid: string, newPassword: string) {
    const res = await this.request.post(`/api/entity/user/${userUuid}/setpassword`, {
      headers: this.manager.headers,
      data: { newPassword },
    });
    expect(res.ok()).toBe(true);
  }

  async device(name: string, orgUuid: string) {
    const res = await this.request.post('/api/v2/device', {
      headers: this.manager.headers,
      data: { name, orgUuid },
    });
    expect(res.status()).toBe(201);
    const id = ((await res.json()) as { id: number }).id;
    this.devices.push(id);
    return id;
  }

  async cleanUp() {
    const { headers } = this.manager;
    for (const uuid of this.users)
      await this.request.delete(`/api/entity/user/${uuid}`, { headers });
    for (const id of this.devices) await this.request.delete(`/api/v2/device/${id}`, { headers });
    // Sub-organisations were made after their parents: remove the newest first.
    for (const uuid of [...this.orgs].reverse())
      await this.request.delete(`/api/entity/organisation/${uuid}`, { headers });
  }
}

async function orgStatus(request: APIRequestContext, manager: Manager, uuid: string) {
  return (
    await request.get(`/api/entity/organisation/${uuid}`, { headers: manager.headers })
  ).status();
}

/** The value beside a label in a detail page's field list. */
const field = (scope: Page | Locator, label: string) =>
  scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

const orgTabs = (page: Page) => page.getByRole('navigation', { name: 'Organisation', exact: true });

test('several organisations go when DELETE is typed; those with users are refused', async ({
  page,
  request,
}) => {
  const manager = await asManager(request);
  const seeded = new Seeded(request, manager);
  const base = `Slettes ${stamp()}`;
  try {
    const first = await seeded.org(`${base} Tom 1`);
    const second = await seeded.org(`${base} Tom 2`);
    const third = await seeded.org(`${base} Tom 3`);
    const withUsers = await seeded.org(`${base} Med brugere`);
    await seeded.user(`slettes.${mailStamp()}@nordlys.example`, withUsers);

    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto('/orgs');
    await page.getByRole('searchbox', { name: 'Søg i Organisationer' }).fill(base);
    const table = page.getByRole('table', { name: 'Organisationer' });
    const row = (name: string) => table.getByRole('row', { name: new RegExp(`${name}\\b`) });
    // The heading row and the four made here.
    await expect(table.getByRole('row')).toHaveCount(5);

    // Two empty ones: DELETE must be typed, anything else is refused.
    await row(`${base} Tom 1`).getByRole('checkbox', { name: 'Vælg' }).check();
    await row(`${base} Tom 2`).getByRole('checkbox', { name: 'Vælg' }).check();
    await page.getByRole('button', { name: 'Slet (2)' }).click();
    let dialog = page.getByRole('dialog', { name: 'Slet organisationer?' });
    await expect(dialog.getByRole('listitem')).toHaveText([`${base} Tom 1`, `${base} Tom 2`]);
    await dialog.getByLabel('Skriv DELETE').fill('delete');
    await dialog.getByRole('button', { name: 'Ja' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Du har ikke bekræftet, at du vil slette organisationen!',
    );
    expect(await orgStatus(request, manager, first)).toBe(200);
    await dialog.getByLabel('Skriv DELETE').fill('DELETE');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Ja' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Slettet' })).toBeVisible();
    await expect(row(`${base} Tom 1`)).toHaveCount(0);
    await expect(row(`${base} Tom 2`)).toHaveCount(0);
    expect(await orgStatus(request, manager, first)).toBe(404);
    expect(await orgStatus(request, manager, second)).toBe(404);

    // One with a user: its name is asked for, and the server's refusal is shown.
    await row(`${base} Med brugere`).getByRole('checkbox', { name: 'Vælg' }).check();
    await page.getByRole('button', { name: 'Slet (1)' }).click();
    dialog = page.getByRole('dialog', { name: 'Slet organisation?' });
    await dialog.getByLabel('Organisationens navn').fill(`${base} Med brugere`);
    await dialog.getByRole('button', { name: 'Ja' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Organisationen har stadig brugere' }),
    ).toBeVisible();
    await expect(row(`${base} Med brugere`)).toHaveCount(1);
    expect(await orgStatus(request, manager, withUsers)).toBe(200);

    // Several where one has users: the empty one goes, the other stays, and the list says why.
    await row(`${base} Tom 3`).getByRole('checkbox', { name: 'Vælg' }).check();
    await row(`${base} Med brugere`).getByRole('checkbox', { name: 'Vælg' }).check();
    await page.getByRole('button', { name: 'Slet (2)' }).click();
    dialog = page.getByRole('dialog', { name: 'Slet organisationer?' });
    await dialog.getByLabel('Skriv DELETE').fill('DELETE');
    await dialog.getByRole('button', { name: 'Ja' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Nogle organisationer har stadig brugere' }),
    ).toBeVisible();
    await expect(row(`${base} Tom 3`)).toHaveCount(0);
    await expect(row(`${base} Med brugere`)).toHaveCount(1);
    expect(await orgStatus(request, manager, third)).toBe(404);
    expect(await orgStatus(request, manager, withUsers)).toBe(200);
  } finally {
    await seeded.cleanUp();
  }
});

test("the user menu's Account opens one's own organisation, and Profile one's own user page", async ({
  page,
  request,
}) => {
  const manager = await asManager(request);
  await signIn(page, demo.manager);
  await acceptCookies(page);

  await page.getByRole('button', { name: 'Brugermenu' }).click();
  await page.getByRole('menuitem', { name: 'Konto' }).click();
  await expect(page).toHaveURL(new RegExp(`/management/org/${manager.orgUuid}$`));
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: manager.orgName }),
  ).toBeVisible();
  await expect(orgTabs(page).getByRole('link', { name: 'Detaljer' })).toBeVisible();

  await page.getByRole('button', { name: 'Brugermenu' }).click();
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(new RegExp(`/management/user/${manager.uuid}$`));
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Mads Holm' }),
  ).toBeVisible();
  await expect(page.getByText(demo.manager).first()).toBeVisible();
  // Only one's own page offers a password change.
  await expect(page.getByRole('button', { name: 'Skift adgangskode' })).toBeVisible();
});

test('a user whose sign-in was suspended after failures is let in again by the manager', async ({
  page,
  request,
}) => {
  const manager = await asManager(request);
  const seeded = new Seeded(request, manager);
  const email = `spaerret.${mailStamp()}@nordlys.example`;
  const password = `flow-${Date.now()}`;
  try {
    const org = await seeded.org(`Spærring ${stamp()}`);
    const user = await seeded.user(email, org, 'Sune', 'Spærret');
    await seeded.password(user, password);

    // Ten failures in a row suspend sign-in (docs/access.md); then even the right password fails.
    for (let attempt = 0; attempt < 10; attempt++) {
      const res = await request.post('/api/auth/basic', {
        data: { username: email, password: 'not the password' },
      });
      expect(res.status()).toBe(401);
    }
    const refused = await request.post('/api/auth/basic', { data: { username: email, password } });
    expect(refused.status()).toBe(401);

    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto(`/management/user/${user}`);
    await expect(
      page.getByRole('main').getByRole('heading', { level: 1, name: 'Sune Spærret' }),
    ).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Bruger', exact: true })
      .getByRole('link', { name: 'Adgang' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/management/user/${user}/access$`));
    const suspended = field(page, 'Login spærret');
    await expect(suspended).toContainText(/Spærret indtil/);
    await suspended.getByRole('button', { name: 'Ophæv spærring' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gemt' })).toBeVisible();
    await expect(suspended).toHaveText('Nej');
    await expect(suspended.getByRole('button')).toHaveCount(0);

    await apiToken(request, email, password);
  } finally {
    await seeded.cleanUp();
  }
});

test('the confirmation mail is sent again to a user who has not confirmed', async ({
  page,
  request,
}) => {
  const manager = await asManager(request);
  const seeded = new Seeded(request, manager);
  const email = `bekraeft.${mailStamp()}@nordlys.example`;
  try {
    const org = await seeded.org(`Bekræftelse ${stamp()}`);
    const created = Date.now() - 1000;
    const user = await seeded.user(email, org, 'Bo', 'Bekræft');
    const first = await latestMail(email, created);

    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto(`/management/user/${user}/access`);
    await expect(field(page, 'Bekræftet')).toHaveText('Ikke bekræftet');
    const since = Date.now();
    await page.getByRole('button', { name: 'Send bekræftelsesmail igen' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Bekræftelsesmailen er sendt igen' }),
    ).toBeVisible();

    const again = await latestMail(email, since);
    expect(again.subject).toMatch(/Bekræft/);
    expect(again.subject).toBe(first.subject);
    expect(again.link).not.toBe(first.link);
  } finally {
    await seeded.cleanUp();
  }
});

test('a user changes their own password in the dialog and signs in with the new one', async ({
  page,
  request,
}) => {
  const manager = await asManager(request);
  const seeded = new Seeded(request, manager);
  const email = `adgang.${mailStamp()}@nordlys.example`;
  const oldPassword = `gammel-${Date.now()}`;
  const newPassword = `ny-kode-${Date.now()}`;
  try {
    const org = await seeded.org(`Adgangskode ${stamp()}`);
    const user = await seeded.user(email, org, 'Pia', 'Kodeskift');
    await seeded.password(user, oldPassword);

    await signIn(page, email, oldPassword);
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Brugermenu' }).click();
    await page.getByRole('menuitem', { name: 'Profil' }).click();
    await expect(page).toHaveURL(new RegExp(`/management/user/${user}$`));
    await page.getByRole('button', { name: 'Skift adgangskode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Skift adgangskode' });
    const current = dialog.getByLabel('Nuværende adgangskode', { exact: true });
    const next = dialog.getByLabel('Ny adgangskode', { exact: true });
    const again = dialog.getByLabel('Bekræft adgangskode', { exact: true });
    const submit = dialog.getByRole('button', { name: 'Skift adgangskode' });

    await current.fill(oldPassword);
    await next.fill('kort');
    await again.fill('kort');
    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Adgangskoden skal indeholde mindst 8 tegn!',
    );
    // Cancelled, nothing typed stays behind for the next time the dialog opens.
    await dialog.getByRole('button', { name: 'Annuller' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Skift adgangskode' }).click();
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(again).toHaveValue('');
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    await current.fill(oldPassword);
    await next.fill('kort');
    await again.fill('kort');
    await next.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText(
      'Adgangskoden skal indeholde mindst 8 tegn!',
    );
    await next.fill(newPassword);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await again.fill(`${newPassword}x`);
    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText('De indtastede adgangskoder er ikke ens!');
    await again.fill(newPassword);
    await current.fill('forkert-adgangskode');
    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText('Den nuværende adgangskode er forkert');

    await current.fill(oldPassword);
    await submit.click();
    // The server ends every session: the console signs out and asks for the new password.
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Adgangskoden er ændret' }),
    ).toBeVisible();
    const refused = await request.post('/api/auth/basic', {
      data: { username: email, password: oldPassword },
    });
    expect(refused.status()).toBe(401);
    await signIn(page, email, newPassword);
    await page.goto(`/management/user/${user}`);
    await expect(
      page.getByRole('main').getByRole('heading', { level: 1, name: 'Pia Kodeskift' }),
    ).toBeVisible();
  } finally {
    await seeded.cleanUp();
  }
});

test("an organisation's tabs list its sub-organisations and count its devices", async ({
  page,
  request,
}) => {
  const manager = await asManager(request);
  const seeded = new Seeded(request, manager);
  const base = `Træ ${stamp()}`;
  try {
    const parent = await seeded.org(`${base} Forælder`);
    const child = await seeded.org(`${base} Barn`, parent);
    await seeded.device(`${base} Tæller`, child);
    const totalOf = async (uuid: string) => {
      const res = await request.get(`/api/v2/total-devices/${uuid}`, { headers: manager.headers });
      expect(res.ok()).toBe(true);
      return ((await res.json()) as { total: number }).total;
    };
    expect(await totalOf(parent)).toBe(1);

    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto(`/management/org/${parent}`);
    await expect(
      page.getByRole('main').getByRole('heading', { level: 1, name: `${base} Forælder` }),
    ).toBeVisible();

    await orgTabs(page).getByRole('link', { name: 'Underorganisationer' }).click();
    await expect(page).toHaveURL(new RegExp(`/management/org/${parent}/suborgs$`));
    const children = page.getByRole('table', { name: 'Organisationer' });
    await expect(children.getByRole('row')).toHaveCount(2);
    await children.getByRole('row', { name: new RegExp(`${base} Barn`) }).click();
    await expect(page).toHaveURL(new RegExp(`/management/org/${child}$`));
    await page.goBack();

    await orgTabs(page).getByRole('link', { name: 'Enheder' }).click();
    await expect(page).toHaveURL(new RegExp(`/management/org/${parent}/devices$`));
    await expect(field(page, 'I denne organisation')).toHaveText('0');
    await expect(field(page, 'I alt, med underorganisationer')).toHaveText('1');

    // The manager's own organisation: what the console shows is what the API counts.
    const total = await totalOf(manager.orgUuid);
    expect(total).toBeGreaterThan(0);
    await page.goto(`/management/org/${manager.orgUuid}/devices`);
    await expect(field(page, 'I alt, med underorganisationer')).toHaveText(String(total));
  } finally {
    await seeded.cleanUp();
  }
});
