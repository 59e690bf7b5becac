import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptCookies, demo, openSignIn, signIn } from './helpers.ts';
import { mqttDevices } from './mqtt-devices.ts';

test.describe.configure({ timeout: 120_000 });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found ?? { x: 0, y: 0, width: 0, height: 0 };
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether `inner` lies whole inside `outer` (a pixel of rounding allowed). */
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y >= outer.y - 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;

/** The signed-in user as the server tells it, but without cookie consent, so the banner shows. */
async function withoutConsent(page: Page) {
  await page.route('**/api/auth/session', async (route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const session = (await response.json()) as {
      user: { internal: { settings: Record<string, unknown> } } | null;
    };
    if (session.user)
      session.user.internal.settings = { ...session.user.internal.settings, cookies: false };
    return route.fulfill({ response, json: session });
  });
}

/** Whether a tab shows whole in its bar, clear of the bar's scroll buttons. */
async function inView(page: Page, bar: Locator, tab: Locator) {
  const shown = await box(tab);
  if (!within(shown, await box(bar))) return false;
  for (const name of ['Tidligere faner', 'Flere faner']) {
    const button = page.getByRole('button', { name });
    if ((await button.isVisible()) && overlaps(shown, await box(button))) return false;
  }
  return true;
}

const banner = (page: Page) =>
  page.getByRole('region', { name: /Samtykke til cookies|Cookie consent/ });

test.describe('the device tab bar', () => {
  test('every tab can be reached with the scroll buttons, and the last one is visibly there', async ({
    page,
    request,
  }) => {
    const devices = await mqttDevices(request);
    try {
      const device = await devices.make(`Fanebjælke ${Date.now() % 1_000_000}`);
      await signIn(page, demo.manager);
      await acceptCookies(page);
      await page.goto(`/sensor/${device.id}`);
      const bar = page.getByRole('navigation', { name: 'Enhedens faner' });
      const tabs = bar.getByRole('link');
      await expect(tabs).toHaveCount(10);
      const more = page.getByRole('button', { name: 'Flere faner' });

      // Either the last tab shows whole, or a visible button says there is more.
      if (!(await inView(page, bar, tabs.last()))) await expect(more).toBeVisible();

      for (let index = 0; index < 10; index++) {
        const tab = tabs.nth(index);
        for (let step = 0; step < 10 && !(await inView(page, bar, tab)); step++) {
          if (!(await more.isVisible())) break;
          await more.click();
        }
        expect(await inView(page, bar, tab), `tab ${index} in view`).toBe(true);
        await tab.click();
        await expect(tab).toHaveAttribute('data-status', 'active');
      }
      await expect(page).toHaveURL(new RegExp(`/sensor/${device.id}/firmware$`));
      await expect(more).toBeHidden();
      await expect(page.getByRole('button', { name: 'Tidligere faner' })).toBeVisible();
    } finally {
      await devices.removeAll();
    }
  });

  test('the active tab is in view when the page opens on it', async ({ page, request }) => {
    const devices = await mqttDevices(request);
    try {
      const device = await devices.make(`Aktiv fane ${Date.now() % 1_000_000}`);
      await signIn(page, demo.manager);
      await acceptCookies(page);
      await page.goto(`/sensor/${device.id}/firmware`);
      const bar = page.getByRole('navigation', { name: 'Enhedens faner' });
      const active = bar.getByRole('link', { name: 'Firmware' });
      await expect(active).toHaveAttribute('data-status', 'active');
      await expect.poll(() => inView(page, bar, active)).toBe(true);
    } finally {
      await devices.removeAll();
    }
  });
});

/** Signed in as the demo user on a screen whose drawer is temporary (below 1280 px; from there it is permanent). */
async function withTemporaryDrawer(page: Page) {
  const viewport = page.viewportSize();
  if ((viewport?.width ?? 0) >= 1280) await page.setViewportSize({ width: 1000, height: 800 });
  await signIn(page, demo.user);
  await acceptCookies(page);
  return {
    menu: page.getByRole('button', { name: 'Menu', exact: true }),
    drawer: page.getByRole('navigation', { name: 'Hovedmenu' }),
  };
}

test('Esc closes the temporary drawer', async ({ page }) => {
  const { menu, drawer } = await withTemporaryDrawer(page);
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(drawer.getByRole('link', { name: 'Enheder', exact: true })).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(drawer.getByRole('link', { name: 'Enheder', exact: true })).not.toBeInViewport();
  await expect(menu).toBeFocused();
});

test('a temporary drawer renders its menu once first opened, and keeps it', async ({ page }) => {
  const { menu, drawer } = await withTemporaryDrawer(page);
  // Closed since the page opened: none of its links are in the page.
  const nav = page.locator('nav[aria-label="Hovedmenu"]');
  await expect(nav).toHaveCount(1);
  await expect(nav.locator('a, button')).toHaveCount(0);
  await menu.click();
  await expect(drawer.getByRole('link', { name: 'Enheder', exact: true })).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(drawer.getByRole('link', { name: 'Enheder', exact: true })).not.toBeInViewport();
  // Closed again, it keeps its menu (it slid out with it), inert until opened.
  await expect(nav.locator('a', { hasText: 'Enheder' }).first()).toBeAttached();
  await expect(nav).toHaveAttribute('inert', '');
  // From 1280 px the drawer is permanent: its menu is there from the first.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(drawer.getByRole('link', { name: 'Enheder', exact: true })).toBeVisible();
});

test('the saved-filters menu opens under its button', async ({ page }) => {
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await page.goto('/sensors');
  const button = page.getByRole('button', { name: 'Gemte filtre' });
  // Measured before it opens: the open menu hides the rest of the page from the accessibility tree.
  const under = await box(button);
  await button.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const opened = await box(menu);
  expect(opened.y).toBeGreaterThanOrEqual(under.y + under.height);
  expect(opened.y).toBeLessThan(under.y + under.height + 24);
  // Lined up with the button's left edge, not pushed out over the drawer or the window's edge.
  expect(Math.abs(opened.x - under.x)).toBeLessThanOrEqual(1);
});

test.describe('the cookie banner', () => {
  test('does not cover the login footer', async ({ page }) => {
    await openSignIn(page);
    await expect(banner(page)).toBeVisible();
    const footer = page.locator('footer');
    await expect(footer).toBeVisible();
    expect(overlaps(await box(banner(page)), await box(footer))).toBe(false);
    await footer.scrollIntoViewIfNeeded();
    expect(overlaps(await box(banner(page)), await box(footer))).toBe(false);
  });

  test('does not cover the list pagination', async ({ page }) => {
    await withoutConsent(page);
    await signIn(page, demo.manager);
    await page.goto('/sensors');
    await expect(banner(page)).toBeVisible();
    const next = page.getByRole('button', { name: 'Næste' });
    await next.scrollIntoViewIfNeeded();
    // Scrolled to the very end, where the pagination is last on the page.
    await page.getByRole('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await expect(next).toBeInViewport();
    const pagination = [
      page.locator('label', { hasText: 'Rækker pr. side' }),
      page.getByText(/^\d+–\d+ af \d+$/),
      page.getByRole('button', { name: 'Forrige' }),
      next,
    ];
    for (const control of pagination)
      expect(overlaps(await box(banner(page)), await box(control))).toBe(false);
  });

  test('does not cover the drawer', async ({ page }) => {
    await withoutConsent(page);
    await signIn(page, demo.manager);
    await expect(banner(page)).toBeVisible();
    const viewport = page.viewportSize();
    if ((viewport?.width ?? 0) < 1280)
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('navigation', { name: 'Hovedmenu' });
    await expect(drawer.getByRole('link', { name: 'Enheder', exact: true })).toBeInViewport();
    expect(overlaps(await box(banner(page)), await box(drawer))).toBe(false);
  });
});

test('policy pages opened while signed in lead back into the console', async ({ page }) => {
  await signIn(page, demo.user);
  await acceptCookies(page);
  for (const path of ['/privacy-policy', '/cookie-policy', '/terms']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tilbage til login' })).toHaveCount(0);
    const back = page.getByRole('link', { name: 'Tilbage til konsollen' });
    await expect(back).not.toHaveAttribute('href', /\/login/);
    await back.click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});

test('policy pages opened while signed out lead back to login', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.getByRole('link', { name: 'Tilbage til login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the open search field leaves the user menu on screen', async ({ page }) => {
  await signIn(page, demo.user);
  await acceptCookies(page);
  await page.goto('/sensors');
  await expect(page.getByRole('button', { name: 'Brugermenu' })).toBeVisible();
  const field = page.getByRole('combobox', { name: 'Søg' });
  // Below 600 px the header shows a search button that opens the field.
  if ((page.viewportSize()?.width ?? 0) < 600)
    await page.getByRole('button', { name: 'Søg', exact: true }).click();
  else await field.click();
  await expect(field).toBeFocused();
  await field.fill('Dokk');
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const screen = { x: 0, y: 0, ...viewport };
  const avatar = page.getByRole('button', { name: 'Brugermenu' });
  expect(within(await box(avatar), screen)).toBe(true);
  expect(within(await box(field), screen)).toBe(true);
  expect(overlaps(await box(field), await box(avatar))).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    viewport.width,
  );
});

/** Whether anything in `root` has content past its own edge, or reaches past the window. */
const spills = (root: Locator) =>
  root.evaluate((element) => {
    const width = window.innerWidth;
    return [element, ...Array.from(element.querySelectorAll('*'))]
      .filter((node) => node.getClientRects().length > 0 && node.clientWidth > 1)
      .filter(
        (node) =>
          node.scrollWidth > node.clientWidth + 1 || node.getBoundingClientRect().right > width + 1,
      )
      .map((node) => `${node.tagName.toLowerCase()} ${node.textContent?.slice(0, 30) ?? ''}`);
  });

test('the rights table fits the page', async ({ page, request }) => {
  await signIn(page, demo.manager);
  await acceptCookies(page);
  const token = (await page.context().cookies()).find((c) => c.name === 'SESSION')?.value ?? '';
  const me = (await (
    await request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { uuid: string };
  await page.goto(`/management/user/${me.uuid}/access`);
  const table = page.getByRole('table', { name: 'Rettigheder' });
  // A header and a row for each resource of the privilege matrix (server/access/matrix.ts).
  await expect(table.getByRole('row')).toHaveCount(1 + 8);
  await expect(table.getByRole('rowheader', { name: 'Datasamlinger' })).toBeVisible();
  expect(await spills(table.locator('xpath=..'))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
});

test('the white-label form fits the page', async ({ page }) => {
  await signIn(page, demo.super);
  await acceptCookies(page);
  await page.goto('/settings/branding');
  const form = page.getByRole('form', { name: 'White-label-design' });
  await expect(form.getByRole('button', { name: 'Gem' })).toBeVisible();
  expect(await spills(form)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
});

test('the policy dialogs open from the sign-in page and the cookie bar, their code loaded on the way', async ({
  page,
}) => {
  const dialogCode: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/policy-dialog-[\w-]+\.js$/.test(new URL(r.url()).pathname))
      dialogCode.push(r.url());
  });
  await openSignIn(page);
  // Not part of the page's start.
  expect(dialogCode).toEqual([]);
  // The footer's privacy policy, read and closed.
  await page.getByRole('button', { name: 'Privatlivspolitik' }).click();
  const dialog = page.getByRole('dialog', { name: 'Privatlivspolitik' });
  await expect(dialog).toBeVisible();
  expect(dialogCode.length).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Luk' }).click();
  await expect(dialog).toBeHidden();
  // Opened again at once, now that its code is here; Esc closes it.
  await page.getByRole('button', { name: 'Cookiepolitik' }).click();
  await expect(page.getByRole('dialog', { name: 'Cookiepolitik' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The cookie bar's "Read more" offers the policy to accept: accepting closes the bar.
  const bar = page.getByRole('region', { name: 'Samtykke til cookies' });
  await bar.getByRole('button', { name: 'Læs mere' }).click();
  const cookies = page.getByRole('dialog', { name: 'Cookiepolitik' });
  await cookies.getByRole('button', { name: 'Accepter' }).click();
  await expect(cookies).toBeHidden();
  await expect(bar).toHaveCount(0);
});
