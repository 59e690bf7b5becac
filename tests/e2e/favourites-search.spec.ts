import { expect, test, type APIRequestContext } from '@playwright/test';
import { acceptCookies, apiToken, demo, signIn } from './helpers.ts';

/** The demo user's API headers and identity, and a registry the user may see. */
async function userAndRegistry(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request, demo.user)}` };
  const me = (await (await request.get('/api/auth/user', { headers })).json()) as { uuid: string };
  const registries = (await (await request.get('/api/v2/registries', { headers })).json()) as {
    items: { id: number; name: string }[];
  };
  const registry = registries.items[0];
  if (!registry) throw new Error('the demo has no registry for this user');
  return { headers, me, registry };
}

test('global search suggests what the user may see, grouped, and opens it', async ({ page }) => {
  await signIn(page, demo.manager);
  await acceptCookies(page);
  const box = page.getByRole('combobox', { name: 'Søg' });
  const opener = page.getByRole('button', { name: 'Søg' });
  // The narrow header opens the box from a button; wait for the header to show either.
  await expect(box.or(opener)).toBeVisible();
  if (await opener.isVisible()) await opener.click();

  await box.fill('   ');
  await expect(page.getByRole('listbox')).toHaveCount(0);

  await box.fill('nørrep');
  const list = page.getByRole('listbox', { name: 'Søgeforslag' });
  const devices = list.getByRole('group', { name: 'Enheder' });
  await expect(devices.getByRole('option').first()).toContainText(/^Nørreport/);
  expect(await devices.getByRole('option').count()).toBeLessThanOrEqual(5);
  // Other organisations' devices (Aarhus) are never suggested.
  await box.fill('aarhus');
  await expect(list.getByText(/Ingen resultater/)).toBeVisible();

  await box.fill('Nørreport');
  await expect(devices.getByRole('option').first()).toBeVisible();
  await box.press('ArrowDown');
  await box.press('ArrowUp');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/sensor\/\d+$/);
});

test('favourites are listed by type, filtered, saved as a filter and removed with the star', async ({
  page,
  request,
}) => {
  const { headers, me, registry } = await userAndRegistry(request);
  const saved = await request.put(`/api/entity/user/${me.uuid}/internal`, {
    headers,
    data: {
      favourites: [
        { type: 'registry', id: registry.id, name: registry.name },
        { type: 'org', id: 'b6d9f7b2-0000-4000-8000-000000000000', name: 'Et andet sted' },
      ],
    },
  });
  expect(saved.ok()).toBe(true);

  await signIn(page, demo.user);
  await acceptCookies(page);
  await page.goto('/favorites');
  const table = page.getByRole('table', { name: 'Favoritter' });
  await expect(table.getByRole('row')).toHaveCount(3);

  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Register' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: new RegExp(registry.name) })).toBeVisible();

  await page.getByRole('button', { name: 'Gemte filtre' }).click();
  await page.getByRole('menuitem', { name: 'Gem det nuværende filter…' }).click();
  await page.getByRole('dialog').getByLabel('Navn').fill('Kun registre');
  await page.getByRole('dialog').getByRole('button', { name: 'Gem' }).click();
  await page.goto('/favorites');
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Gemte filtre' }).click();
  await page.getByRole('menuitem', { name: 'Kun registre' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);

  await table.getByRole('button', { name: `Fjern ${registry.name} fra favoritter` }).click();
  await expect(page.getByText('Fjernet fra favoritter')).toBeVisible();
  await expect(table).toHaveCount(0);
  const after = (await (await request.get('/api/auth/user', { headers })).json()) as {
    internal: { favourites: { type: string }[] };
  };
  expect(after.internal.favourites.map((f) => f.type)).toEqual(['org']);
});

test('a favourite takes the new name of a renamed entity once the entity is shown', async ({
  page,
  request,
}) => {
  const { headers, me, registry } = await userAndRegistry(request);
  // Starred under the name it had before a rename.
  const saved = await request.put(`/api/entity/user/${me.uuid}/internal`, {
    headers,
    data: { favourites: [{ type: 'registry', id: registry.id, name: 'Det gamle navn' }] },
  });
  expect(saved.ok()).toBe(true);

  await signIn(page, demo.user);
  await acceptCookies(page);
  await page.goto(`/registry/${registry.id}`);
  await expect(
    page.getByRole('button', { name: `Fjern ${registry.name} fra favoritter` }),
  ).toBeVisible();
  await expect
    .poll(async () => {
      const user = (await (await request.get('/api/auth/user', { headers })).json()) as {
        internal: { favourites: { name?: string }[] };
      };
      return user.internal.favourites.map((f) => f.name);
    })
    .toEqual([registry.name]);

  await page.goto('/favorites');
  const table = page.getByRole('table', { name: 'Favoritter' });
  await expect(table.getByRole('row', { name: new RegExp(registry.name) })).toBeVisible();
  await expect(table.getByText('Det gamle navn')).toHaveCount(0);

  await request.put(`/api/entity/user/${me.uuid}/internal`, {
    headers,
    data: { favourites: [] },
  });
});
