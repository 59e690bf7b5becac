import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'e2e-demo-password';
export const demo = {
  super: 'super@nordlys.example',
  manager: 'manager@nordlys.example',
  user: 'user@nordlys.example',
};

/**
 * Opens the sign-in page and waits until the console has taken it over: the
 * server sends it with a first screen in its HTML (scripts/first-screen.ts),
 * which looks like the page but is inert until the console's scripts have run.
 */
export async function openSignIn(page: Page, url = '/login') {
  await page.goto(url);
  await consoleStarted(page);
}

/** Waits until the console has replaced a first screen sent in the page's HTML, if there was one. */
export async function consoleStarted(page: Page) {
  await page.locator('style#first-screen').waitFor({ state: 'detached' });
}

/** Signs in through the login page and waits for the dashboard (or the given landing path). */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  landing = '/dashboard',
) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await consoleStarted(page);
  await page.getByLabel(/^(E-mail)$/).fill(email);
  await page.getByLabel(/^(Adgangskode|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(Log ind|Log in)$/ }).click();
  await page.waitForURL((url) => url.pathname === landing);
}

export async function apiToken(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
) {
  const res = await request.post('/api/auth/basic', { data: { username: email, password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Scrolls the page to its end until `shown` is visible: what a page keeps below its
 * fold (the dashboard home's cards and calendar) renders once it is near the screen.
 */
export async function scrolledTo(page: Page, shown: Locator) {
  await expect(async () => {
    await page.getByRole('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await expect(shown).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

export async function acceptCookies(page: Page) {
  const accept = page
    .getByRole('region', { name: /Samtykke til cookies|Cookie consent/ })
    .getByRole('button', { name: /Accepter|Accept/ });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

/** The newest mail to `to` in the server's outbox written after `since`, with its first link. */
export async function latestMail(
  to: string,
  since: number,
): Promise<{ subject: string; link: string }> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = await fs.readdir(outbox).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const full = path.join(outbox, file);
      const stat = await fs.stat(full);
      if (stat.mtimeMs < since) continue;
      const mail = await simpleParser(await fs.readFile(full));
      const recipients = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      if (!recipients.some((r) => r.text.includes(to))) continue;
      const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0];
      if (link) return { subject: mail.subject ?? '', link };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} in ${outbox}`);
}

/**
 * A user of the demo manager's organisation who reads the console in
 * English (cookies accepted), with a password of its own; `remove` deletes it.
 */
export async function englishUser(request: APIRequestContext, prefix: string) {
  const headers = { authorization: `Bearer ${await apiToken(request, demo.manager)}` };
  const me = (await (await request.get('/api/auth/user', { headers })).json()) as {
    org: { uuid: string };
  };
  const email = `${prefix}.${test.info().project.name}.${Date.now()}@nordlys.example`;
  const password = `${prefix}-english-password`;
  const made = await request.post('/api/entity/user', {
    headers,
    data: { email, orgUuid: me.org.uuid, firstName: 'Emma', lastName: 'English' },
  });
  expect(made.status()).toBe(201);
  const { uuid } = (await made.json()) as { uuid: string };
  const set = await request.post(`/api/entity/user/${uuid}/setpassword`, {
    headers,
    data: { newPassword: password },
  });
  expect(set.ok()).toBe(true);
  const own = { authorization: `Bearer ${await apiToken(request, email, password)}` };
  const settings = await request.put(`/api/entity/user/${uuid}/internal`, {
    headers: own,
    data: { settings: { language: 'en', cookies: true } },
  });
  expect(settings.ok()).toBe(true);
  return {
    email,
    password,
    remove: () => request.delete(`/api/entity/user/${uuid}`, { headers }),
  };
}

/**
 * An MQTT registry of the demo manager's organisation named `name`, with the
 * manager's headers for further calls; `remove` deletes it.
 */
export async function managerRegistry(request: APIRequestContext, name: string) {
  const headers = { authorization: `Bearer ${await apiToken(request, demo.manager)}` };
  const created = await request.post('/api/v2/registry', {
    headers,
    data: { name, protocol: 'mqtt' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return {
    id,
    name,
    headers,
    remove: () => request.delete(`/api/v2/registry/${id}`, { headers }),
  };
}

/**
 * Makes the live feed's WebSocket (`/api/live`) fail as one to a server that
 * cannot be reached does, an error and then a close: `always`, as behind a
 * proxy that refuses WebSockets, or only while the page's `e2eFeedAway` flag
 * is set (`setFeedAway`). Everything else connects as usual.
 */
export async function refuseFeedWebSockets(page: Page, when: 'always' | 'while away') {
  await page.addInitScript((always: boolean) => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        const live = new URL(String(url), window.location.href).pathname.startsWith('/api/live/');
        const refused = live && (always || 'e2eFeedAway' in window);
        // Nothing listens on port 9 (discard): the connection is refused.
        super(refused ? 'ws://127.0.0.1:9/' : url, protocols);
      }
    };
  }, when === 'always');
}

/** Sets or clears the flag `refuseFeedWebSockets(page, 'while away')` looks at. */
export async function setFeedAway(page: Page, away: boolean) {
  await page.evaluate(
    (on) =>
      on
        ? Object.assign(window, { e2eFeedAway: true })
        : Reflect.deleteProperty(window, 'e2eFeedAway'),
    away,
  );
}
