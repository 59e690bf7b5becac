import { expect, test, type Page } from '@playwright/test';
import {
  acceptCookies,
  apiToken,
  consoleStarted,
  demo,
  DEMO_PASSWORD,
  openSignIn,
  scrolledTo,
  signIn,
} from './helpers.ts';

test.describe('signing in and out', () => {
  test('a deep link while signed out goes to login and back to the deep link', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings/);
    await signIn(page, demo.manager, DEMO_PASSWORD, '/settings');
    await expect(
      page.getByRole('heading', { name: 'Indstillinger', level: 1 }).last(),
    ).toBeVisible();
  });

  test('a wrong password marks the fields, with no text', async ({ page }) => {
    await openSignIn(page);
    await page.getByLabel('E-mail').fill(demo.user);
    await page.getByLabel('Adgangskode', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log ind' }).click();
    await expect(page.getByLabel('Adgangskode', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Editing a field clears the error state.
    await page.getByLabel('Adgangskode', { exact: true }).fill('x');
    await expect(page.getByLabel('Adgangskode', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
  });

  test('signing out goes to /login, and the old token is refused by the API', async ({
    page,
    request,
  }) => {
    await signIn(page, demo.user);
    const cookies = await page.context().cookies();
    const token = cookies.find((c) => c.name === 'SESSION')?.value ?? '';
    expect(token).not.toBe('');
    expect(
      (
        await request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } })
      ).status(),
    ).toBe(200);
    await page.getByRole('button', { name: 'Brugermenu' }).click();
    await page.getByRole('menuitem', { name: 'Log ud' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(
      (
        await request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } })
      ).status(),
    ).toBe(401);
    // With the session gone, the app sends the user back to login.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });

  test('the session cookie is HttpOnly: no script in the page can read it', async ({ page }) => {
    await signIn(page, demo.user);
    const session = (await page.context().cookies()).find((c) => c.name === 'SESSION');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('SESSION');
    // A reload stays signed in: the server answers who is signed in.
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Brugermenu' })).toBeVisible();
  });

  test('a session on /login goes to the dashboard', async ({ page }) => {
    await signIn(page, demo.user);
    await openSignIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('routes', () => {
  test('an unknown URL shows the 404 page with the previous URL, and go-home works', async ({
    page,
  }) => {
    await signIn(page, demo.user);
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL(/\/404\?from=/);
    await expect(page.getByText('Den ønskede ressource blev ikke fundet!')).toBeVisible();
    await expect(page.getByText('/no/such/page?x=1')).toBeVisible();
    await expect(page.getByText('Prøv igen eller kontakt vores support')).toBeVisible();
    await page.getByRole('link', { name: 'Gå til dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('/ and /index.html lead to the dashboard', async ({ page }) => {
    await signIn(page, demo.user);
    await page.goto('/index.html');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('every sidebar entry opens its page, with breadcrumbs', async ({ page }) => {
    await signIn(page, demo.manager);
    await acceptCookies(page);
    const viewport = page.viewportSize();
    const entries = [
      'Enheder',
      'Enhedstyper',
      'Datasamlinger',
      'Projekter',
      'Registre',
      'Cloud-funktioner',
      'Beskeder',
      'API',
    ];
    for (const entry of entries) {
      if ((viewport?.width ?? 0) < 1280)
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page
        .getByRole('navigation', { name: 'Hovedmenu' })
        .getByRole('link', { name: entry, exact: true })
        .click();
      await expect(page.getByRole('navigation', { name: 'Brødkrummer' })).toContainText('Hjem');
    }
  });

  test('the dashboard home has its cards with counts', async ({ page }) => {
    await signIn(page, demo.manager);
    // Below the dashboards: on a phone, rendered once scrolled to.
    await scrolledTo(page, page.getByRole('main').getByRole('link', { name: /^Enheder/ }));
    for (const card of [
      'Enheder',
      'Datasamlinger',
      'Projekter',
      'Brugere',
      'Alarmer',
      'Notifikationer',
      'Opsætning på stedet',
      'API',
      'Indstillinger',
    ]) {
      await expect(
        page.getByRole('main').getByRole('link', { name: new RegExp(`^${card}`) }),
      ).toBeVisible();
    }
    await expect(page.getByRole('main').getByRole('link', { name: /^Enheder/ })).toContainText(
      '36',
    );
    await expect(page.getByRole('main').getByRole('link', { name: /^API/ })).toContainText(
      'Kommer snart',
    );
  });
});

test.describe('banners', () => {
  test('going offline shows a clear offline state, and coming back hides it', async ({
    page,
    context,
  }) => {
    await signIn(page, demo.user);
    // Offline once the dashboard has loaded, not while its page is still arriving.
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('load');
    await context.setOffline(true);
    await expect(page.getByText('Du er offline.', { exact: false })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('Du er offline.', { exact: false })).toHaveCount(0);
  });

  test('the beta deployment shows a dismissible beta banner', async ({ page }) => {
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), beta: true } });
    });
    await openSignIn(page);
    const banner = page
      .getByRole('note')
      .filter({ hasText: 'Dette er betaversionen af konsollen.' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Skjul beta-beskeden' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await consoleStarted(page);
    await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
    await expect(page.getByText('Dette er betaversionen af konsollen.')).toHaveCount(0);
  });

  test('the web app manifest makes the console installable', async ({ request }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as {
      name: string;
      display: string;
      icons: { sizes: string }[];
    };
    expect(body).toMatchObject({ name: 'Nordlys', display: 'standalone' });
    expect(body.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect((await request.get('/sw.js')).ok()).toBe(true);
  });
});

test('while the console’s scripts load, the page shows a loading indicator instead of a blank page', async ({
  page,
}) => {
  // The scripts held back, as on a slow phone: the page as the server sent it.
  await page.route('**/assets/**', (route) => route.abort());
  await page.goto('/settings');
  const shell = page.locator('#root > .boot-shell');
  await expect(shell.locator('svg')).toBeVisible();
  await expect(shell).toHaveAttribute('aria-hidden', 'true');
  // It takes the theme's background, not the browser's white.
  expect(await shell.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
    'rgb(244, 246, 248)',
  );
  // With its scripts the console replaces it with the page (signed out: the sign-in page).
  await page.unroute('**/assets/**');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
  await expect(page.locator('.boot-shell')).toHaveCount(0);
});

/** Counts the page's layout shifts from its start, as the browser reports them (what Lighthouse sums up). */
const countShifts = (page: Page) =>
  page.addInitScript(() => {
    const counted = window as unknown as { shifted: number };
    counted.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        counted.shifted += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The layout shifts counted so far, once the frames under way have been drawn. */
const shifted = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve((window as unknown as { shifted: number }).shifted)),
        ),
      ),
  );

test.describe('the sign-in page’s first screen, in the page the server sends', () => {
  /** What is on the screen, in view: the one first screen boot.js and the page's rules show. */
  const shown = (page: Page) => page.locator('.first-screen:visible');

  test('shows the sign-in page before any script has loaded, inert, in the visitor’s language and mode', async ({
    page,
  }) => {
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/login');
    await expect(page.locator('#root > .boot-shell')).toBeHidden();
    await expect(shown(page)).toHaveCount(1);
    await expect(shown(page)).toHaveAttribute('lang', 'da');
    await expect(shown(page)).toHaveAttribute('data-mode', 'light');
    await expect(shown(page)).toHaveAttribute('inert', '');
    await expect(shown(page).getByRole('heading', { name: 'Log ind i Nordlys' })).toBeVisible();
    await expect(shown(page).locator('input[name="username"]')).toBeVisible();
    await expect(shown(page).locator('[data-cookie-consent]')).toBeVisible();
    // It cannot be used before the console runs: a tap on its button does nothing.
    expect(
      await shown(page)
        .locator('button[type="submit"]')
        .evaluate((button) => button.matches(':is([inert] *)')),
    ).toBe(true);
    // Dark, and English as chosen on the page before: that screen instead.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => localStorage.setItem('nordlys.chosenLocale', 'en'));
    await page.reload();
    await expect(shown(page)).toHaveAttribute('lang', 'en');
    await expect(shown(page)).toHaveAttribute('data-mode', 'dark');
    await expect(shown(page).getByRole('heading', { name: 'Sign in to Nordlys' })).toBeVisible();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    // Consent given before: no consent bar on it.
    await page.evaluate(() => localStorage.setItem('nordlys.cookies', '1'));
    await page.reload();
    await expect(shown(page).locator('[data-cookie-consent]')).toBeHidden();
  });

  test('is where the console lays the page out, and the console takes over from it', async ({
    page,
  }) => {
    await countShifts(page);
    for (const width of [400, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.route('**/assets/**', (route) => route.abort());
      await page.goto('/login');
      const before = await shown(page).getByRole('heading', { level: 1 }).boundingBox();
      await page.unroute('**/assets/**');
      await page.reload();
      await consoleStarted(page);
      await expect(page.locator('.first-screen')).toHaveCount(0);
      await expect(page.locator('html')).not.toHaveAttribute('data-first-screen');
      const heading = page.getByRole('heading', { name: 'Log ind i Nordlys' });
      const after = await heading.boundingBox();
      // The heading stays where it was (a pixel or two either way).
      expect(Math.abs((after?.y ?? 0) - (before?.y ?? -100)), `${width} px`).toBeLessThanOrEqual(3);
      expect(Math.abs((after?.x ?? 0) - (before?.x ?? -100)), `${width} px`).toBeLessThanOrEqual(3);
      // Nothing moved on the way either: not in the frame the console first drew.
      expect(await shifted(page), `${width} px`).toBe(0);
    }
    // The console's own page works as usual: sign in from it.
    await signIn(page, demo.user);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('gives way to the loading indicator for a session the browser kept no user of', async ({
    page,
  }) => {
    await signIn(page, demo.user);
    await page.evaluate(() => localStorage.clear());
    // The dashboard's page held back (never answered): what shows while the console goes on to it.
    await page.route('**/assets/dashboard-home-*.js', () => undefined);
    await page.goto('/login');
    // Not the sign-in form, which would stand inert until the dashboard had loaded.
    await expect(page.locator('html')).not.toHaveAttribute('data-first-screen');
    await expect(shown(page)).toHaveCount(0);
  });

  test('is not in the installed console’s cache, which would answer /login with it on every host', async ({
    request,
  }) => {
    const worker = await (await request.get('/sw.js')).text();
    expect(worker).toContain('"index.html"');
    expect(worker).not.toContain('login.html');
  });

  test('is not shown to a kept user, whom the console sends on to the dashboard', async ({
    page,
  }) => {
    await signIn(page, demo.user);
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/login');
    await expect(page.locator('#root > .boot-shell')).toBeVisible();
    await expect(shown(page)).toHaveCount(0);
    await page.unroute('**/assets/**');
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('style#first-screen')).toHaveCount(0);
  });
});

test.describe('the dashboard home’s first screen, rendered by the server for the signed-in user', () => {
  test('shows a phone the user’s page before any script has loaded, and the console takes over from it', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, demo.user);
    const headers = { authorization: `Bearer ${token}` };
    // Text that looks like markup stays text.
    const description = `<b>Lobby</b> & "doors" ${test.info().project.name} ${Date.now()}`;
    const made = await request.post('/api/v2/dashboards', {
      headers,
      data: { name: 'First screen', color: 'teal', description, graphs: [] },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    try {
      await countShifts(page);
      await signIn(page, demo.user);
      await acceptCookies(page);
      await page.setViewportSize({ width: 400, height: 860 });
      await page.route('**/assets/**', (route) => route.abort());
      await page.goto(`/dashboard?board=${id}`);
      const screen = page.locator('.first-screen');
      await expect(page.locator('html')).toHaveAttribute('data-first-screen', 'dashboard');
      await expect(page.locator('#root > .boot-shell')).toBeHidden();
      await expect(screen).toBeVisible();
      await expect(screen).toHaveAttribute('inert', '');
      await expect(screen.getByRole('heading', { level: 1 })).toHaveText(/^Velkommen, /);
      await expect(screen.getByRole('combobox', { name: 'Dashboard' })).toHaveValue(id);
      await expect(screen.getByText(description, { exact: true })).toBeVisible();
      await expect(screen.locator('b')).toHaveCount(0);
      // Consent given: no consent bar on it.
      await expect(screen.locator('[data-cookie-consent]')).toHaveCount(0);
      const before = await screen.getByText(description).boundingBox();
      // Wider than a phone it is not laid out for: the loading indicator instead.
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(screen).toBeHidden();
      await expect(page.locator('#root > .boot-shell')).toBeVisible();
      await page.setViewportSize({ width: 400, height: 860 });

      await page.unroute('**/assets/**');
      await page.reload();
      await consoleStarted(page);
      await expect(page.locator('.first-screen')).toHaveCount(0);
      await expect(page.locator('html')).not.toHaveAttribute('data-first-screen');
      const own = page.getByText(description, { exact: true });
      await expect(own).toBeVisible();
      const after = await own.boundingBox();
      expect(Math.abs((after?.y ?? 0) - (before?.y ?? -100))).toBeLessThanOrEqual(3);
      expect(await shifted(page)).toBe(0);
      // The console's own page works: its menu opens.
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await expect(page.getByRole('navigation', { name: 'Hovedmenu' })).toBeVisible();
    } finally {
      await request.delete(`/api/v2/dashboard/${id}`, { headers });
    }
  });

  test('is not sent to a visitor who is not signed in, nor to a wall display', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 860 });
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/dashboard');
    await expect(page.locator('.first-screen')).toHaveCount(0);
    await expect(page.locator('#root > .boot-shell')).toBeVisible();
    await page.unroute('**/assets/**');
    await signIn(page, demo.user);
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/dashboard?kiosk=true');
    await expect(page.locator('.first-screen')).toHaveCount(0);
    await expect(page.locator('#root > .boot-shell')).toBeVisible();
  });
});

test('the dashboard home and a wall display load no editing or export libraries before they show', async ({
  request,
}) => {
  // What their first screens load: the start scripts and the page's preloads (index.html, boot.js).
  const html = await (await request.get('/dashboard', { headers: { accept: 'text/html' } })).text();
  const attribute = (name: string) =>
    (new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '').replaceAll(
      '&quot;',
      '"',
    );
  const map = JSON.parse(attribute('nordlys-preload')) as {
    start: string[];
    routes: Record<string, string[]>;
  };
  // The entry and its imports, which boot.js asks for after the first frame.
  const start = map.start;
  expect(start[0]).toBe(attribute('nordlys-start'));
  const later = /node_modules\/(react-hook-form|imask|react-imask|papaparse|fflate)\//;
  for (const page of ['/dashboard', '/dashboard?kiosk']) {
    const scripts = [...start, ...(map.routes[page] ?? [])];
    expect(scripts.length).toBeGreaterThan(10);
    const sources: string[] = [];
    for (const script of scripts) {
      // The build's source maps name the modules each script holds; the few scripts without
      // one (the module runtime, re-exports) are too small to hold a library.
      const sourceMap = await request.get(`${script}.map`);
      if (sourceMap.ok())
        sources.push(...((await sourceMap.json()) as { sources: string[] }).sources);
      else expect((await (await request.get(script)).body()).length, script).toBeLessThan(2000);
    }
    expect(sources.some((source) => source.includes('dashboards/page/'))).toBe(true);
    expect(sources.filter((source) => later.test(source))).toEqual([]);
  }
});

test('the sign-in page asks for its own scripts and its language’s texts as it opens, not after the start scripts', async ({
  page,
}) => {
  // The start scripts held back: whatever is asked for now was asked for by the page's head.
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.route('**/assets/index-*.js', (route) => route.abort());
  // boot.js adds the links in the order of the page's entry in the build's map, a few at a
  // time in tasks after its own: they are read once the entry's last one is there.
  const preloadsOf = async (url: string, entry: string) => {
    await page.goto(url);
    const map = await page.locator('meta[name="nordlys-preload"]').getAttribute('content');
    const last = (JSON.parse(map ?? '{}') as { routes: Record<string, string[]> }).routes[
      entry
    ]?.at(-1);
    expect(last, entry).toBeTruthy();
    await expect(page.locator(`link[rel="modulepreload"][href="${last}"]`)).toHaveCount(1);
    return page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((all) => all.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  };
  const preloads = await preloadsOf('/login', '/login');
  expect(preloads.some((href) => /^\/assets\/login-[\w-]+\.js$/.test(href))).toBe(true);
  expect(preloads.some((href) => /^\/assets\/messages-[\w-]+\.js$/.test(href))).toBe(true);
  // Not the dashboard home's: each page asks only for its own.
  expect(preloads.some((href) => href.includes('/assets/dashboard-home-'))).toBe(false);
  await expect
    .poll(() => asked.filter((path) => preloads.includes(path)).length)
    .toBe(preloads.length);
  // A wall display asks for the wall's scripts, the dashboard home for its page's.
  // The signed-in shell and the dashboard home come in one script, not dozens.
  const home = await preloadsOf('/dashboard', '/dashboard');
  expect(home.some((href) => href.includes('/assets/dashboard-home-'))).toBe(true);
  expect(home.some((href) => href.includes('/assets/kiosk-view-'))).toBe(false);
  const map = await page.locator('meta[name="nordlys-preload"]').getAttribute('content');
  const homeScripts = (JSON.parse(map ?? '{}') as { routes: Record<string, string[]> }).routes[
    '/dashboard'
  ];
  expect(homeScripts?.length).toBeLessThan(8);
  const wall = await preloadsOf('/dashboard?board=x&kiosk=1', '/dashboard?kiosk');
  expect(wall.some((href) => href.includes('/assets/kiosk-view-'))).toBe(true);
  // With its scripts, the page comes up as usual.
  await page.unroute('**/assets/index-*.js');
  await openSignIn(page);
  await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
});
