import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptCookies, apiToken, consoleStarted, demo, signIn } from './helpers.ts';

// Every route of the console, in both projects' widths, checked by axe against WCAG 2.1 A and
// AA. A test fails on any serious or critical finding and names the rule, the route and the
// elements. Each test makes its own organisation, user and device world through the API.
test.describe.configure({ timeout: 240_000 });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One visit: the route as the router names it, and the address that shows it. */
interface Visit {
  route: string;
  path: string;
  /** Where the route sends the browser, when it is a redirect. */
  landsOn?: RegExp;
}

interface World {
  headers: { authorization: string };
  orgUuid: string;
  userUuid: string;
  userEmail: string;
  registryId: number;
  deviceTypeId: number;
  deviceId: number;
  functionId: number;
  tokenId: number;
}

const stamp = () => `${test.info().project.name} ${Date.now()}`;

async function created(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; uuid: string };
}

/** An organisation below the manager's with a user, a registry, a device type, a device with data, a cloud function and a token. */
async function seed(request: APIRequestContext): Promise<World> {
  const headers = { authorization: `Bearer ${await apiToken(request, demo.manager)}` };
  const me = (await (await request.get('/api/auth/user', { headers })).json()) as {
    org: { uuid: string };
  };
  const name = `Tilgængelighed ${stamp()}`;
  const org = await created(
    await request.post('/api/entity/organisation', {
      headers,
      data: {
        name,
        parentUuid: me.org.uuid,
        address: 'Nørrebrogade 1',
        zip: '2200',
        city: 'København N',
        country: 'Denmark',
        phone: '89 40 20 00',
      },
    }),
  );
  const userEmail = `axe.${test.info().project.name}.${Date.now()}@nordlys.example`;
  const user = await created(
    await request.post('/api/entity/user', {
      headers,
      data: {
        email: userEmail,
        orgUuid: org.uuid,
        firstName: 'Alma',
        lastName: 'Axe',
      },
    }),
  );
  const registry = await created(
    await request.post('/api/v2/registry', {
      headers,
      data: { name: `${name} register`, protocol: 'http', orgUuid: org.uuid },
    }),
  );
  const cloudFunction = await created(
    await request.post('/api/v2/cloudfunction', {
      headers,
      data: {
        name: `${name} funktion`,
        type: 'function',
        code: 'function main(input) { return input; }',
        orgUuid: org.uuid,
      },
    }),
  );
  const deviceType = await created(
    await request.post('/api/v2/devicetype', {
      headers,
      data: {
        name: `${name} type`,
        orgUuid: org.uuid,
        structure: [
          { key: 'temperature', name: 'Temperatur', type: 'value', value: '°C' },
          { key: 'humidity', name: 'Luftfugtighed', type: 'value', value: '%' },
        ],
      },
    }),
  );
  const device = await created(
    await request.post('/api/v2/device', {
      headers,
      data: {
        name: `${name} enhed`,
        orgUuid: org.uuid,
        registryId: registry.id,
        deviceTypeId: deviceType.id,
        address: 'Nørrebrogade 1, 2200 København N',
        lat: 55.6867,
        lng: 12.5567,
        metadata: { etage: '2' },
      },
    }),
  );
  const token = await request.post('/api/generateToken', {
    headers,
    data: { label: `${name} token`, type: 'device', reference: device.id },
  });
  expect(token.status()).toBe(201);
  const madeToken = (await token.json()) as { id: number; token: string };
  for (const [minutesAgo, temperature] of [
    [30, 20.5],
    [20, 21.25],
    [10, 21.75],
  ] as const) {
    const ingested = await request.post(`/api/v1/ingest/${registry.id}/${device.id}`, {
      headers: { authorization: `Bearer ${madeToken.token}` },
      data: { temperature, time: new Date(Date.now() - minutesAgo * 60_000).toISOString() },
    });
    expect(ingested.ok(), await ingested.text()).toBe(true);
  }
  return {
    headers,
    orgUuid: org.uuid,
    userUuid: user.uuid,
    userEmail,
    registryId: registry.id,
    deviceTypeId: deviceType.id,
    deviceId: device.id,
    functionId: cloudFunction.id,
    tokenId: madeToken.id,
  };
}

async function cleanUp(request: APIRequestContext, world: World) {
  const { headers } = world;
  await request.post(`/api/deletetoken/${world.tokenId}`, { headers, data: {} });
  await request.delete(`/api/v2/device/${world.deviceId}`, { headers });
  await request.delete(`/api/v2/devicetype/${world.deviceTypeId}`, { headers });
  await request.delete(`/api/v2/cloudfunction/${world.functionId}`, { headers });
  await request.delete(`/api/v2/registry/${world.registryId}`, { headers });
  await request.delete(`/api/entity/user/${world.userUuid}`, { headers });
  await request.delete(`/api/entity/organisation/${world.orgUuid}`, { headers });
}

/** Waits for the page to have drawn its content: the main landmark, and no loading message left. */
async function settle(page: Page) {
  // The console's page, not the sign-in page's first screen the server sent before it.
  await consoleStarted(page);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^(Indlæser…|Loading…)$/)).toHaveCount(0, { timeout: 30_000 });
}

/** An element axe flagged and, after axe's "fix any of the following" line, why. */
const flagged = (node: { target: unknown[]; failureSummary?: string }) =>
  [node.target.join(' '), ...(node.failureSummary ?? '').split('\n').slice(1)]
    .map((line) => line.trim())
    .join(' — ');

/** The serious and critical findings on the page, one readable entry each. */
async function findings(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    // Off by default in axe (it is marked experimental), but it is WCAG 2.1 A (2.5.3).
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(TAGS)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.map(flagged).join('\n    ')}`,
    );
}

/** Visits each route in turn and fails once, naming every finding on every route. */
async function checkRoutes(page: Page, visits: Visit[], theme = 'light') {
  const found: string[] = [];
  for (const visit of visits) {
    await page.goto(visit.path);
    const pathname = visit.path.split('?')[0] ?? visit.path;
    await expect
      .poll(() => new URL(page.url()).pathname, { message: `${visit.path} shows its page` })
      .toMatch(visit.landsOn ?? new RegExp(`^${pathname}$`));
    await settle(page);
    found.push(...(await findings(page, `${visit.path} (${theme})`)));
  }
  expect(found, `axe findings:\n${found.join('\n')}`).toEqual([]);
}

function publicVisits(): Visit[] {
  return [
    { route: '/login', path: '/login' },
    { route: '/login/callback', path: '/login/callback' },
    { route: '/password/reset/$lang/{-$token}', path: '/password/reset/da' },
    { route: '/password/reset/$lang/{-$token}', path: '/password/reset/da/e2e-no-such-token' },
    { route: '/password/confirm/$lang/$token', path: '/password/confirm/da/e2e-no-such-token' },
    { route: '/privacy-policy', path: '/privacy-policy' },
    { route: '/cookie-policy', path: '/cookie-policy' },
    { route: '/terms', path: '/terms' },
    { route: '/', path: '/', landsOn: /^\/login$/ },
  ];
}

function listVisits(): Visit[] {
  return [
    { route: '/dashboard', path: '/dashboard' },
    { route: '/favorites', path: '/favorites' },
    { route: '/registries', path: '/registries' },
    { route: '/devicetypes', path: '/devicetypes' },
    { route: '/sensors', path: '/sensors' },
    { route: '/sensors', path: '/sensors?view=cards' },
    { route: '/functions', path: '/functions' },
    { route: '/api', path: '/api' },
    { route: '/management', path: '/management', landsOn: /^\/users$/ },
    { route: '/users', path: '/users' },
    { route: '/orgs', path: '/orgs' },
    { route: '/messages', path: '/messages' },
    { route: '/collections', path: '/collections' },
    { route: '/projects', path: '/projects' },
    { route: '/onsite-setup', path: '/onsite-setup' },
    { route: '/december', path: '/december' },
    { route: '/settings', path: '/settings' },
    { route: '/404', path: '/404' },
    { route: '/$', path: '/no-such-page', landsOn: /^\/404$/ },
    { route: '/', path: '/', landsOn: /^\/dashboard$/ },
  ];
}

function formVisits(): Visit[] {
  return [
    { route: '/registries/new', path: '/registries/new' },
    { route: '/devicetypes/new', path: '/devicetypes/new' },
    { route: '/sensors/new', path: '/sensors/new' },
    { route: '/functions/new', path: '/functions/new' },
    { route: '/collections/new', path: '/collections/new' },
    { route: '/projects/new', path: '/projects/new' },
    { route: '/management/org/new', path: '/management/org/new' },
    { route: '/management/user/new', path: '/management/user/new' },
  ];
}

function detailVisits(w: World): Visit[] {
  return [
    { route: '/registry/$id', path: `/registry/${w.registryId}` },
    { route: '/registry/$id/edit', path: `/registry/${w.registryId}/edit` },
    { route: '/devicetype/$id', path: `/devicetype/${w.deviceTypeId}` },
    { route: '/devicetype/$id/edit', path: `/devicetype/${w.deviceTypeId}/edit` },
    { route: '/function/$id', path: `/function/${w.functionId}` },
    { route: '/function/$id/edit', path: `/function/${w.functionId}/edit` },
    { route: '/project/$id', path: '/project/1' },
    { route: '/project/$id/edit', path: '/project/1/edit' },
    { route: '/collection/$id', path: '/collection/1' },
    { route: '/collection/$id/edit', path: '/collection/1/edit' },
    {
      route: '/device/$id',
      path: `/device/${w.deviceId}`,
      landsOn: new RegExp(`^/sensor/${w.deviceId}$`),
    },
  ];
}

function deviceVisits(w: World): Visit[] {
  const tabs = [
    'data',
    'firmware',
    'functions',
    'hardware',
    'log',
    'map',
    'metadata',
    'mqtt',
    'pictures',
    'edit',
  ];
  return [
    { route: '/sensor/$id', path: `/sensor/${w.deviceId}` },
    { route: '/sensor/$id/', path: `/sensor/${w.deviceId}` },
    ...tabs.map((tab) => ({ route: `/sensor/$id/${tab}`, path: `/sensor/${w.deviceId}/${tab}` })),
  ];
}

function managementVisits(w: World): Visit[] {
  const org = `/management/org/${w.orgUuid}`;
  const user = `/management/user/${w.userUuid}`;
  return [
    { route: '/management/org/$id', path: org },
    { route: '/management/org/$id/', path: org },
    { route: '/management/org/$id/devices', path: `${org}/devices` },
    { route: '/management/org/$id/metadata', path: `${org}/metadata` },
    { route: '/management/org/$id/suborgs', path: `${org}/suborgs` },
    { route: '/management/org/$id/users', path: `${org}/users` },
    { route: '/management/org/$id/edit', path: `${org}/edit` },
    { route: '/management/user/$id', path: user },
    { route: '/management/user/$id/', path: user },
    { route: '/management/user/$id/access', path: `${user}/access` },
    { route: '/management/user/$id/favourites', path: `${user}/favourites` },
    { route: '/management/user/$id/edit', path: `${user}/edit` },
  ];
}

const superVisits: Visit[] = [{ route: '/settings/branding', path: '/settings/branding' }];

/** The same visit twice is one page load and one axe run. */
const once = (visits: Visit[]) =>
  visits.filter((v, i) => visits.findIndex((other) => other.path === v.path) === i);

test('the visits cover every route of the router', () => {
  const tree = fs.readFileSync('src/routeTree.gen.ts', 'utf8');
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1] ?? '';
  const routes = [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]);
  expect(routes.length).toBeGreaterThan(50);
  const placeholder = {
    headers: { authorization: '' },
    orgUuid: 'o',
    userUuid: 'u',
    userEmail: 'e',
    registryId: 1,
    deviceTypeId: 1,
    deviceId: 1,
    functionId: 1,
    tokenId: 1,
  };
  const visited = new Set(
    [
      ...publicVisits(),
      ...listVisits(),
      ...formVisits(),
      ...detailVisits(placeholder),
      ...deviceVisits(placeholder),
      ...managementVisits(placeholder),
      ...superVisits,
    ].map((v) => v.route),
  );
  expect(routes.filter((route) => !visited.has(route ?? ''))).toEqual([]);
});

test.describe('no serious accessibility findings', () => {
  test.describe.configure({ mode: 'parallel' });
  let world: World;
  test.beforeAll(async ({ request }) => {
    world = await seed(request);
  });
  test.afterAll(async ({ request }) => {
    if (world) await cleanUp(request, world);
  });

  test('public pages, light and dark', async ({ page }) => {
    await checkRoutes(page, once(publicVisits()));
    await page.emulateMedia({ colorScheme: 'dark' });
    await checkRoutes(page, [{ route: '/login', path: '/login' }], 'dark');
  });

  test('dashboard home, lists, settings and the 404 page', async ({ page }) => {
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await checkRoutes(page, once(listVisits()));
    // Menus open as well as closed: the user menu named in the issue and a list's menu.
    const found: string[] = [];
    for (const [path, button] of [
      ['/dashboard', /brugermenu$/],
      ['/sensors', /^Gemte filtre$/],
    ] as const) {
      await page.goto(path);
      await settle(page);
      await page.getByRole('button', { name: button }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      found.push(...(await findings(page, `${path}, menu ${String(button)} open`)));
      await page.keyboard.press('Escape');
    }
    expect(found, `axe findings:\n${found.join('\n')}`).toEqual([]);
  });

  test('new-entity forms', async ({ page }) => {
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await checkRoutes(page, formVisits());
  });

  test('registry, device type, cloud function, project and collection pages', async ({ page }) => {
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await checkRoutes(page, detailVisits(world));
  });

  test('every tab of a device', async ({ page }) => {
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await checkRoutes(page, once(deviceVisits(world)));
  });

  test('every tab of an organisation and a user', async ({ page }) => {
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await checkRoutes(page, once(managementVisits(world)));
  });

  test('branding settings', async ({ page }) => {
    await signIn(page, demo.super);
    await acceptCookies(page);
    await checkRoutes(page, superVisits);
  });

  test('dark theme: dashboard, lists, a device and settings', async ({ page, request }) => {
    const password = 'axe-dark-theme-password';
    const set = await request.post(`/api/entity/user/${world.userUuid}/setpassword`, {
      headers: world.headers,
      data: { newPassword: password },
    });
    expect(set.ok()).toBe(true);
    const own = { authorization: `Bearer ${await apiToken(request, world.userEmail, password)}` };
    const settings = await request.put(`/api/entity/user/${world.userUuid}/internal`, {
      headers: own,
      data: { settings: { theme: 1, cookies: true } },
    });
    expect(settings.ok()).toBe(true);
    await signIn(page, world.userEmail, password);
    await checkRoutes(
      page,
      [
        { route: '/dashboard', path: '/dashboard' },
        { route: '/sensors', path: '/sensors' },
        { route: '/sensor/$id', path: `/sensor/${world.deviceId}` },
        { route: '/sensor/$id/data', path: `/sensor/${world.deviceId}/data` },
        { route: '/registries', path: '/registries' },
        { route: '/management/user/$id', path: `/management/user/${world.userUuid}` },
        { route: '/settings', path: '/settings' },
        { route: '/404', path: '/404' },
      ],
      'dark',
    );
  });
});
