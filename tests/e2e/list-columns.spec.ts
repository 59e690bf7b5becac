import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { acceptCookies, demo, managerRegistry, signIn } from './helpers.ts';
import { mqttDevices, publish } from './mqtt-devices.ts';

test.describe.configure({ timeout: 120_000 });

/** Whether a cell shows less than it holds: it, or a box in it, has content past its edge. */
const isCut = (cell: Locator) =>
  cell.evaluate((element) =>
    [element, ...Array.from(element.querySelectorAll('*'))].some(
      // A visually hidden text (1 px wide) is no cut.
      (box) => box.clientWidth > 1 && box.scrollWidth > box.clientWidth + 1,
    ),
  );

/** The box the table scrolls in, its width and what it would scroll sideways. */
const scrollBox = (table: Locator) =>
  table.evaluate((element) => {
    const box = element.parentElement;
    const row = element.querySelector('tbody tr');
    return {
      width: box?.clientWidth ?? 0,
      sideways: (box?.scrollWidth ?? 0) - (box?.clientWidth ?? 0),
      row: row?.getBoundingClientRect().width ?? 0,
    };
  });

/** A row's cell under the column header named `header`. */
async function cellUnder(table: Locator, row: Locator, header: RegExp) {
  const headers = await table.getByRole('columnheader').allTextContents();
  const index = headers.findIndex((text) => header.test(text.trim()));
  expect(index, `a column ${header}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

/** A registry of the manager's organisation with a long name, deleted again by `remove`. */
const longRegistry = (request: APIRequestContext, stamp: string) =>
  managerRegistry(request, `Kolonneprøve ${stamp} register til tællere ved Dronning Louises Bro`);

async function signedIn(page: Page) {
  await signIn(page, demo.manager);
  await acceptCookies(page);
}

async function openList(page: Page, url: string, tableName: RegExp) {
  await page.goto(url);
  const table = page.getByRole('table', { name: tableName });
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  return table;
}

test('the device list shows names and times whole, fills its width and scrolls sideways only when it must', async ({
  page,
  request,
}, testInfo) => {
  const stamp = String(Date.now() % 1_000_000);
  const devices = await mqttDevices(request);
  try {
    for (const entrance of ['A', 'B']) {
      const device = await devices.make(`Kolonne ${stamp}, Dokk1 ${entrance}`);
      await publish(device, { countIn: 1 });
    }
    await signedIn(page);
    const table = await openList(
      page,
      `/sensors?search=${encodeURIComponent(`Kolonne ${stamp}`)}`,
      /^Enheder$/,
    );
    const rows = table.getByRole('row').filter({ hasText: `Kolonne ${stamp}` });
    await expect(rows).toHaveCount(2);
    for (const entrance of ['A', 'B']) {
      const row = rows.filter({ hasText: `Dokk1 ${entrance}` });
      const name = await cellUnder(table, row, /^Navn$/);
      await expect(name).toHaveText(`Kolonne ${stamp}, Dokk1 ${entrance}`);
      expect(await isCut(name)).toBe(false);
      // The time of the last data has its minutes and seconds.
      const time = await cellUnder(table, row, /^Seneste data$/);
      await expect(time).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
      expect(await isCut(time)).toBe(false);
    }

    const box = await scrollBox(table);
    if (testInfo.project.name === 'desktop') {
      // At 1440 px the list fits its width, without scrolling sideways.
      expect(box.sideways).toBeLessThanOrEqual(0);
      expect(Math.abs(box.row - box.width)).toBeLessThanOrEqual(1);

      // At 1920 px every column shows whole, and they share the rest: no part stays empty.
      await page.setViewportSize({ width: 1920, height: 1080 });
      await expect
        .poll(async () => {
          const wide = await scrollBox(table);
          return Math.abs(wide.row - wide.width) <= 1 && wide.width > 1500;
        })
        .toBe(true);
      for (const cell of await rows.first().getByRole('cell').all())
        if ((await cell.textContent())?.trim()) expect(await isCut(cell)).toBe(false);
    } else {
      // At 400 px the list scrolls sideways rather than cutting names and times.
      expect(box.sideways).toBeGreaterThan(0);
    }
  } finally {
    await devices.removeAll();
  }
});

test('what a cut cell holds shows whole on hover and on focus', async ({ page, request }) => {
  const stamp = String(Date.now() % 1_000_000);
  const registry = await longRegistry(request, stamp);
  const devices = await mqttDevices(request);
  try {
    const created = await request.post('/api/v2/device', {
      headers: devices.headers,
      data: { name: `Kolonne ${stamp}`, registryId: registry.id },
    });
    expect(created.status()).toBe(201);
    const deviceId = ((await created.json()) as { id: number }).id;
    try {
      await signedIn(page);
      const table = await openList(
        page,
        `/sensors?search=${encodeURIComponent(`Kolonne ${stamp}`)}`,
        /^Enheder$/,
      );
      const cell = await cellUnder(table, table.getByRole('row').nth(1), /^Register$/);
      await expect(cell).toHaveText(registry.name);
      // The registry gives way to the name and the time.
      expect(await isCut(cell)).toBe(true);
      const whole = page.getByRole('tooltip').filter({ hasText: registry.name });

      await cell.hover();
      await expect(whole).toBeVisible();
      const shown = await whole.boundingBox();
      expect(await whole.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
      expect(shown?.width ?? 0).toBeGreaterThan((await cell.boundingBox())?.width ?? 0);
      await page.mouse.move(0, 0);
      await expect(whole).toHaveCount(0);

      await cell.focus();
      await expect(cell).toBeFocused();
      await expect(whole).toBeVisible();
    } finally {
      await request.delete(`/api/v2/device/${deviceId}`, { headers: devices.headers });
    }
  } finally {
    await registry.remove();
  }
});

test("a registry's and an organisation's device tabs show their names whole", async ({
  page,
  request,
}, testInfo) => {
  const stamp = String(Date.now() % 1_000_000);
  const registry = await longRegistry(request, stamp);
  const devices = await mqttDevices(request);
  try {
    const name = `Kolonne ${stamp}, Aarhus Ø, Dokk1 A`;
    const created = await request.post('/api/v2/device', {
      headers: devices.headers,
      data: { name, registryId: registry.id },
    });
    expect(created.status()).toBe(201);
    const { id, org } = (await created.json()) as { id: number; org: { uuid: string } };
    try {
      const tabs = [
        { url: `/registry/${registry.id}`, table: /Kolonneprøve/, search: false },
        { url: `/management/org/${org.uuid}/devices`, table: /Københavns Byliv/, search: true },
      ];
      await signedIn(page);
      for (const tab of tabs) {
        const table = await openList(page, tab.url, tab.table);
        if (tab.search) await page.getByRole('searchbox').fill(`Kolonne ${stamp}`);
        const row = table.getByRole('row').filter({ hasText: name });
        const cell = await cellUnder(table, row, /^Navn$/);
        await expect(cell).toHaveText(name);
        expect(await isCut(cell)).toBe(false);
        if (testInfo.project.name === 'desktop') {
          const box = await scrollBox(table);
          expect(box.sideways).toBeLessThanOrEqual(0);
          expect(Math.abs(box.row - box.width)).toBeLessThanOrEqual(1);
        }
      }
    } finally {
      await request.delete(`/api/v2/device/${id}`, { headers: devices.headers });
    }
  } finally {
    await registry.remove();
  }
});

test('in the Messages and Log tables the packet takes the free width', async ({
  page,
  request,
}, testInfo) => {
  const stamp = String(Date.now() % 1_000_000);
  const devices = await mqttDevices(request);
  try {
    const device = await devices.make(`Kolonne ${stamp} pakker`);
    await publish(device, { countIn: 3, countOut: 2, marker: `m${stamp}` });
    // Newest first: the packet just sent is in the first rows of either list.
    const lists = [
      { url: '/messages', others: 3 },
      { url: `/sensor/${device.id}/log`, others: 1 },
    ];
    await signedIn(page);
    for (const list of lists) {
      const table = await openList(page, list.url, /^Beskeder$/);
      const row = table.getByRole('row').filter({ hasText: `m${stamp}` });
      await expect(row).toBeVisible();
      expect(await isCut(await cellUnder(table, row, /^Modtaget$/))).toBe(false);
      const box = await scrollBox(table);
      if (testInfo.project.name === 'desktop') {
        const cells = await row.getByRole('cell').all();
        expect(cells).toHaveLength(list.others + 1);
        const packet = await cellUnder(table, row, /^Datapakke$/);
        const packetWidth = (await packet.boundingBox())?.width ?? 0;
        // The other columns take what they need; the packet has the rest of the row.
        for (const cell of cells.slice(0, list.others)) {
          const width = (await cell.boundingBox())?.width ?? 0;
          expect(packetWidth).toBeGreaterThan(width * 2);
        }
        expect(Math.abs(box.row - box.width)).toBeLessThanOrEqual(1);
      }
    }
  } finally {
    await devices.removeAll();
  }
});
