import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { wallProbeScript } from './in-page.ts';
import { LOAD_TIMEOUT_MS, VIEWPORT, loadTimes, type WallRun } from './browser.ts';
import { WALL_COLUMNS, WALL_GRAPHS, WALL_ROWS } from './wall-world.ts';

// The cold load's anchor: the least a page must do to show the same wall
// from the same server, with uPlot 1.6 drawing. A static page (no
// framework, no router, no live feed, nothing to download but itself and
// uPlot inline) asks for the session and the dashboards at once, then the
// graphs' devices, then their last minute in one history batch, as the
// console does, and draws 24 uPlot charts in a 6 × 4 grid. Each chart's
// canvas gets `data-last-drawn` once drawn, so the probe script times it
// exactly as it times the console (bench/wall/in-page.ts). Served by the
// browser itself (Playwright's routing) at the server's origin, so the
// session cookie and the same-origin POST work as in the console.

export const ANCHOR_PATH = '/bench-wall-anchor';

const require = createRequire(import.meta.url);

/** The page, with uPlot's IIFE build inline. */
async function anchorHtml(): Promise<string> {
  const uplot = await fs.readFile(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8');
  const css = await fs.readFile(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
  const width = Math.floor(VIEWPORT.width / WALL_COLUMNS) - 8;
  // Each chart with its title (uPlot adds it above the canvas) fits a quarter of the screen.
  const height = Math.floor((VIEWPORT.height - 60) / WALL_ROWS) - 56;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Wall anchor</title>
<style>${css} body{margin:0;font:12px sans-serif} #wall{display:grid;grid-template-columns:repeat(${WALL_COLUMNS},1fr);gap:8px;padding:4px}</style>
<script>${uplot}</script></head><body><h1 style="margin:4px;font-size:20px">Wall</h1><div id="wall"></div>
<script>
(async () => {
  const json = async (response) => {
    if (!response.ok) throw new Error(response.url + ' ' + response.status);
    return response.json();
  };
  const board = new URLSearchParams(location.search).get('board');
  const [, boards] = await Promise.all([
    fetch('/api/auth/session').then(json),
    fetch('/api/v2/dashboards').then(json),
  ]);
  const dashboard = boards.find((d) => d.id === board) || boards[0];
  const graphs = dashboard.graphs;
  const ids = [...new Set(graphs.map((g) => g.dataSource.deviceId))];
  await fetch('/api/v2/devices?page=1&pageSize=500&sort=id&ids=' + ids.join(',')).then(json);
  const to = Date.now();
  const from = to - 60000;
  const clock = (t) => encodeURIComponent(new Date(t).toISOString().slice(0, 19).replace('T', ' '));
  const requests = graphs.map((g, i) => ({
    id: String(i),
    url: '/api/v2/devicedata-clean/' + g.dataSource.deviceId + '/' + clock(from) + '/' + clock(to) + '/' +
      encodeURIComponent(g.dataSource.dataKey) + '?raw=true&timeZone=UTC',
  }));
  const { responses } = await fetch('/api/v2/devicedata-batch', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ requests }),
  }).then(json);
  const wall = document.getElementById('wall');
  responses.forEach((answer, i) => {
    const points = answer.status === 200 ? answer.body.points : [];
    const xs = points.map((p) => Date.parse(p.time) / 1000);
    const ys = points.map((p) => p.value);
    const section = document.createElement('section');
    section.setAttribute('data-graph', String(i));
    wall.appendChild(section);
    new uPlot({
      width: ${width},
      height: ${height},
      title: graphs[i].name,
      scales: { x: { time: true, min: from / 1000, max: to / 1000 } },
      legend: { show: false },
      series: [{}, { stroke: '#1769aa', width: 1.5 }],
      hooks: {
        draw: [(u) => u.ctx.canvas.setAttribute('data-last-drawn', String(xs.length ? xs[xs.length - 1] * 1000 : to))],
      },
    }, [xs, ys], section);
  });
})();
</script></body></html>`;
}

/**
 * Opens the anchor wall in a fresh context (signed in by the run's session,
 * with the probe script) and answers when it had drawn; null when it did not.
 * `screenshot` saves its screen once drawn.
 */
export async function anchorLoad(run: WallRun, screenshot?: string): Promise<number | null> {
  const html = await anchorHtml();
  const context = await run.browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: 'en-GB',
  });
  try {
    await context.addCookies([
      { name: 'SESSION', value: run.server.userSession, url: run.server.origin },
    ]);
    await context.addInitScript({ content: wallProbeScript(WALL_GRAPHS) });
    await context.route(`${run.server.origin}${ANCHOR_PATH}*`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
    );
    const page: Page = await context.newPage();
    await page.goto(`${run.server.origin}${ANCHOR_PATH}?board=${run.wall.boardId}`, {
      waitUntil: 'commit',
    });
    const drawn = (await loadTimes(page, LOAD_TIMEOUT_MS))?.drawn ?? null;
    if (drawn !== null && screenshot) await page.screenshot({ path: screenshot });
    return drawn;
  } finally {
    await context.close();
  }
}
