import { expect, test } from '@playwright/test';
import { apiToken, demo, DEMO_PASSWORD, latestMail, openSignIn, signIn } from './helpers.ts';

test.describe('passwords', () => {
  test('forgot password: link → mail → new password → sign in', async ({ page, request }) => {
    const newPassword = `fresh-${Date.now()}`;
    await openSignIn(page);
    await page.getByRole('link', { name: 'Glemt adgangskode?' }).click();
    await expect(page).toHaveURL(/\/password\/reset\/da$/);
    // The login page stays up while the reset page loads: type once it shows.
    await expect(page.getByRole('heading', { name: 'Glemt din adgangskode?' })).toBeVisible();
    const since = Date.now() - 1000;
    await page.getByLabel('E-mail').fill(demo.user);
    await page.getByRole('button', { name: 'Nulstil adgangskode' }).click();
    await expect(page.getByRole('heading', { name: 'Tjek din e-mail' })).toBeVisible();

    const mail = await latestMail(demo.user, since);
    expect(mail.subject).toBe('Nulstil din adgangskode til Nordlys');
    await page.goto(new URL(mail.link).pathname);
    await page.getByLabel('Ny adgangskode').fill(newPassword);
    await page.getByLabel('Bekræft adgangskode').fill(newPassword);
    await page.getByRole('button', { name: 'Skift adgangskode' }).click();
    await expect(page.getByRole('heading', { name: 'Din adgangskode er ændret' })).toBeVisible();
    await page.getByRole('button', { name: 'Gå til login' }).click();
    await signIn(page, demo.user, newPassword);

    // Put the demo password back for the other tests.
    const token = await apiToken(request, demo.user, newPassword);
    const me = (await (
      await request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { uuid: string };
    const back = await request.post(`/api/entity/user/${me.uuid}/setpassword`, {
      headers: { authorization: `Bearer ${token}` },
      data: { oldPassword: newPassword, newPassword: DEMO_PASSWORD },
    });
    expect(back.ok()).toBe(true);
  });

  test('an unknown e-mail is named as such', async ({ page }) => {
    await page.goto('/password/reset/da');
    await page.getByLabel('E-mail').fill('nobody@nordlys.example');
    await page.getByRole('button', { name: 'Nulstil adgangskode' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'E-mailen tilhører ikke en eksisterende konto.',
    );
  });

  for (const [language, texts] of Object.entries({
    da: {
      button: 'Skift adgangskode',
      password: 'Ny adgangskode',
      confirmation: 'Bekræft adgangskode',
      empty: 'Adgangskoden må ikke være tom!',
      short: 'Adgangskoden skal indeholde mindst 8 tegn!',
      mismatch: 'De indtastede adgangskoder er ikke ens!',
      gone: 'Brugeren findes ikke længere, eller linket er udløbet eller blokeret.',
    },
    en: {
      button: 'Change password',
      password: 'New password',
      confirmation: 'Confirm password',
      empty: 'Password cannot be empty!',
      short: 'Password must contain at least 8 characters!',
      mismatch: 'The entered passwords are not identical!',
      gone: 'The user no longer exists, or the link has expired or been blocked.',
    },
  })) {
    test(`the password rules speak ${language}, and editing clears them`, async ({ page }) => {
      await page.goto(`/password/reset/${language}/not-a-real-token`);
      const submit = page.getByRole('button', { name: texts.button });
      await submit.click();
      await expect(page.getByRole('alert')).toHaveText(texts.empty);
      await page.getByLabel(texts.password).fill('short');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.getByLabel(texts.password).press('Enter');
      await expect(page.getByRole('alert')).toHaveText(texts.short);
      await page.getByLabel(texts.password).fill('long enough 1');
      await page.getByLabel(texts.confirmation).fill('long enough 2');
      await submit.click();
      await expect(page.getByRole('alert')).toHaveText(texts.mismatch);
      await page.getByLabel(texts.confirmation).fill('long enough 1');
      await submit.click();
      await expect(page.getByRole('alert')).toHaveText(texts.gone);
    });
  }
});
