import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../contracts/dashboard.ts';
import type { DashboardScreenInput } from '../../contracts/first-screen.ts';
import { startTestApp } from '../helpers/test-app.ts';
import { useWorldApp } from '../helpers/world-app.ts';
import { PASSWORD } from '../helpers/world.ts';

// A built console as the build leaves it: dist/web/index.html, and beside it the dashboard
// home's renderer (dist/first-screen/dashboard-home.js, scripts/first-screen.ts). This one
// writes out what the server gave it, so the test sees whose data the page is made from;
// the real renderer's page is tried in the browser (tests/e2e/shell.spec.ts).
const index = `<!doctype html>
<html lang="da">
  <head><title>Nordlys</title></head>
  <body>
    <div id="root"><div class="boot-shell" aria-hidden="true"><svg viewBox="0 0 40 40"></svg></div></div>
  </body>
</html>`;

const renderer = `export async function renderDashboardHome(input) {
  if (input.url.includes('fails')) throw new Error('the renderer failed');
  const shown = {
    user: input.user.uuid,
    dashboards: input.dashboards.map((d) => d.name),
    host: input.branding.host,
    url: input.url,
  };
  return {
    html: '<main>' + JSON.stringify(shown) + '</main>',
    css: '.a{color:red;}/*!sc*/\\n.b{content:"</style><script>x()</script>"}/*!sc*/\\ndata-styled.g1[id="a"]{content:"a,"}/*!sc*/\\n',
    locale: input.user.internal?.settings?.language === 'en' ? 'en' : 'da',
    consentBar: true,
  };
}`;

const built = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-dashboard-screen-'));
fs.mkdirSync(path.join(built, 'web'));
fs.mkdirSync(path.join(built, 'first-screen'));
fs.writeFileSync(path.join(built, 'web', 'index.html'), index);
fs.writeFileSync(path.join(built, 'first-screen', 'dashboard-home.js'), renderer);

type Shown = Pick<DashboardScreenInput, 'url'> & {
  user: string;
  dashboards: string[];
  host: string;
};

describe('the dashboard home’s first screen, rendered into its HTML for the signed-in user', () => {
  const t = useWorldApp({ webRoot: path.join(built, 'web') });
  afterAll(() => fs.rmSync(built, { recursive: true, force: true }));

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const cookie = (user: 'userA' | 'userB' | 'managerB') => ({
    cookie: `SESSION=${t.tokens[user]}`,
  });
  const shownIn = (body: string): Shown => {
    const json = /<main>(.*?)<\/main>/.exec(body)?.[1];
    if (!json) throw new Error(`no first screen in ${body}`);
    return JSON.parse(json) as Shown;
  };
  const create = async (user: 'userA' | 'userB', name: string) => {
    const created = await t.as(user, 'POST', '/api/v2/dashboards', { name, graphs: [] });
    expect(created.statusCode).toBe(201);
    return created.json<Dashboard>();
  };

  it('is the caller’s own page: their dashboards, on their host, never kept by a cache', async () => {
    await create('userA', 'Lobby A');
    await create('userB', 'Lobby B');
    const res = await page('/dashboard?board=lobby', cookie('userA'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers.vary)).toMatch(/cookie/);
    expect(shownIn(res.body)).toEqual({
      user: t.world.users.userA,
      dashboards: ['Lobby A'],
      host: 'localhost',
      url: '/dashboard?board=lobby',
    });
    // In #root after the loading indicator, inert, its rules in the head without the
    // bookkeeping, and the page named as the dashboard home's for the console and its rules.
    expect(res.body).toContain(
      '<svg viewBox="0 0 40 40"></svg></div><div class="first-screen" lang="da" inert><main>',
    );
    expect(res.body).toContain('<html lang="da" data-first-screen="dashboard">');
    const style = /<style id="first-screen">([\s\S]*?)<\/style>/.exec(res.body)?.[1] ?? '';
    expect(style).toContain('.a{color:red;}');
    expect(style).not.toContain('data-styled');
    // No value in the rules can end the style element.
    expect(res.body).not.toContain('<script>x()');
    expect(style).toContain('.b{content:"\\3c /style>\\3c script>x()\\3c /script>"}');
    expect(style).toContain('@media (max-width:599.98px)');
    // Another user sees theirs.
    expect(shownIn((await page('/dashboard', cookie('userB'))).body).dashboards).toEqual([
      'Lobby B',
    ]);
  });

  it('comes compressed as the browser accepts: a phone waits for every kilobyte of it', async () => {
    const br = await page('/dashboard', { ...cookie('userA'), 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(shownIn(zlib.brotliDecompressSync(br.rawPayload).toString()).user).toBe(
      t.world.users.userA,
    );
    const gzip = await page('/dashboard', { ...cookie('userA'), 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(shownIn(zlib.gunzipSync(gzip.rawPayload).toString()).user).toBe(t.world.users.userA);
  });

  it('is not made for a visitor who is not signed in, a wall display, a user without dashboards, or when it fails', async () => {
    await create('userA', 'Lobby A again');
    expect((await page('/dashboard')).body).toBe(index);
    expect((await page('/dashboard', { cookie: 'SESSION=not-a-session' })).body).toBe(index);
    // A wall display shows its graphs alone, not the page around them.
    expect((await page('/dashboard?kiosk=true', cookie('userA'))).body).toBe(index);
    // No dashboards yet: the console makes a first one.
    expect((await page('/dashboard', cookie('managerB'))).body).toBe(index);
    // The renderer failing costs the first screen, not the page.
    const failed = await page('/dashboard?board=fails', cookie('userA'));
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe(index);
    // Nor for another page.
    expect((await page('/devices', cookie('userA'))).body).toBe(index);
  });

  it('ends with the session: signed out, the page is the console’s start again', async () => {
    await create('userA', 'Lobby A once more');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/basic',
      payload: { username: 'user.a@world.test', password: PASSWORD },
    });
    const { token } = signIn.json<{ token: string }>();
    const own = { cookie: `SESSION=${token}` };
    expect(shownIn((await page('/dashboard', own)).body).user).toBe(t.world.users.userA);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await page('/dashboard', own)).body).toBe(index);
  });
});

describe('a dashboard home renderer that cannot load here', () => {
  it('costs the first screen, not the server: /dashboard is index.html', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-dashboard-screen-broken-'));
    fs.mkdirSync(path.join(root, 'web'));
    fs.mkdirSync(path.join(root, 'first-screen'));
    fs.writeFileSync(path.join(root, 'web', 'index.html'), index);
    // As in an install without the console's libraries, which the renderer imports.
    fs.writeFileSync(
      path.join(root, 'first-screen', 'dashboard-home.js'),
      "import 'nordlys-library-not-installed';\nexport async function renderDashboardHome() {}\n",
    );
    const t = await startTestApp({ webRoot: path.join(root, 'web') });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { accept: 'text/html', cookie: 'SESSION=any' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(index);
    } finally {
      await t.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
