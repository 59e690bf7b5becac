import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createDashboard } from './dashboard-fixtures.ts';
import { acceptCookies, apiToken, consoleStarted, demo, signIn } from './helpers.ts';
import { mqttDevices, publish, type MqttDevice } from './mqtt-devices.ts';
import { statusFeedFollowed } from './status-feed.ts';

type Rgb = [number, number, number];

/** The colour of the screen at a point of `box` (CSS pixels), as drawn: WebGL included. */
async function colourAt(page: Page, box: Locator, x: number, y: number): Promise<Rgb> {
  const frame = await box.boundingBox();
  if (!frame) throw new Error('the map is not on screen');
  const shot = await page.screenshot({
    clip: { x: frame.x + x - 1, y: frame.y + y - 1, width: 3, height: 3 },
    scale: 'css',
  });
  return page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(image, 0, 0);
    const [r = 0, g = 0, b = 0] = context.getImageData(1, 1, 1, 1).data;
    return [r, g, b] as [number, number, number];
  }, shot.toString('base64'));
}

const hex = (colour: string): Rgb => {
  const n = Number.parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const near = (a: Rgb, b: Rgb, tolerance = 14) =>
  a.every((c, i) => Math.abs(c - (b[i] ?? 0)) <= tolerance);

/** The water of each theme (src/maps/themes.ts): a map at sea shows only it. */
const water = [
  '#aad3df',
  '#d4dde2',
  '#181c22',
  '#0d2c4c',
  '#9cc7df',
  '#0e1626',
  '#b9d3c2',
  '#c9c9c9',
].map(hex);

/** The map of the device list, or of a tab. */
const mapRegion = (page: Page, name: RegExp) => page.getByRole('region', { name }).last();

/** A calibrated MQTT device at a place of the test's own, removed afterwards. */
async function placedDevice(
  request: APIRequestContext,
  name: string,
  place: { lat: number; lng: number },
  run: (device: MqttDevice) => Promise<void>,
) {
  const devices = await mqttDevices(request);
  try {
    const device = await devices.make(name);
    const placed = await request.put('/api/v2/device', {
      headers: devices.headers,
      data: { id: device.id, calibrated: true, lat: place.lat, lng: place.lng },
    });
    expect(placed.status()).toBe(200);
    await run(device);
  } finally {
    await devices.removeAll();
  }
}

/** The colour in the middle of a map (where a map of one device has its mark), as it is now. */
async function middleColour(page: Page, canvas: Locator): Promise<Rgb> {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the map has no canvas');
  return colourAt(page, canvas, box.width / 2, box.height / 2);
}

/** A device's map mark sits in the middle of a map of it alone. */
async function hoverMiddle(page: Page, map: Locator) {
  await map.scrollIntoViewIfNeeded();
  const frame = await map.locator('canvas').first().boundingBox();
  if (!frame) throw new Error('the map has no canvas');
  await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
  return frame;
}

async function setMapTheme(request: APIRequestContext, email: string, mapTheme: number) {
  const headers = { authorization: `Bearer ${await apiToken(request, email)}` };
  const me = (await (await request.get('/api/auth/user', { headers })).json()) as {
    uuid: string;
    internal?: { settings?: Record<string, unknown> };
  };
  const settings = { ...me.internal?.settings, mapTheme };
  const saved = await request.put(`/api/entity/user/${me.uuid}/internal`, {
    headers,
    data: { settings },
  });
  expect(saved.ok()).toBe(true);
}

test('the device map shows the demo devices in Copenhagen and Aarhus, on a basemap drawn without the internet', async ({
  page,
}) => {
  // The map's libraries come in chunks of their own, asked for only once a map shows.
  const mapScripts: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/(maplibre-gl|device-map)[^/]*\.m?js$/.test(new URL(r.url()).pathname))
      mapScripts.push(r.url());
  });
  // The platform's superuser sees both organisations: Københavns Byliv and Aarhus Trafiklab.
  await signIn(page, demo.super);
  await acceptCookies(page);
  await page.goto('/sensors');
  await expect(page.getByRole('table', { name: 'Enheder' })).toBeVisible();
  expect(mapScripts).toEqual([]);
  await page.getByRole('button', { name: 'Vis på landkort' }).click();
  await expect(page).toHaveURL(/view=map/);
  const map = mapRegion(page, /^Kort over enhederne$/);
  await expect(map.locator('canvas').first()).toBeVisible();
  expect(mapScripts.length).toBeGreaterThanOrEqual(2);
  // The summary counts the drawn devices by their status colour.
  const summary = page.locator('[data-map-summary]');
  await expect(summary).toContainText(/\d+ enheder på kortet/);
  const counted = await summary.evaluate((element) =>
    ['green', 'yellow', 'red', 'none'].reduce(
      (sum, status) => sum + Number(element.getAttribute(`data-${status}`)),
      0,
    ),
  );
  expect(counted).toBeGreaterThanOrEqual(30);
  // The view takes in both towns, and the basemap lies under the devices (same centre).
  await expect(map).toHaveAttribute('data-basemap', / \d/);
  const [, centre = ''] = (await map.getAttribute('data-basemap'))?.split(' ') ?? [];
  const [baseLng = 0, baseLat = 0] = centre.split(',').map(Number);
  const [west, south, east, north] = (await map.getAttribute('data-bounds'))
    ?.split(',')
    .map(Number) ?? [0, 0, 0, 0];
  expect(Math.abs(baseLng - ((west ?? 0) + (east ?? 0)) / 2)).toBeLessThan(0.01);
  expect(baseLat).toBeGreaterThan(south ?? 0);
  expect(baseLat).toBeLessThan(north ?? 0);
  for (const [lat, lng] of [
    [55.676, 12.568], // Copenhagen
    [56.157, 10.21], // Aarhus
  ] as const) {
    expect(lat).toBeGreaterThan(south ?? 0);
    expect(lat).toBeLessThan(north ?? 0);
    expect(lng).toBeGreaterThan(west ?? 0);
    expect(lng).toBeLessThan(east ?? 0);
  }
  // Natural Earth's land is drawn (no tile server is reachable here) and credited.
  const canvas = map.locator('canvas').first();
  await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('Natural Earth', {
    useInnerText: false,
  });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no canvas');
  // Only what is on screen (on a phone the map runs below the fold).
  const height = Math.min(box.height, viewport.height - box.y - 4);
  const land = hex('#f2efe9');
  // The land arrives once maplibre's worker has read the outlines.
  await expect(async () => {
    const samples: Rgb[] = [];
    for (const fx of [0.15, 0.3, 0.5, 0.7, 0.85])
      for (const fy of [0.15, 0.5, 0.85])
        samples.push(await colourAt(page, canvas, box.width * fx, height * fy));
    expect(samples.some((colour) => near(colour, land, 6))).toBe(true);
  }).toPass({ timeout: 20_000 });
});

test('a device turns green on the map when it publishes, and the heat map toggles', async ({
  page,
  request,
}, testInfo) => {
  const name = `E2E kort ${testInfo.project.name} ${Date.now()}`;
  // At sea off Skåne: around the mark there is only water.
  await placedDevice(request, name, { lat: 55.1, lng: 14.2 }, async (device) => {
    await signIn(page, demo.user);
    await acceptCookies(page);
    const follows = statusFeedFollowed(page);
    await page.goto(`/sensors?view=map&search=${encodeURIComponent(name)}`);
    const map = mapRegion(page, /^Kort over enhederne$/);
    const canvas = map.locator('canvas').first();
    await expect(canvas).toBeVisible();
    await expect(page.locator('[data-map-summary]')).toHaveAttribute('data-none', '1');
    await follows;
    const frame = await hoverMiddle(page, map);
    await expect(page.locator('.deck-tooltip')).toContainText(`${name}: Ingen enhed tilknyttet`);
    const grey = await middleColour(page, canvas);
    expect(grey[1] - grey[0]).toBeLessThan(20);

    await publish(device, { temperature: 4.2 });
    await expect(page.locator('[data-map-summary]')).toHaveAttribute('data-green', '1');
    await expect(async () => {
      const [r, g, b] = await middleColour(page, canvas);
      expect(g - r).toBeGreaterThan(40);
      expect(g - b).toBeGreaterThan(20);
    }).toPass();
    await page.mouse.move(frame.x + 5, frame.y + 5);
    await hoverMiddle(page, map);
    await expect(page.locator('.deck-tooltip')).toContainText(
      `${name}: Forbundet og modtager data`,
    );

    // The heat map draws the device as a glow instead of a mark, and goes again.
    await page.mouse.move(frame.x + 5, frame.y + 5);
    const heat = page.getByRole('button', { name: 'Varmekort' });
    await heat.click();
    await expect(heat).toHaveAttribute('aria-pressed', 'true');
    await expect(async () => {
      const [r, g, b] = await middleColour(page, canvas);
      // Not the green mark any more: the heat ramp's warm colours.
      expect(r).toBeGreaterThan(g);
      expect(r).toBeGreaterThan(b);
    }).toPass();
    await heat.click();
    await expect(heat).toHaveAttribute('aria-pressed', 'false');
    await expect(async () => {
      const [r, g] = await middleColour(page, canvas);
      expect(g - r).toBeGreaterThan(40);
    }).toPass();
  });
});

test("a dashboard's map graph follows its devices' status", async ({ page, request }, testInfo) => {
  const name = `E2E kortgraf ${testInfo.project.name} ${Date.now()}`;
  await placedDevice(request, name, { lat: 55.1, lng: 14.3 }, async (device) => {
    const token = await apiToken(request, demo.user);
    const board = await createDashboard(request, token, {
      name,
      graphs: [
        {
          id: 'map-live',
          name: 'Where it stands',
          description: null,
          type: 5,
          periodType: 0,
          period: { menuId: 3, timeType: 2, chartType: 3 },
          refresh: 0,
          dataSource: { type: 0, deviceId: null, dataKey: null, cf: 1 },
          deviceIds: [device.id],
          grid: { i: 'map-live', x: 0, y: 0, w: 6, h: 12, minW: 4, minH: 12 },
        },
      ],
    });
    try {
      await signIn(page, demo.user);
      await acceptCookies(page);
      const follows = statusFeedFollowed(page);
      await page.goto(`/dashboard?board=${board.id}`);
      await consoleStarted(page);
      const summary = page.locator('[data-graph] [data-map-summary]');
      await expect(summary).toHaveAttribute('data-none', '1');
      await follows;
      await publish(device, { temperature: 3.1 });
      await expect(summary).toHaveAttribute('data-green', '1');
      await expect(summary).toHaveAttribute('data-none', '0');
    } finally {
      await request.delete(`/api/v2/dashboard/${board.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    }
  });
});

test('the map theme setting changes every map; each of the eight themes draws', async ({
  page,
  request,
}, testInfo) => {
  const name = `E2E tema ${testInfo.project.name} ${Date.now()}`;
  await placedDevice(request, name, { lat: 55.1, lng: 14.25 }, async (device) => {
    await setMapTheme(request, demo.user, 2);
    try {
      await signIn(page, demo.user);
      await acceptCookies(page);
      await page.goto(`/sensor/${device.id}/map`);
      const map = mapRegion(page, new RegExp(`^Kort over ${name}$`));
      const canvas = map.locator('canvas').first();
      await expect(canvas).toBeVisible();
      await expect(map).toHaveAttribute('data-map-theme', '2');
      await expect(page.getByLabel('Korttema')).toHaveValue('2');
      // A corner, away from the mark: the dark theme's water.
      await expect(async () =>
        expect(near(await colourAt(page, canvas, 12, 12), water[2] ?? [0, 0, 0])).toBe(true),
      ).toPass();
      for (let id = 0; id < 8; id++) {
        await page.getByLabel('Korttema').selectOption(String(id));
        await expect(map).toHaveAttribute('data-map-theme', String(id));
        await expect(async () =>
          expect(near(await colourAt(page, canvas, 12, 12), water[id] ?? [0, 0, 0])).toBe(true),
        ).toPass();
        await testInfo.attach(`theme ${id}`, {
          body: await map.screenshot(),
          contentType: 'image/png',
        });
      }
    } finally {
      await setMapTheme(request, demo.user, 0);
    }
  });
});

test('a manager drags a device to a new place, is offered its address and saves', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const name = `E2E flyt ${testInfo.project.name} ${Date.now()}`;
  // A little south-west of Nyhavn 17, which the address stand-in knows.
  await placedDevice(request, name, { lat: 55.6792, lng: 12.589 }, async (device) => {
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto(`/sensor/${device.id}/map`);
    const map = mapRegion(page, new RegExp(`^Kort over ${name}$`));
    await expect(map.locator('canvas').first()).toBeVisible();
    await expect(
      page.getByText('Træk enheden, eller klik på kortet hvor den står, for at flytte den.'),
    ).toBeVisible();
    const frame = await hoverMiddle(page, map);
    await page.mouse.down();
    // About 250 m north-east on the shipped basemap (a device fits at zoom 12).
    await page.mouse.move(frame.x + frame.width / 2 + 10, frame.y + frame.height / 2 - 6, {
      steps: 8,
    });
    await page.mouse.up();
    const position = page.locator('[data-position]');
    await expect(position).not.toHaveText('55.67920, 12.58900');
    await expect(page.getByText(/Adresse her: .*København K/)).toBeVisible();
    await page.getByRole('button', { name: 'Brug denne adresse' }).click();
    await page.getByRole('button', { name: 'Gem den nye position' }).click();
    await expect(page.getByText('Opdateret')).toBeVisible();
    const headers = { authorization: `Bearer ${await apiToken(request, demo.manager)}` };
    const saved = (await (
      await request.get(`/api/v2/device/${device.id}`, { headers })
    ).json()) as {
      lat: number;
      lng: number;
      address: string;
    };
    expect(saved.lng).toBeGreaterThan(12.589);
    expect(saved.lat).toBeGreaterThan(55.6792);
    expect(saved.address).toMatch(/København K$/);
  });
});

test('a plain user sees where a device stands but cannot move it', async ({
  page,
  request,
}, testInfo) => {
  const name = `E2E fast ${testInfo.project.name} ${Date.now()}`;
  await placedDevice(request, name, { lat: 55.6792, lng: 12.589 }, async (device) => {
    await signIn(page, demo.user);
    await acceptCookies(page);
    await page.goto(`/sensor/${device.id}/map`);
    const map = mapRegion(page, new RegExp(`^Kort over ${name}$`));
    await expect(map.locator('canvas').first()).toBeVisible();
    await expect(
      page.getByText('Kontoadministratorer flytter enheder; du ser, hvor den står.'),
    ).toBeVisible();
    // Neither a drag of the mark nor a click beside it moves the device.
    const frame = await hoverMiddle(page, map);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width / 2 + 40, frame.y + frame.height / 2 - 30, {
      steps: 8,
    });
    await page.mouse.up();
    await page.mouse.click(frame.x + frame.width / 2 - 50, frame.y + frame.height / 2 + 20);
    const position = page.locator('[data-position]');
    await expect(position).toHaveText('55.67920, 12.58900');
    await expect(page.getByRole('button', { name: 'Gem den nye position' })).toHaveCount(0);

    // The edit page shows the place, read-only, and saving the rest keeps it.
    await page.goto(`/sensor/${device.id}/edit`);
    await expect(page.getByLabel('Breddegrad')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Længdegrad')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Placeringstype')).toBeDisabled();
    await page.getByRole('textbox', { name: /^Beskrivelse/ }).fill('Set efter på stedet');
    await page.getByRole('button', { name: 'Gem' }).click();
    await expect(page.getByText('Opdateret')).toBeVisible();

    // Nor does the API let the user move it.
    const headers = { authorization: `Bearer ${await apiToken(request, demo.user)}` };
    const refused = await request.put('/api/v2/device', {
      headers,
      data: { id: device.id, lat: 55.7, lng: 12.6 },
    });
    expect(refused.status()).toBe(403);
    const saved = (await (
      await request.get(`/api/v2/device/${device.id}`, { headers })
    ).json()) as { lat: number; lng: number; description: string };
    expect(saved).toMatchObject({ lat: 55.6792, lng: 12.589, description: 'Set efter på stedet' });
  });
});

test('an uncalibrated device shows no place, and says why', async ({ page, request }, testInfo) => {
  const devices = await mqttDevices(request);
  try {
    const device = await devices.make(`E2E ukalibreret ${testInfo.project.name} ${Date.now()}`);
    await request.put('/api/v2/device', {
      headers: devices.headers,
      data: { id: device.id, calibrated: false, lat: 55.7, lng: 12.5 },
    });
    await signIn(page, demo.manager);
    await acceptCookies(page);
    await page.goto(`/sensor/${device.id}/map`);
    await expect(
      page.getByText('Enheden er ikke kalibreret: ingen kort- eller vejrdata.'),
    ).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(0);
  } finally {
    await devices.removeAll();
  }
});
