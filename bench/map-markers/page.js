// @ts-check
/* global document, requestAnimationFrame, location */
// The map-markers bench's page: the console's DeviceMap and a bare deck.gl
// ScatterplotLayer of the same devices. JavaScript checked by TypeScript
// (bench/map-markers/tsconfig.json), as bench/chart-paint/page.js is.
import { ScatterplotLayer } from '@deck.gl/layers';
import DeckGL from '@deck.gl/react';
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import DeviceMap from '../../src/maps/device-map.tsx';
import { mapThemes } from '../../src/maps/themes.ts';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { lightTheme } from '../../src/ui/theme.ts';

/** @typedef {import('../../src/maps/status-counts.ts').MapPoint} MapPoint */
/** @typedef {import('./map-api.ts').MapKind} MapKind */
/** @typedef {import('./map-api.ts').FirstDraw} FirstDraw */

const statuses = /** @type {const} */ (['green', 'green', 'green', 'yellow', 'red', 'none']);

/**
 * `count` devices spread over Denmark, the same every time.
 * @param {number} count
 * @returns {MapPoint[]}
 */
function devices(count) {
  let seed = 2463534242;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Device ${i + 1}`,
    lat: 54.6 + random() * 3.1,
    lng: 8.1 + random() * 7,
    status: statuses[i % statuses.length] ?? 'green',
  }));
}

const colours = { green: '#2e7d32', yellow: '#a15c00', red: '#c62828', none: '#6b6b75' };
const basemap = {
  land: `${location.origin}/basemap/land`,
  countries: `${location.origin}/basemap/countries`,
};
const host = document.getElementById('map');
if (!host) throw new Error('no #map');
/** @type {import('react-dom/client').Root | null} */
let root = null;
/** @type {number[] | null} */
let recording = null;

/** @returns {Promise<number>} the time the next frame was painted */
const nextFrame = () =>
  new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));

/**
 * @param {MapKind} kind
 * @param {number} count
 * @returns {Promise<FirstDraw>}
 */
async function mount(kind, count) {
  const points = devices(count);
  await nextFrame();
  return new Promise((resolve) => {
    const start = performance.now();
    let done = false;
    const drawn = () => {
      if (done) return;
      done = true;
      const drawnAt = performance.now();
      void nextFrame().then((paintedAt) =>
        resolve({ drawnMs: drawnAt - start, paintedMs: paintedAt - start }),
      );
    };
    root = createRoot(/** @type {HTMLElement} */ (host));
    if (kind === 'nordlys') {
      root.render(
        createElement(
          ThemeProvider,
          { theme: lightTheme },
          createElement(
            I18nProvider,
            { i18n },
            createElement(DeviceMap, {
              points,
              theme: mapThemes[0],
              basemap,
              tiles: null,
              colours,
              describe: () => '',
              label: 'Devices',
              onAfterRender: drawn,
            }),
          ),
        ),
      );
    } else {
      root.render(
        createElement(DeckGL, {
          initialViewState: { longitude: 11.6, latitude: 56.1, zoom: 6.4 },
          controller: true,
          width: '100%',
          height: '100%',
          onAfterRender: drawn,
          layers: [
            new ScatterplotLayer({
              id: 'raw',
              data: points,
              /** @param {MapPoint} d */
              getPosition: (d) => [d.lng, d.lat],
              getRadius: 7,
              radiusUnits: 'pixels',
              stroked: true,
              lineWidthUnits: 'pixels',
              getLineWidth: 2,
              getLineColor: [255, 255, 255],
              getFillColor: [46, 125, 50],
            }),
          ],
        }),
      );
    }
  });
}

function record() {
  recording = [];
  let last = performance.now();
  const tick = () => {
    if (!recording) return;
    const now = performance.now();
    recording.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

function frames() {
  const taken = recording ?? [];
  recording = null;
  // The first delta is from the start of recording, not a frame.
  return taken.slice(1);
}

function unmount() {
  root?.unmount();
  root = null;
}

await activateLocale('en');
Object.assign(globalThis, { bench: { mount, record, frames, unmount } });
