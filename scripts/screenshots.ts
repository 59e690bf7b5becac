import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';

// `npm run screenshots -- --url http://localhost:8080 --user … --password … [--out dir] [paths…]`
// Signs in to a running Nordlys in Debian's Chromium and saves every given page
// (or a standard tour) at 1440 and 400 px, light and dark, for a person to look at.
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    user: { type: 'string', default: 'manager@nordlys.example' },
    password: { type: 'string' },
    out: { type: 'string', default: 'screenshots' },
  },
});
const password = values.password ?? process.env.DEMO_PASSWORD;
if (!password) {
  process.stderr.write(
    'Give --password (or DEMO_PASSWORD); the demo one is in data/demo-password.\n',
  );
  process.exit(2);
}

const tour = [
  '/dashboard',
  '/registries',
  '/devicetypes',
  '/sensors',
  '/functions',
  '/favorites',
  '/messages',
  '/users',
  '/orgs',
  '/api',
  '/settings',
];
const pages = positionals.length > 0 ? positionals : tour;
const widths = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'narrow', width: 400, height: 860 },
];

async function api<T>(method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(new URL(`/api${url}`, values.url), {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Sets the theme in the user's stored settings, as the settings page would. */
async function useTheme(token: string, theme: 0 | 1) {
  const me = await api<{ uuid: string; internal: { settings?: Record<string, unknown> } }>(
    'GET',
    '/auth/user',
    token,
  );
  const settings = { ...me.internal.settings, theme, cookies: true };
  await api('PUT', `/entity/user/${me.uuid}/internal`, token, { settings });
}

async function shoot(page: Page, route: string, file: string) {
  await page.goto(new URL(route, values.url).toString());
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: file, fullPage: false });
}

const { token, expires } = await api<{ token: string; expires: string }>(
  'POST',
  '/auth/basic',
  null,
  { username: values.user, password },
);
await fs.mkdir(values.out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const origin = new URL(values.url);
try {
  for (const [theme, themeName] of [
    [0, 'light'],
    [1, 'dark'],
  ] as const) {
    await useTheme(token, theme);
    for (const size of widths) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        locale: 'da-DK',
      });
      await context.addCookies([
        {
          name: 'SESSION',
          value: token,
          domain: origin.hostname,
          path: '/',
          expires: Math.floor(new Date(expires).getTime() / 1000),
        },
      ]);
      const page = await context.newPage();
      for (const route of pages) {
        const name = route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'root';
        const file = path.join(values.out, `${name}-${size.name}-${themeName}.png`);
        await shoot(page, route, file);
        process.stdout.write(`${file}\n`);
      }
      await context.close();
    }
  }
} finally {
  await useTheme(token, 0);
  await browser.close();
}
