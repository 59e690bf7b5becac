import { expect, test } from '@playwright/test';
import { apiToken, demo } from './helpers.ts';

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
