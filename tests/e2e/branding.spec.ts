import { expect, test } from '@playwright/test';
import { acceptCookies, apiToken, demo, signIn } from './helpers.ts';

test('a second host name shows its own logo, title and colours', async ({
  page,
  request,
  baseURL,
}) => {
  const logo =
    'data:image/svg+xml;base64,' +
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#aa3300"/></svg>',
    ).toString('base64');
  const token = await apiToken(request, demo.super);
  const saved = await request.put('/api/branding/localhost', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: 'Kunde IoT',
      loginText: 'Velkommen hos Kunde',
      logo,
      colors: { primary: '#aa3300' },
    },
  });
  expect(saved.ok()).toBe(true);
  try {
    // The same server on another host name: localhost is branded, 127.0.0.1 is not.
    const port = new URL(baseURL ?? '').port;
    await page.goto(`http://localhost:${port}/login`);
    await expect(page).toHaveTitle('Kunde IoT');
    await expect(page.getByRole('heading', { name: 'Log ind i Kunde IoT' })).toBeVisible();
    await expect(page.getByText('Velkommen hos Kunde')).toBeVisible();
    await expect(page.locator('header img').first()).toHaveAttribute('src', logo);
    // Retried: the button's colour eases into the brand's (a CSS transition).
    await expect(page.getByRole('button', { name: 'Log ind' })).toHaveCSS(
      'background-color',
      'rgb(170, 51, 0)',
    );

    await page.goto(`http://127.0.0.1:${port}/login`);
    await expect(page).toHaveTitle('Nordlys');
    await expect(page.getByRole('heading', { name: 'Log ind i Nordlys' })).toBeVisible();
  } finally {
    await request.delete('/api/branding/localhost', {
      headers: { authorization: `Bearer ${token}` },
    });
  }
});

test('a super user brands a host in the editor, told what a field needs, and removes it', async ({
  page,
  request,
}) => {
  const host = 'e2e-brand.example';
  const headers = { authorization: `Bearer ${await apiToken(request, demo.super)}` };
  try {
    await signIn(page, demo.super);
    await acceptCookies(page);
    await page.goto('/settings/branding');
    const form = page.getByRole('form', { name: 'White-label-design' });
    await form.getByLabel('Værtsnavn').fill(host);
    await form.getByLabel('Sidetitel').fill('E2E Brand');
    await form.getByLabel('Læs mere-link').fill('example.com');
    await form.getByLabel('Primær farve').fill('teal');
    await form.getByRole('button', { name: 'Gem' }).click();
    await expect(form.getByText('Begynder med https:// eller http://')).toBeVisible();
    await expect(form.getByText('En farve som #00796b')).toBeVisible();

    await form.getByLabel('Læs mere-link').fill('https://example.com/om');
    await form.getByLabel('Primær farve').fill('#123456');
    await form.getByRole('button', { name: 'Gem' }).click();
    await expect(page.getByText('Indstillinger gemt')).toBeVisible();
    const listed = page.getByRole('button', { name: `${host} — E2E Brand` });
    await expect(listed).toBeVisible();
    const hosts = (await (await request.get('/api/branding/hosts', { headers })).json()) as {
      host: string;
      url: string | null;
      colors: Record<string, string>;
    }[];
    expect(hosts.find((b) => b.host === host)).toMatchObject({
      url: 'https://example.com/om',
      colors: { primary: '#123456' },
    });

    await page.getByRole('button', { name: 'Ny vært' }).click();
    await expect(form.getByLabel('Værtsnavn')).toHaveValue('');
    await listed.click();
    await expect(form.getByLabel('Sidetitel')).toHaveValue('E2E Brand');
    await form.getByRole('button', { name: 'Slet' }).click();
    await expect(listed).toHaveCount(0);
  } finally {
    await request.delete(`/api/branding/${host}`, { headers });
  }
});
