import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Dashboard, Graph } from '../../contracts/dashboard.ts';
import { openMeteoHour, placeDayKey } from '../helpers/open-meteo-server.ts';
import { createDashboard, lineGraph } from './dashboard-fixtures.ts';
import { acceptCookies, apiToken, consoleStarted, demo, scrolledTo, signIn } from './helpers.ts';

/**
 * Chart context (spec §1, §7, §9): a chart's tooltip tells the weather at
 * the device's place and the day's holidays; the dashboard home's calendar
 * says what comes up. The weather comes from a local server speaking
 * Open-Meteo's format (playwright.config.ts), which the tests can take down
 * and ask how often it was called.
 */

const weather = `http://127.0.0.1:${process.env.E2E_WEATHER_PORT}`;

/** The upstream weather calls so far for one place (as the server rounds it) and day. */
async function weatherCalls(request: APIRequestContext, place: Place, day: string) {
  const res = await request.get(`${weather}/control/calls`);
  expect(res.ok()).toBe(true);
  const { byPlaceDay } = (await res.json()) as { byPlaceDay: Record<string, number> };
  const [lat, lng] = [place.lat, place.lng].map((c) => Math.round(c * 100) / 100);
  return byPlaceDay[placeDayKey(lat ?? 0, lng ?? 0, day)] ?? 0;
}

interface Place {
  lat: number;
  lng: number;
}

const COPENHAGEN: Place = { lat: 55.6786, lng: 12.5794 };

/**
 * A place in Jutland no earlier run has asked the weather of (the database
 * keeps weather for good): a hundredth of a degree is its own place.
 */
function freshPlace(): Place {
  const phone = test.info().project.name === 'mobile';
  const cell = Math.floor(Math.random() * 150 * 300);
  return {
    lat: (phone ? 56.0 : 54.5) + Math.floor(cell / 300) / 100 + 0.001,
    lng: 8.2 + (cell % 300) / 100 + 0.001,
  };
}

/**
 * What the weather line of a day-long point says: the stand-in's weather at
 * noon in Copenhagen time (11:00 UTC in winter), in Danish.
 */
function noonWeather(place: Place, day: string): RegExp {
  const [lat, lng] = [place.lat, place.lng].map((c) => Math.round(c * 100) / 100);
  const hour = openMeteoHour(lat ?? 0, lng ?? 0, `${day}T11:00`);
  const number = (value: number, decimals: number) =>
    new Intl.NumberFormat('da-DK', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    })
      .format(value)
      .replace(/\./g, '\\.');
  const wind = Math.round((hour.wind_speed_10m / 3.6) * 10) / 10;
  return new RegExp(
    `${number(hour.temperature_2m, 1)}\\s°C, vind ${number(wind, 1)}\\sm/s, ` +
      `luftfugtighed ${number(hour.relative_humidity_2m, 0)}\\s%, ${number(hour.surface_pressure, 0)}\\shPa`,
  );
}

async function weatherMode(request: APIRequestContext, mode: 'ok' | 'down') {
  const res = await request.post(`${weather}/control/mode?mode=${mode}`);
  expect(res.ok()).toBe(true);
}

const unique = (name: string) => `${name} ${test.info().project.name} ${Date.now()}`;

/** What a test made, removed after it: other specs count the demo organisation's devices. */
const cleanups: (() => Promise<unknown>)[] = [];

test.afterEach(async () => {
  for (const remove of cleanups.splice(0).reverse()) await remove();
});

/**
 * A calibrated people counter of the manager's organisation (in Copenhagen
 * unless told), with a count for every day of December 2025 (removed after
 * the test).
 */
async function decemberCounter(
  request: APIRequestContext,
  token: string,
  place: Place = COPENHAGEN,
) {
  const headers = { authorization: `Bearer ${token}` };
  const create = async (path: string, data: object, removePath?: (id: number) => string) => {
    const res = await request.post(path, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    const body = (await res.json()) as { id: number; token?: string };
    if (removePath) cleanups.push(() => request.delete(removePath(body.id), { headers }));
    return body;
  };
  const name = unique('Juletæller');
  const registry = await create(
    '/api/v2/registry',
    { name: `${name} register`, protocol: 'http' },
    (id) => `/api/v2/registry/${id}`,
  );
  const deviceType = await create(
    '/api/v2/devicetype',
    {
      name: `${name} type`,
      structure: [{ key: 'countIn', name: 'Personer ind', type: 'value', value: '' }],
    },
    (id) => `/api/v2/devicetype/${id}`,
  );
  // Its messages go with it.
  const device = await create(
    '/api/v2/device',
    {
      name,
      registryId: registry.id,
      deviceTypeId: deviceType.id,
      lat: place.lat,
      lng: place.lng,
      calibrated: true,
      calibration: { type: 'count', value: 200 },
    },
    (id) => `/api/v2/device/${id}`,
  );
  const deviceToken = await create('/api/generateToken', {
    label: `${name} token`,
    type: 'device',
    reference: device.id,
  });
  const days = Array.from({ length: 31 }, (_, i) => ({
    countIn: 400 + ((i * 37) % 150),
    time: `2025-12-${String(i + 1).padStart(2, '0')}T11:00:00Z`,
  }));
  const ingested = await request.post(`/api/v1/ingest/${registry.id}/${device.id}`, {
    headers: { authorization: `Bearer ${deviceToken.token}` },
    data: days,
  });
  expect(ingested.ok(), await ingested.text()).toBe(true);
  return device.id;
}

/** A line graph of the device's count over December 2025, a point a day. */
function decemberGraph(id: string, deviceId: number, grid: { x: number; y: number }): Graph {
  return lineGraph(
    id,
    deviceId,
    'countIn',
    {
      menuId: 6,
      timeType: 2,
      chartType: 3,
      from: '2025-12-01T00:00:00+01:00',
      to: '2026-01-01T00:00:00+01:00',
    },
    grid,
  );
}

/** The December chart's axis: 1 December 2025 to 1 January 2026, Copenhagen time. */
const DECEMBER = {
  from: Date.parse('2025-12-01T00:00:00+01:00'),
  to: Date.parse('2026-01-01T00:00:00+01:00'),
};

/**
 * Points at the afternoon of `day` (DD/MM/YYYY in December 2025) on the
 * December chart, a few pixels either way until its tooltip's title names
 * that day, and gives back the tooltip.
 */
async function pointAtDay(page: Page, chart: Locator, day: string): Promise<Locator> {
  const canvas = await chart.locator('canvas').boundingBox();
  if (!canvas) throw new Error('the chart has no canvas');
  const tooltip = chart.getByRole('tooltip');
  const touch = test.info().project.name === 'mobile';
  const [date = 1] = day.split('/').map(Number);
  const at = Date.parse(`2025-12-${String(date).padStart(2, '0')}T14:00:00+01:00`);
  const x0 = canvas.x + (canvas.width * (at - DECEMBER.from)) / (DECEMBER.to - DECEMBER.from);
  const y = canvas.y + canvas.height / 2;
  for (const offset of [0, -3, 3, -6, 6, -9, 9, -12, 12]) {
    const x = Math.min(canvas.x + canvas.width - 1, Math.max(canvas.x + 1, x0 + offset));
    if (touch) await page.touchscreen.tap(x, y);
    else await page.mouse.move(x, y);
    const title = await tooltip
      .locator('strong')
      .textContent({ timeout: 2_000 })
      .catch(() => null);
    if (title?.startsWith(day)) return tooltip;
  }
  throw new Error(`no point of ${day} on the chart`);
}

async function openDashboard(page: Page, made: Dashboard) {
  await page.goto(`/dashboard?board=${made.id}`);
  await consoleStarted(page);
  await expect(page.getByRole('combobox', { name: 'Dashboard' })).toHaveValue(made.id);
}

// The provider is taken down by one test and must be up again for the next.
test.afterEach(async ({ request }) => {
  if (test.info().title.includes('weather provider down')) await weatherMode(request, 'ok');
});

test("hovering a December day on a month's people-count chart shows that day's weather and the holiday", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const deviceId = await decemberCounter(request, token);
  const made = await createDashboard(request, token, {
    name: unique('Jul'),
    graphs: [decemberGraph('jul-a', deviceId, { x: 0, y: 0 })],
  });
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await openDashboard(page, made);
  const chart = page.locator('[data-graph-id="jul-a"] [data-last-drawn]');
  await expect(chart).toHaveCount(1);

  // 25 December: the count, the weather in Copenhagen that day and the holiday.
  const christmas = await pointAtDay(page, chart, '25/12/2025');
  await expect(christmas.locator('li')).toContainText(/\d/);
  await expect(christmas.locator('[data-weather]:not([data-weather="loading"])')).toHaveCount(1);
  // A day-long point tells the day's weather at noon, Copenhagen time.
  await expect(christmas).toContainText(noonWeather(COPENHAGEN, '2025-12-25'));
  await expect(christmas.locator('[data-day="holiday"]')).toContainText(/juledag/i);

  // An ordinary Wednesday: its own weather, no holiday.
  const wednesday = await pointAtDay(page, chart, '10/12/2025');
  await expect(wednesday.locator('[data-weather]:not([data-weather="loading"])')).toHaveCount(1);
  await expect(wednesday).toContainText(noonWeather(COPENHAGEN, '2025-12-10'));
  await expect(wednesday.locator('[data-day="holiday"]')).toHaveCount(0);
});

test('with the weather provider down, charts and tooltips work and nothing shows as an error', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const deviceId = await decemberCounter(request, token);
  const made = await createDashboard(request, token, {
    name: unique('Uden vejr'),
    graphs: [decemberGraph('down-a', deviceId, { x: 0, y: 0 })],
  });
  await weatherMode(request, 'down');
  await signIn(page, demo.manager);
  await acceptCookies(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openDashboard(page, made);
  const chart = page.locator('[data-graph-id="down-a"] [data-last-drawn]');
  await expect(chart).toHaveCount(1);
  // A day whose weather nobody has asked for yet: the provider is asked and fails.
  const day = await pointAtDay(page, chart, '26/12/2025');
  await expect(day.locator('li')).toContainText(/\d/);
  await expect(day.locator('[data-day="holiday"]')).toHaveCount(1);
  await expect(day.locator('[data-weather]')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('[data-graph-id="down-a"]')).not.toContainText(
    /fejl|error|kunne ikke/i,
  );
  expect(errors).toEqual([]);
});

test('a dashboard of 24 graphs over one place asks the provider once per day shown', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, demo.manager);
  // A place nobody has asked the weather of, so every call it makes is this test's.
  const place = freshPlace();
  const deviceId = await decemberCounter(request, token, place);
  const ids = Array.from({ length: 24 }, (_, i) => `many-${i}`);
  const made = await createDashboard(request, token, {
    name: unique('Mange'),
    graphs: ids.map((id, i) => decemberGraph(id, deviceId, { x: (i % 2) * 6, y: 12 * i })),
  });
  /** Points at `day` on each graph in turn and sees that day's weather there. */
  const pointAtEach = async (on: Page, graphs: string[], day: string) => {
    const [dd, mm, yyyy] = day.split('/');
    for (const id of graphs) {
      const graph = on.locator(`[data-graph-id="${id}"]`);
      await graph.scrollIntoViewIfNeeded();
      const chart = graph.locator('[data-last-drawn]');
      await expect(chart).toHaveCount(1);
      const tooltip = await pointAtDay(on, chart, day);
      await expect(tooltip).toContainText(noonWeather(place, `${yyyy}-${mm}-${dd}`));
    }
  };
  await signIn(page, demo.manager);
  await acceptCookies(page);
  await openDashboard(page, made);
  // Every graph on one day, a few on another.
  await pointAtEach(page, ids, '19/12/2025');
  await pointAtEach(page, ids.slice(0, 4), '09/12/2025');
  // A second screen (another browser, its own cache) shows the same days: the server's
  // kept weather answers it.
  const wall = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    hasTouch: test.info().project.name === 'mobile',
    locale: 'da-DK',
  });
  try {
    const other = await wall.newPage();
    await signIn(other, demo.manager);
    await acceptCookies(other);
    await openDashboard(other, made);
    await pointAtEach(other, ids.slice(20), '19/12/2025');
    await pointAtEach(other, ids.slice(0, 2), '09/12/2025');
  } finally {
    await wall.close();
  }
  expect(await weatherCalls(request, place, '2025-12-19')).toBe(1);
  expect(await weatherCalls(request, place, '2025-12-09')).toBe(1);
});

test('a colleague whose birthday is tomorrow shows on the home calendar as "tomorrow"', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, demo.manager);
  const headers = { authorization: `Bearer ${token}` };
  const me = await request.get('/api/auth/user', { headers });
  const { org } = (await me.json()) as { org: { uuid: string } };
  const lastName = `Fødselar ${test.info().project.name} ${Date.now()}`;
  const user = await request.post('/api/entity/user', {
    headers,
    data: {
      email: `birthday.${Date.now()}@nordlys.example`,
      orgUuid: org.uuid,
      firstName: 'Birte',
      lastName,
      birthday: '1990-12-10',
    },
  });
  expect(user.status(), await user.text()).toBe(201);
  const { uuid } = (await user.json()) as { uuid: string };
  cleanups.push(() => request.delete(`/api/entity/user/${uuid}`, { headers }));
  // The page's clock: the day before her birthday.
  await page.clock.setFixedTime(new Date('2026-12-09T10:00:00'));
  await signIn(page, demo.manager);
  await acceptCookies(page);
  const calendar = page.getByRole('region', { name: /^(Kalender|Calendar)$/ });
  const birthday = calendar.getByRole('listitem').filter({ hasText: lastName });
  await scrolledTo(page, calendar);
  await expect(birthday).toContainText('i morgen');
  await expect(birthday).toContainText(`Fødselsdag: Birte ${lastName}`);
  // The month shows December 2026, weeks starting on Monday, the day marked.
  await expect(calendar.getByRole('columnheader').first()).toHaveAttribute('abbr', 'mandag');
  await expect(calendar.locator('td[data-date="2026-12-10"] [title]')).toHaveAttribute(
    'title',
    new RegExp(lastName),
  );
  // A holiday further away says its date.
  await expect(
    calendar
      .getByRole('listitem')
      .filter({ hasText: /juledag/i })
      .first(),
  ).toContainText(/december/);
});
