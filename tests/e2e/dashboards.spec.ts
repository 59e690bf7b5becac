import fs from 'node:fs/promises';
import mqtt from 'mqtt';
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import type { Graph } from '../../contracts/dashboard.ts';
import {
  acceptCookies,
  apiToken,
  consoleStarted,
  demo,
  englishUser,
  scrolledTo,
  signIn,
} from './helpers.ts';
import {
  bylivCounters,
  createDashboard,
  deviceToken,
  lineGraph,
  readDashboard,
  type DemoDevice,
} from './dashboard-fixtures.ts';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;
const dialog = (page: Page) => page.getByRole('dialog');
const snackbar = (page: Page, text: RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

async function openDashboard(page: Page, id: string, extra = '') {
  await page.goto(`/dashboard?board=${id}${extra}`);
  await consoleStarted(page);
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toHaveValue(id);
}

/** Chooses a device by name in a picker (its search box, then its select). */
async function chooseDevice(scope: Locator, device: DemoDevice) {
  await scope.getByLabel(/^(Find en enhed|Find a device)$/).fill(device.name);
  const select = scope.getByRole('combobox', { name: /^(Enhed|Device)$/ });
  await expect(select.locator('option', { hasText: device.name })).toHaveCount(1);
  await select.selectOption({ label: device.name });
}

async function chooseKey(scope: Locator, key: string) {
  const select = scope.getByRole('combobox', { name: /^(Datanøgle|Data key)$/ });
  await expect(select).toBeEnabled();
  await select.selectOption(key);
}

/** Adds a graph through the editor: its type and name, then what `fill` sets, then Save. */
async function addGraph(
  page: Page,
  type: RegExp,
  name: string,
  fill: (editor: Locator) => Promise<void>,
) {
  await page
    .getByRole('button', { name: /^(Tilføj graf|Add graph)$/ })
    .first()
    .click();
  const editor = dialog(page);
  await expect(editor).toBeVisible();
  const types = editor.getByRole('combobox', { name: /^Type$/ });
  const label = await types.locator('option').filter({ hasText: type }).first().textContent();
  await types.selectOption({ label: label ?? '' });
  // The graph's name comes before the display label (both are "Navn" in Danish).
  await editor
    .getByLabel(/^(Navn|Name)$/)
    .first()
    .fill(name);
  await fill(editor);
  await editor.getByRole('button', { name: /^(Gem|Save)$/ }).click();
  await expect(editor).toBeHidden();
  await expect(page.locator(`[data-graph-id]`).filter({ hasText: name })).toHaveCount(1);
}

test('the account manager builds a dashboard of every graph type, moves and resizes it, saves it and finds it again after a reload', async ({
  page,
  request,
}, testInfo) => {
  test.skip(
    testInfo.project.name === 'mobile',
    'Graphs are moved and resized on wide screens; below 600 px they stack in one column',
  );
  test.setTimeout(180_000);
  const token = await apiToken(request, demo.manager);
  const { a, b } = await bylivCounters(request, token);
  await signIn(page, demo.manager);
  await acceptCookies(page);
  // The manager has the demo dashboard; this one is new.
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toBeVisible();
  const name = unique('E2E all types');
  await page.getByRole('button', { name: /^(Nyt dashboard|New dashboard)$/ }).click();
  await dialog(page)
    .getByLabel(/^(Navn|Name)$/)
    .fill(name);
  await dialog(page)
    .getByRole('button', { name: /^(Opret|Create)$/ })
    .click();
  await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await expect(snackbar(page, /Dashboard (oprettet|created)/)).toBeVisible();

  await addGraph(page, /^(Graf|Chart)$/, 'In, Strøget A', async (editor) => {
    await chooseDevice(editor, a);
    await chooseKey(editor, 'countIn');
  });
  await addGraph(page, /^(Måler|Gauge)$/, 'Battery, Strøget A', async (editor) => {
    await chooseDevice(editor, a);
    await chooseKey(editor, 'battery');
  });
  await addGraph(page, /^(Differencekort|Difference card)$/, 'In minus out', async (editor) => {
    const first = editor.getByRole('group', { name: /^(Kilde A|Source A)$/ });
    await chooseDevice(first, a);
    await chooseKey(first, 'countIn');
    const second = editor.getByRole('group', { name: /^(Kilde B|Source B)/ });
    await chooseDevice(second, a);
    await chooseKey(second, 'countOut');
  });
  await addGraph(page, /^(Scorekort|Score card)$/, 'A against B', async (editor) => {
    const first = editor.getByRole('group', { name: /^(Første kilde|First source)$/ });
    await chooseDevice(first, a);
    await chooseKey(first, 'countIn');
    const second = editor.getByRole('group', { name: /^(Anden kilde|Second source)$/ });
    await chooseDevice(second, b);
    await chooseKey(second, 'countIn');
  });
  await addGraph(page, /^(Vindkort|Wind card)$/, 'Wind', async (editor) => {
    await chooseDevice(editor, a);
    await chooseKey(editor, 'temperature');
  });
  await addGraph(page, /^(Graf med flere kilder|Multi-source chart)$/, 'All in', async (editor) => {
    const type = a.deviceType;
    if (!type) throw new Error('the demo counter has no device type');
    await editor
      .getByRole('combobox', { name: /^(Enhedstype|Device type)$/ })
      .selectOption({ label: type.name });
    await chooseKey(editor, 'countIn');
    await editor.getByLabel(/^(Find en enhed|Find a device)$/).fill('Strøget');
    await editor.getByRole('checkbox', { name: a.name }).check();
    await editor.getByRole('checkbox', { name: b.name }).check();
  });
  const cells = page.locator('[data-graph-id]');
  await expect(cells).toHaveCount(6);

  // Move the first graph down below the others, and make the gauge taller.
  const first = cells.first();
  const firstId = await first.getAttribute('data-graph-id');
  const handle = first.locator('.graph-drag-handle');
  const from = await handle.boundingBox();
  const grid = await page.getByTestId('dashboard-grid').boundingBox();
  if (!from || !grid) throw new Error('the grid is not laid out');
  await page.mouse.move(from.x + 40, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 60, grid.y + grid.height + 200, { steps: 20 });
  await page.mouse.up();
  const gauge = cells.filter({ hasText: 'Battery, Strøget A' });
  const resize = gauge.locator('.react-resizable-handle');
  // The move may have scrolled the page: bring the corner back into view.
  await resize.scrollIntoViewIfNeeded();
  const corner = await resize.boundingBox();
  if (!corner) throw new Error('the gauge has no resize handle');
  await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
  await page.mouse.down();
  await page.mouse.move(corner.x + corner.width / 2, corner.y + 150, { steps: 20 });
  await page.mouse.up();
  await expect(page.getByText(/^(Ikke gemte ændringer|Unsaved changes)$/)).toBeVisible();

  await page
    .getByRole('toolbar')
    .getByRole('button', { name: /^(Gem|Save)$/ })
    .click();
  await expect(snackbar(page, /Dashboard (gemt|saved)/)).toBeVisible();
  const boardId = new URL(page.url()).searchParams.get('board');
  if (!boardId) throw new Error('the URL names no dashboard');
  const saved = await readDashboard(request, token, boardId);
  expect(saved.name).toBe(name);
  expect(saved.graphs.map((g) => g.type).sort()).toEqual([0, 1, 2, 3, 4, 6]);
  const moved = saved.graphs.find((g) => g.id === firstId);
  expect(moved?.grid?.y).toBeGreaterThan(0);
  const taller = saved.graphs.find((g) => g.name === 'Battery, Strøget A');
  expect(taller?.grid?.h).toBeGreaterThan(12);

  await page.reload();
  await consoleStarted(page);
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toHaveValue(boardId);
  await expect(page.locator('[data-graph]')).toHaveCount(6);
  const again = await readDashboard(request, token, boardId);
  expect(again.graphs).toEqual(saved.graphs);
  // Viewing moves nothing: no handles.
  await expect(page.locator('.graph-drag-handle')).toHaveCount(0);
});

test('opening a dashboard reads the list of dashboards once, and a kept list shows offline', async ({
  page,
  context,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const dashboard = await createDashboard(request, token, {
    name: unique('Read once'),
    graphs: [],
  });
  await signIn(page, demo.manager);
  // The page signing in lands on has read its list: only the next page's reads are counted.
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toBeVisible();
  const lists: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v2/dashboards' && r.method() === 'GET')
      lists.push(r.url());
  });
  await openDashboard(page, dashboard.id);
  await expect(
    page.getByText(/^(Dette dashboard har ingen grafer endnu|This dashboard has no graphs yet)\./),
  ).toBeVisible();
  expect(lists).toHaveLength(1);

  // Offline, the list kept on this device opens the same dashboard rather than waiting.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('nordlys.cache') ?? ''))
    .toContain(dashboard.id);
  await context.setOffline(true);
  await page.reload();
  await consoleStarted(page);
  await expect(page.getByText(/^(Du er offline|You are offline)\./)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toHaveValue(dashboard.id);
  await context.setOffline(false);
});

test('the dashboard home does not jump: its cards come below the dashboard, not before it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const { a, b } = await bylivCounters(request, token);
  const made = await createDashboard(request, token, {
    name: unique('Steady'),
    graphs: [
      lineGraph('steady-a', a.id, 'countIn'),
      lineGraph('steady-b', b.id, 'countIn', {}, { x: 0, y: 8 }),
    ],
  });
  await signIn(page, demo.manager);
  await acceptCookies(page);
  // Every layout shift of a fresh load of the page, as the browser reports it (CLS).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openDashboard(page, made.id);
  await expect(page.locator('[data-graph-id] [data-last-drawn]')).toHaveCount(2);
  await scrolledTo(page, page.getByRole('main').getByRole('link', { name: /^(Enheder|Devices)/ }));
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  const total = shifts.reduce((sum, value) => sum + value, 0);
  // Good CLS is below 0.1; the cards shown before the grid moved by about 0.4.
  expect(total).toBeLessThan(0.1);
});

test('a dashboard lays its graphs out once, at the width of the page', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const { a, b } = await bylivCounters(request, token);
  const made = await createDashboard(request, token, {
    name: unique('Once'),
    graphs: [
      lineGraph('once-a', a.id, 'countIn'),
      lineGraph('once-b', b.id, 'countIn', {}, { x: 6, y: 0 }),
    ],
  });
  await signIn(page, demo.manager);
  await acceptCookies(page);
  // Every graph cell the page ever adds, with its width then and the grid's.
  await page.addInitScript(() => {
    const added: { id: string; width: number; grid: number }[] = [];
    (window as unknown as { added: typeof added }).added = added;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof HTMLElement)) continue;
          for (const cell of [
            node,
            ...Array.from(node.querySelectorAll<HTMLElement>('[data-graph-id]')),
          ]) {
            const id = cell.dataset['graphId'];
            const grid = cell.closest<HTMLElement>('[data-testid="dashboard-grid"]');
            if (id && grid)
              added.push({ id, width: cell.offsetWidth, grid: grid.getBoundingClientRect().width });
          }
        }
    }).observe(document, { childList: true, subtree: true });
  });
  await openDashboard(page, made.id);
  await expect(page.locator('[data-graph-id] [data-last-drawn]')).toHaveCount(2);
  const added = await page.evaluate(
    () => (window as unknown as { added: { id: string; width: number; grid: number }[] }).added,
  );
  // Each graph mounted once (not first at a guessed width and again at the page's), never
  // wider than the grid it sits in.
  expect(added.map((cell) => cell.id).sort()).toEqual(['once-a', 'once-b']);
  for (const cell of added) expect(cell.width).toBeLessThanOrEqual(Math.ceil(cell.grid));
});

/** The history reads a request carries: one GET, or a batch of several (docs/live.md). */
function historyPaths(r: Request): string[] {
  const path = decodeURIComponent(new URL(r.url()).pathname);
  if (path.startsWith('/api/v2/devicedata-clean/')) return [path];
  if (path !== '/api/v2/devicedata-batch' || r.method() !== 'POST') return [];
  const body = r.postDataJSON() as { requests?: { url: string }[] } | null;
  return (body?.requests ?? []).map((read) =>
    decodeURIComponent(new URL(read.url, 'http://nordlys.invalid').pathname),
  );
}

test('viewing, graphs stand still and each asks history once; editing, they slide into place', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const { a, b } = await bylivCounters(request, token);
  const made = await createDashboard(request, token, {
    name: unique('Still'),
    graphs: [
      lineGraph('still-a', a.id, 'countIn'),
      lineGraph('still-b', b.id, 'countIn', {}, { x: 6, y: 0 }),
    ],
  });
  await signIn(page, demo.manager);
  await acceptCookies(page);
  // Away from the page signing in landed on, whose graphs may still be reading.
  await page.goto('about:blank');
  // The device, key and start of each history read (its end and bucket count set aside).
  const asked: { source: string; from: string }[] = [];
  // The graphs' devices: one list read by ids (asked for by boot.js as the page opens), none alone.
  const deviceReads: string[] = [];
  page.on('request', (r) => {
    for (const path of historyPaths(r)) {
      const parts = path.split('/');
      asked.push({ source: `${parts[4]} ${parts[7]}`, from: parts[5] ?? '' });
    }
    const url = new URL(r.url());
    const byIds = url.pathname === '/api/v2/devices' && url.searchParams.has('ids');
    if ((byIds || /^\/api\/v2\/device\/\d+$/.test(url.pathname)) && r.method() === 'GET')
      deviceReads.push(url.pathname + url.search);
  });
  // How often each source's window (its earliest start) was read. Once the live feed has
  // connected, a graph also reads from its last bucket on (what came meanwhile): no window.
  const windowReads = () => {
    const reads = new Map<string, number>();
    for (const { source } of asked) {
      const first = asked
        .filter((read) => read.source === source)
        .map((read) => read.from)
        .sort()[0];
      reads.set(
        source,
        asked.filter((read) => read.source === source && read.from === first).length,
      );
    }
    return Object.fromEntries(reads);
  };
  await openDashboard(page, made.id);
  // On a phone the graphs stack, and the second draws once it comes near the screen.
  await page.locator('[data-graph-id="still-b"]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-graph-id] [data-last-drawn]')).toHaveCount(2);
  const transition = (id: string) =>
    page
      .locator(
        `.react-grid-item[data-graph-id="${id}"], .react-grid-item:has(> [data-graph-id="${id}"])`,
      )
      .evaluate((item) => getComputedStyle(item).transitionDuration);
  // A grid settling on its width would otherwise slide every graph for 200 ms, or (in one
  // column) first lay them out 6 columns wide, and each chart would ask history again for
  // every width it passed through.
  expect(await transition('still-a')).toBe('0s');
  expect(windowReads()).toEqual({ [`${a.id} countIn`]: 1, [`${b.id} countIn`]: 1 });
  expect(deviceReads).toEqual([
    `/api/v2/devices?page=1&pageSize=500&sort=id&ids=${encodeURIComponent(`${a.id},${b.id}`)}`,
  ]);
  await page.getByRole('button', { name: /^(Rediger|Edit)$/ }).click();
  await expect.poll(() => transition('still-a')).not.toBe('0s');
});

/**
 * A dashboard of five line graphs stacked one under the next (on a phone, the last far below
 * the fold): the first four show one demo counter, the last (`${prefix}-e`) the other. Signs
 * in and leaves the page signing in landed on, whose graphs (the demo's) may still be reading,
 * before counting the page's history reads.
 */
async function stackedDashboard(page: Page, request: APIRequestContext, prefix: string) {
  const token = await apiToken(request, demo.manager);
  const { a, b } = await bylivCounters(request, token);
  const last = `${prefix}-e`;
  const made = await createDashboard(request, token, {
    name: unique(prefix),
    graphs: ['a', 'b', 'c', 'd', 'e'].map((letter, i) => {
      const id = `${prefix}-${letter}`;
      return lineGraph(id, id === last ? b.id : a.id, 'countIn', {}, { x: 0, y: 12 * i });
    }),
  });
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await page.goto('about:blank');
  const read: string[] = [];
  page.on('request', (r) => read.push(...historyPaths(r)));
  const readsOf = (deviceId: number) => read.filter((path) => path.includes(`/${deviceId}/`));
  return { made, a, b, readsOf };
}

test('on a phone, a graph below the fold reads and draws nothing until it comes within 200 px of the screen', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'graphs stack in one column only on a phone');
  // The first four graphs show one device; only the fifth, far below the fold, shows the other.
  const { made, a, b, readsOf } = await stackedDashboard(page, request, 'fold');
  const drawn = (id: string) => page.locator(`[data-graph-id="${id}"] [data-last-drawn]`);
  await openDashboard(page, made.id);
  await expect(drawn('fold-a')).toHaveCount(1);
  expect(readsOf(a.id).length).toBeGreaterThan(0);
  // The page has had frames to lay out and observe every graph: the one four places down is
  // named, and waits without reading its device's history or saying it is loading.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  const foldE = page.locator('[data-graph="fold-e"]');
  await expect(foldE).not.toBeInViewport();
  await expect(foldE.getByRole('heading', { name: 'Line fold-e' })).toHaveCount(1);
  await expect(foldE.locator('[data-waiting="near-screen"]')).toHaveCount(1);
  await expect(foldE.getByText(/^(Indlæser…|Loading…)$/)).toHaveCount(0);
  await expect(drawn('fold-e')).toHaveCount(0);
  expect(readsOf(b.id)).toEqual([]);
  const waitingCard = await foldE.elementHandle();
  // Scrolled to 100 px above it, it reads and draws before it is in view: the page's
  // scrolling main is what the graphs are observed against, 200 px beyond its edges.
  await page.getByRole('main').evaluate((main) => {
    const graph = main.querySelector('[data-graph="fold-e"]');
    if (!graph) throw new Error('no graph fold-e');
    const below = graph.getBoundingClientRect().top - main.getBoundingClientRect().bottom;
    main.scrollBy(0, below - 100);
  });
  await expect(drawn('fold-e')).toHaveCount(1);
  await expect(foldE).not.toBeInViewport();
  expect(readsOf(b.id).length).toBeGreaterThan(0);
  // Its chart is drawn in the card that waited, not in one put in its place.
  expect(await waitingCard?.evaluate((card) => card.isConnected)).toBe(true);
  // Scrolled to, it shows its chart.
  await foldE.scrollIntoViewIfNeeded();
  await expect(drawn('fold-e')).toBeInViewport();
  // And the first, now off screen, keeps its chart.
  await expect(drawn('fold-a')).toHaveCount(1);
});

test('a wall display reads every graph at once, those below its fold too', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'a wall display on a phone stacks its graphs');
  const { made, b, readsOf } = await stackedDashboard(page, request, 'wall');
  await page.goto(`/dashboard?board=${made.id}&kiosk=1`);
  await expect(page.getByTestId('kiosk')).toBeVisible();
  // The last graph, far below the fold, has read its device's history without being
  // scrolled to: a wall display's graphs do not wait to come near the screen.
  const last = page.locator('[data-graph="wall-e"]');
  await expect.poll(() => readsOf(b.id).length).toBeGreaterThan(0);
  await expect(last).not.toBeInViewport();
  await expect(last.locator('[data-waiting="near-screen"]')).toHaveCount(1);
  await last.scrollIntoViewIfNeeded();
  await expect(last.locator('[data-last-drawn]')).toBeInViewport();
});

test('a dialog hands the focus back to what opened it: a button, or the button of the menu whose item opened it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const { a } = await bylivCounters(request, token);
  const made = await createDashboard(request, token, {
    name: unique('Focus'),
    graphs: [lineGraph('focus-a', a.id, 'countIn')],
  });
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await openDashboard(page, made.id);
  // A graph's export button opens its dialog; closed, the button has the focus again.
  const exportButton = page
    .locator('[data-graph="focus-a"]')
    .getByRole('button', { name: /^(Eksportér data|Export data)$/ });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(exportButton).toBeFocused();
  // The dashboard's menu: its item is gone with the menu, so its button has the focus.
  const more = page.getByRole('button', { name: /^(Mere|More)$/ });
  await more.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: /^(Slet dashboard|Delete dashboard)$/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(more).toBeFocused();
});

test('closing the editor with unsaved changes asks first, and discarding keeps what was stored', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const { a } = await bylivCounters(request, token);
  const made = await createDashboard(request, token, {
    name: unique('E2E discard'),
    graphs: [lineGraph('kept', a.id, 'countIn')],
  });
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await openDashboard(page, made.id);
  await page.getByRole('button', { name: /^(Rediger|Edit)$/ }).click();
  await page.getByRole('button', { name: /^(Fjern|Remove) Line kept$/ }).click();
  await expect(page.locator('[data-graph-id]')).toHaveCount(0);
  const toolbar = page.getByRole('toolbar');
  await toolbar.getByRole('button', { name: /^(Luk|Close)$/ }).click();
  const ask = dialog(page);
  await expect(ask).toContainText(/(Kassér dine ændringer|Discard your changes)\?/);
  await ask.getByRole('button', { name: /^(Bliv ved med at redigere|Keep editing)$/ }).click();
  await expect(
    page.getByRole('button', { name: /^(Tilføj graf|Add graph)$/ }).first(),
  ).toBeVisible();
  await toolbar.getByRole('button', { name: /^(Luk|Close)$/ }).click();
  await dialog(page)
    .getByRole('button', { name: /^(Kassér|Discard)$/ })
    .click();
  await expect(page.locator('[data-graph="kept"]')).toHaveCount(1);
  expect((await readDashboard(request, token, made.id)).graphs).toHaveLength(1);
});

test('an old dashboard whose graphs lack a grid is repaired and saved, and says so', async ({
  page,
  request,
}) => {
  // A user of its own: every page that loads a user's dashboards repairs them all, so
  // another test's page signed in as the same user could repair this one first.
  const user = await englishUser(request, 'repair');
  const token = await apiToken(request, user.email, user.password);
  const { a, b } = await bylivCounters(request, token);
  await signIn(page, user.email, user.password);
  // The page sign-in lands on has read the dashboards (and made the starter one) before
  // the old one is made, so it is this test's own navigation that finds and repairs it.
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toBeVisible();
  const made = await createDashboard(request, token, {
    name: unique('E2E old'),
    graphs: [
      lineGraph('old-a', a.id, 'countIn', {}, null),
      lineGraph('old-b', b.id, 'countIn', {}, null),
    ],
  });
  expect(made.graphs.every((g) => g.grid === undefined)).toBe(true);
  // The snackbar shows for 3 s as the dashboards load, which can be before the page's load
  // event ends the navigation: it is looked for from before the navigation on. Loading,
  // repairing and saving first: on a busy machine that can take longer than 5 s.
  const repaired = snackbar(
    page,
    /(Gamle dashboards er repareret|Repaired old dashboards)/,
  ).waitFor({
    state: 'visible',
    timeout: 15_000,
  });
  await page.goto(`/dashboard?board=${made.id}`);
  await consoleStarted(page);
  await repaired;
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toHaveValue(made.id);
  await expect
    .poll(async () => (await readDashboard(request, token, made.id)).graphs.map((g) => g.grid))
    .toEqual([
      { i: 'old-a', x: 0, y: 0, w: 6, h: 12, minW: 4, minH: 12 },
      { i: 'old-b', x: 6, y: 0, w: 6, h: 12, minW: 4, minH: 12 },
    ]);
  await user.remove();
});

test('a dashboard exports as a JSON file that imports back as a new dashboard; a bad file changes nothing', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const { a } = await bylivCounters(request, token);
  const name = unique('E2E file');
  const made = await createDashboard(request, token, {
    name,
    graphs: [lineGraph('filed', a.id, 'temperature')],
  });
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await openDashboard(page, made.id);
  await page.getByRole('button', { name: /^(Mere|More)$/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /^(Eksportér dashboard|Export dashboard)$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^nordlys_e2e-file-[a-z0-9]+_\d{2}-\d{2}-\d{4}\.json$/);
  const exported = JSON.parse(await fs.readFile(await file.path(), 'utf8')) as {
    format: string;
    dashboard: { name: string; graphs: { id: string }[] };
  };
  expect(exported.format).toBe('nordlys.dashboard');
  expect(exported.dashboard.graphs.map((g) => g.id)).toEqual(['filed']);

  const before = (await (
    await request.get('/api/v2/dashboards', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as unknown[];
  const input = page.getByTestId('dashboard-import-file');
  await input.setInputFiles({
    name: 'not-a-dashboard.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ hello: 'world' })),
  });
  await expect(page.getByRole('alert')).toContainText(/not-a-dashboard\.json/);
  const after = (await (
    await request.get('/api/v2/dashboards', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as unknown[];
  expect(after).toHaveLength(before.length);

  const copy = { ...exported, dashboard: { ...exported.dashboard, name: `${name} copy` } };
  await input.setInputFiles({
    name: 'copy.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(copy)),
  });
  await expect(snackbar(page, /Dashboard (importeret|imported)/)).toBeVisible();
  const switcher = page.getByRole('combobox', { name: 'Dashboard' });
  await expect(switcher.locator('option:checked')).toHaveText(`${name} copy`);
  await expect(page.locator('[data-graph="filed"]')).toHaveCount(1);
});

test('the period menu sets one period for all graphs, the custom period through its dialog, and the URL keeps it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const { a } = await bylivCounters(request, token);
  const made = await createDashboard(request, token, {
    name: unique('E2E period'),
    graphs: [lineGraph('periodic', a.id, 'countIn')],
  });
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await openDashboard(page, made.id);
  await page
    .getByRole('button', { name: /^(Én periode for alle grafer|One period for all graphs)$/ })
    .click();
  await page.getByRole('button', { name: /(Seneste 7 dage|Last 7 days)/ }).click();
  await page.getByRole('menuitem', { name: /^(I går|Yesterday)$/ }).click();
  await expect(page).toHaveURL(/period=1/);
  await page.getByRole('button', { name: /(I går|Yesterday)/ }).click();
  await page.getByRole('menuitem', { name: /^(Valgfri periode|Custom period)/ }).click();
  const custom = dialog(page);
  await expect(custom).toBeVisible();
  const fromField = custom.getByLabel(/^(Fra|From)$/);
  await expect(fromField).toHaveValue(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  await custom.getByRole('button', { name: /^(Anvend|Apply)$/ }).click();
  await expect(custom).toBeHidden();
  await expect(page).toHaveURL(/period=6&from=\d+&to=\d+/);
  const url = page.url();
  await page.reload();
  await consoleStarted(page);
  await expect(page).toHaveURL(url);
  await expect(page.locator('[data-graph="periodic"]')).toHaveCount(1);
});

test('a value published over MQTT appears on a live graph without a reload; its tooltip shows on hover or tap, the legend thickens a line, and its exports hold what is drawn', async ({
  page,
  request,
}, testInfo) => {
  const token = await apiToken(request, demo.manager);
  const { a, b } = await bylivCounters(request, token);
  // Each project publishes as its own device: the server and its data outlive a project.
  const device = testInfo.project.name === 'mobile' ? b : a;
  const other = device === a ? b : a;
  if (!device.registry) throw new Error('the demo counter has no registry');
  const made = await createDashboard(request, token, {
    name: unique('E2E live'),
    graphs: [
      {
        id: 'live',
        name: 'Live temperature',
        description: null,
        type: 6,
        periodType: 1,
        period: { menuId: 8, timeType: 0, chartType: 3 },
        refresh: 0,
        dataSource: { type: 0, deviceId: null, dataKey: 'temperature', cf: 1 },
        deviceTypeId: device.deviceType?.id ?? null,
        deviceIds: [device.id, other.id],
        grid: { i: 'live', x: 0, y: 0, w: 12, h: 14, minW: 4, minH: 12 },
      },
    ],
  });
  const secret = await deviceToken(request, token, device.id);
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await openDashboard(page, made.id);
  const graph = page.locator('[data-graph="live"]');
  const chart = graph.locator('[data-window="sliding"]');

  const ts = Date.now();
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT}`, {
    clientId: `${device.id}-e2e-dash-${testInfo.project.name}`,
    username: String(device.id),
    password: secret,
    reconnectPeriod: 0,
  });
  try {
    await client.publishAsync(
      `registries/${device.registry.id}/devices/${device.id}/data`,
      JSON.stringify({ temperature: 21.5, ts }),
      { qos: 1 },
    );
  } finally {
    await client.endAsync();
  }
  // Drawn inside the plot, without a reload.
  await expect(chart).toHaveAttribute('data-last-drawn', String(ts));

  // The tooltip: hover (a mouse) or tap (a touch screen) at the point.
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart is not laid out');
  const canvas = await chart.locator('canvas').boundingBox();
  if (!canvas) throw new Error('the chart has no canvas');
  const x = canvas.x + canvas.width - 2;
  const y = canvas.y + canvas.height / 2;
  if (testInfo.project.name === 'mobile') await page.touchscreen.tap(x, y);
  else await page.mouse.move(x, y);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText(/21[,.]500/);

  // Pointing at a legend entry thickens that device's line.
  // (The legend comes after the tooltip's own list in the graph.)
  const legend = graph.getByRole('listitem').filter({ hasText: device.name }).last();
  await legend.hover();
  await expect(chart).toHaveAttribute('data-hover-id', /.+/);
  await page.mouse.move(0, 0);

  // The graph's exports hold what it draws.
  if (testInfo.project.name !== 'mobile') {
    await graph.getByRole('button', { name: /^(Eksportér data|Export data)$/ }).click();
    const exportDialog = dialog(page);
    const csvDownload = page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: 'CSV' }).click();
    const csv = await fs.readFile(await (await csvDownload).path(), 'utf8');
    expect(csv).toContain('21.5');
    const jsonDownload = page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: 'JSON' }).click();
    const json = JSON.parse(
      await fs.readFile(await (await jsonDownload).path(), 'utf8'),
    ) as unknown;
    expect(JSON.stringify(json)).toContain('21.5');
  }
});

test('a graph read through a cloud function draws what the function returns, and says so when it fails', async ({
  page,
  request,
}, testInfo) => {
  const token = await apiToken(request, demo.manager);
  const { a } = await bylivCounters(request, token);
  const makeFunction = async (name: string, code: string, dataType: 'average' | 'timeseries') => {
    const res = await request.post('/api/v2/cloudfunction', {
      headers: { authorization: `Bearer ${token}` },
      data: { name, type: 'function', code, dataType, orgUuid: a.org.uuid },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const suffix = `${testInfo.project.name} ${Date.now().toString(36)}`;
  // The week's readings go in; the function answers 42.5 when there were any.
  const counting = await makeFunction(
    `E2E half count ${suffix}`,
    'function main(input) { return input.points.length > 0 ? 42.5 : -1; }',
    'average',
  );
  const failing = await makeFunction(
    `E2E failing ${suffix}`,
    "function main() { throw new Error('sensor not calibrated'); }",
    'timeseries',
  );
  const viaFunction = (id: string, name: string, functionId: number): Graph => ({
    ...lineGraph(id, a.id, 'temperature', { menuId: 3, timeType: 2 }),
    type: 1,
    name,
    dataSource: { type: 2, deviceId: a.id, dataKey: 'temperature', cf: 1, functionId },
    grid: { i: id, x: id === 'fn-ok' ? 0 : 6, y: 0, w: 4, h: 12, minW: 4, minH: 12 },
  });
  const made = await createDashboard(request, token, {
    name: unique('E2E functions'),
    graphs: [
      viaFunction('fn-ok', 'Through a function', counting),
      viaFunction('fn-bad', 'Through a failing function', failing),
    ],
  });
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await openDashboard(page, made.id);
  await expect(page.locator('[data-graph="fn-ok"]').getByTestId('card-gauge')).toContainText(
    /42[,.]5/,
  );
  await expect(page.locator('[data-graph="fn-bad"]')).toContainText('sensor not calibrated');
});

/** For what waits on maps drawing: without a GPU, their WebGL starts slowly. */
const mapsExpect = expect.configure({ timeout: 15_000 });

test('a dashboard with a map and a map chart, made in the editor, saves and draws both again after a reload', async ({
  page,
  request,
}) => {
  test.slow();
  const token = await apiToken(request, demo.manager);
  const { a, b } = await bylivCounters(request, token);
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toBeVisible();
  const name = unique('E2E maps');
  await page.getByRole('button', { name: /^(Nyt dashboard|New dashboard)$/ }).click();
  await dialog(page)
    .getByLabel(/^(Navn|Name)$/)
    .fill(name);
  await dialog(page)
    .getByRole('button', { name: /^(Opret|Create)$/ })
    .click();
  await expect(snackbar(page, /Dashboard (oprettet|created)/)).toBeVisible();

  await addGraph(page, /^(Kort|Map)$/, 'Where Strøget counts', async (editor) => {
    await editor.getByLabel(/^(Find en enhed|Find a device)$/).fill('Strøget');
    await editor.getByRole('checkbox', { name: a.name }).check();
    await editor.getByRole('checkbox', { name: b.name }).check();
  });
  await addGraph(page, /^(Kortdiagram|Map chart)$/, 'People in, by place', async (editor) => {
    await chooseDevice(editor, a);
    await chooseKey(editor, 'countIn');
  });
  await page
    .getByRole('toolbar')
    .getByRole('button', { name: /^(Gem|Save)$/ })
    .click();
  // Two maps starting WebGL on a machine without a GPU keep the page busy for seconds.
  await mapsExpect(snackbar(page, /Dashboard (gemt|saved)/)).toBeVisible();
  const boardId = new URL(page.url()).searchParams.get('board');
  if (!boardId) throw new Error('the URL names no dashboard');
  const saved = await readDashboard(request, token, boardId);
  expect(saved.graphs.map((g) => g.type).sort()).toEqual([5, 7]);
  const map = saved.graphs.find((g) => g.type === 5);
  expect(map && 'deviceIds' in map ? [...map.deviceIds].sort() : []).toEqual([a.id, b.id].sort());
  const chart = saved.graphs.find((g) => g.type === 7);
  expect(chart).toMatchObject({
    deviceId: a.id,
    dataSource: { deviceId: a.id, dataKey: 'countIn' },
  });
  // The map chart's default size (spec §3: w6 h18).
  expect(chart?.grid).toMatchObject({ w: 6, h: 18 });

  await page.reload();
  await consoleStarted(page);
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toHaveValue(boardId);
  for (const title of ['Where Strøget counts', 'People in, by place']) {
    const graph = page.locator('[data-graph]').filter({ hasText: title });
    await graph.scrollIntoViewIfNeeded();
    await mapsExpect(
      graph
        .getByRole('region', { name: new RegExp(`^(Kort over|Map of) ${title}$`) })
        .last()
        .locator('canvas')
        .first(),
    ).toBeVisible();
  }
  // The map draws the two chosen devices; the map chart has its legend.
  await expect(
    page
      .locator('[data-graph]')
      .filter({ hasText: 'Where Strøget counts' })
      .locator('[data-map-summary]'),
  ).toHaveText(/^2 (enheder på kortet|devices on the map)/);
  await expect(
    page
      .locator('[data-graph]')
      .filter({ hasText: 'People in, by place' })
      .getByLabel(/^(Forklaring|Legend)$/),
  ).toBeVisible();
});
