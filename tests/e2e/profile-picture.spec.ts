import { expect, test } from '@playwright/test';
import { acceptCookies, apiToken, demo, signIn } from './helpers.ts';

/** A 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a user uploads a profile picture, sees it in the header, and removes it', async ({
  page,
  request,
}) => {
  const headers = { authorization: `Bearer ${await apiToken(request, demo.user)}` };
  const me = (await (await request.get('/api/auth/user', { headers })).json()) as { uuid: string };
  try {
    await signIn(page, demo.user);
    await acceptCookies(page);
    await page.goto(`/management/user/${me.uuid}`);
    await page.getByRole('button', { name: 'Rediger' }).click();

    // A file that is not an image is refused before anything is sent.
    await page
      .getByLabel('Upload billede')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hej') });
    await expect(
      page.getByText('Kun JPEG-, PNG- og WebP-billeder på højst 2 MB kan uploades.'),
    ).toBeVisible();

    await page
      .getByLabel('Upload billede')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(page.getByText('Billederne blev uploadet')).toBeVisible();
    // Shown at once wherever the user's picture is, the header's menu too, and really loaded.
    const pictures = page.locator(`img[src*="/entity/user/${me.uuid}/image?v="]`);
    await expect(pictures.first()).toBeVisible();
    await expect(
      page.getByRole('banner').locator(`img[src*="/entity/user/${me.uuid}/image"]`),
    ).toHaveCount(1);
    await expect
      .poll(() => pictures.first().evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(1);
    const stored = (await (await request.get('/api/auth/user', { headers })).json()) as {
      img: string | null;
    };
    expect(stored.img).toMatch(new RegExp(`^/api/entity/user/${me.uuid}/image\\?v=`));

    await page.getByRole('button', { name: 'Fjern billede' }).click();
    await expect(page.getByText('Billedet er slettet')).toBeVisible();
    await expect(pictures).toHaveCount(0);
  } finally {
    await request.delete(`/api/entity/user/${me.uuid}/image`, { headers });
  }
});
