import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, demo, signIn } from './helpers.ts';
import { mqttDevices, publish } from './mqtt-devices.ts';

const snackbar = (page: Page, text: RegExp) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });

/**
 * A name that never resolves (RFC 2606), so the forward fails the same way on
 * every machine; one per run, as devices with the same target share its connection.
 */
const unresolvable = (run: string) => `broker-${run}.nordlys.invalid`;

test('the MQTT forward tab refuses a local host and shows the forward failing, with its error and next attempt', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const devices = await mqttDevices(request);
  try {
    const run = `${testInfo.project.name}-${Date.now()}`;
    const target = unresolvable(run);
    const device = await devices.make(`E2E forward ${run}`);
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto(`/sensor/${device.id}/mqtt`);
    const state = page.getByRole('status', { name: /^(Videresendelsens tilstand|Forward state)$/ });
    await expect(state).toContainText(/Slået fra|Off/);

    // A loopback broker is refused when saved, with the server's reason; nothing is stored.
    await page.getByLabel(/^(Emne|Topic)$/).fill('nordlys/e2e');
    await page.getByLabel(/^(Vært|Host)$/).fill('127.0.0.1:1883');
    await page.getByRole('button', { name: /^(Gem|Save)$/ }).click();
    await expect(
      snackbar(
        page,
        /body\.mqttForward\.host must be a public address: 127\.0\.0\.1 is a loopback/,
      ),
    ).toBeVisible();
    await expect(state).toContainText(/Slået fra|Off/);

    // A name is taken; the connection opens with the device's next data.
    await page.getByLabel(/^(Vært|Host)$/).fill(target);
    await page.getByRole('button', { name: /^(Gem|Save)$/ }).click();
    await expect(snackbar(page, /MQTT settings saved|MQTT-indstillinger gemt/)).toBeVisible();
    await expect(state).toContainText(/Ikke forbundet endnu|Not connected yet/);
    await expect(state).toContainText(`mqtt://${target}:1883`);

    // Data arrives: the attempt fails, and the tab (read again every 5 s) says why and when next.
    await publish(device, { temperature: 20.5 });
    await expect(state).toContainText(/Fejler|Failing/, { timeout: 20_000 });
    await expect(state).toContainText(target);
    await expect(state).toContainText(/ENOTFOUND|EAI_AGAIN/);
    await expect(state).toContainText(
      /Mislykkede forsøg i træk: 1\. Næste forsøg|Failed attempts in a row: 1\. Next attempt/,
    );

    // Someone who may only read the device sees the state too.
    await page.context().clearCookies();
    await signIn(page, demo.user);
    await page.goto(`/sensor/${device.id}/mqtt`);
    await expect(state).toContainText(/Fejler|Failing/);
  } finally {
    await devices.removeAll();
  }
});
