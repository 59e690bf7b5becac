// @ts-check
/* global document */
// What the map-paint page draws: Nordlys' DeviceMap and the anchor, a plain
// deck.gl ScatterplotLayer, each of the same synthetic devices.
import { Deck, WebMercatorViewport } from '@deck.gl/core';
import { ScatterplotLayer } from '@deck.gl/layers';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { boundsOf } from '../../src/maps/clusters.ts';
import DeviceMap from '../../src/maps/device-map.tsx';
import { mapThemes } from '../../src/maps/themes.ts';
import { rgbOf } from '../../src/maps/value-scale.ts';
import { lightTheme } from '../../src/ui/theme.ts';
import { seededRandom } from '../../server/simulator/count-model.ts';
import { BASEMAP_PATH, DENMARK_BOX, MAP_HEIGHT, MAP_WIDTH } from './map-api.ts';

/** @typedef {import('../../src/maps/clusters.ts').MapPoint} MapPoint */
/** @typedef {import('../../src/maps/clusters.ts').MapMark} MapMark */
/** @typedef {import('@deck.gl/core').MapViewState} MapViewState */
/** deck.gl's `onAfterRender`, which is handed `{ device, gl }`. */
/** @typedef {(...args: unknown[]) => void} AfterRender */

/** DeviceMap's own: a device's radius, its first view's padding and closest zoom. */
const DEVICE_RADIUS = 7;
const FIT_PADDING = 48;
const FIT_MAX_ZOOM = 12;

const colours = {
  green: lightTheme.colors.success,
  yellow: lightTheme.colors.warning,
  red: lightTheme.colors.danger,
  none: lightTheme.colors.textMuted,
};
const basemapUrls = {
  land: new URL(`${BASEMAP_PATH}land`, document.baseURI).href,
  countries: new URL(`${BASEMAP_PATH}countries`, document.baseURI).href,
};

/**
 * `count` devices spread evenly over the box around Denmark (sea included),
 * the same ones each time: 70 % green, 15 % yellow, 10 % red, 5 % without status.
 * @param {number} count
 * @returns {MapPoint[]}
 */
export function makeDevices(count) {
  const random = seededRandom(2463534242);
  const [west, south, east, north] = DENMARK_BOX;
  /** @type {MapPoint[]} */
  const devices = [];
  for (let i = 0; i < count; i++) {
    const r = random();
    const status = r < 0.7 ? 'green' : r < 0.85 ? 'yellow' : r < 0.95 ? 'red' : 'none';
    const lat = south + random() * (north - south);
    const lng = west + random() * (east - west);
    devices.push({ id: i + 1, name: `Device ${i + 1}`, lat, lng, status });
  }
  return devices;
}

/**
 * The view DeviceMap opens with: fitted to the devices (no operator tiles).
 * @param {MapPoint[]} devices
 * @returns {MapViewState}
 */
export function fittedView(devices) {
  const bounds = boundsOf(devices);
  if (!bounds) throw new Error('no devices');
  const { longitude, latitude, zoom } = new WebMercatorViewport({
    width: MAP_WIDTH,
    height: MAP_HEIGHT,
  }).fitBounds(bounds, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
  return { longitude, latitude, zoom };
}

/**
 * Nordlys' DeviceMap, light theme, over the shipped basemap.
 * @param {HTMLDivElement} element
 * @param {MapPoint[]} devices
 * @param {AfterRender} onAfterRender
 */
export function nordlys(element, devices, onAfterRender) {
  const root = createRoot(element);
  root.render(
    createElement(DeviceMap, {
      points: devices,
      theme: mapThemes[0],
      basemap: basemapUrls,
      tiles: null,
      colours,
      describe: (/** @type {MapMark} */ mark) =>
        mark.kind === 'cluster' ? `${mark.count} devices` : mark.device.name,
      label: 'Devices',
      onAfterRender,
    }),
  );
  return () => root.unmount();
}

/**
 * The ceiling: every device a dot as DeviceMap draws one (radius, outline,
 * colours, pickable for tooltips), in one deck.gl layer, no clusters, no basemap.
 * @param {HTMLDivElement} element
 * @param {MapPoint[]} devices
 * @param {AfterRender} onAfterRender
 */
export function anchor(element, devices, onAfterRender) {
  /** @type {Record<MapPoint['status'], [number, number, number, number]>} */
  const fills = {
    green: [...rgbOf(colours.green), 235],
    yellow: [...rgbOf(colours.yellow), 235],
    red: [...rgbOf(colours.red), 235],
    none: [110, 110, 118, 230],
  };
  const deck = new Deck({
    parent: element,
    width: MAP_WIDTH,
    height: MAP_HEIGHT,
    initialViewState: fittedView(devices),
    controller: true,
    onAfterRender,
    layers: [
      new ScatterplotLayer({
        id: 'devices',
        data: devices,
        pickable: true,
        stroked: true,
        radiusUnits: 'pixels',
        lineWidthUnits: 'pixels',
        getPosition: (/** @type {MapPoint} */ d) => [d.lng, d.lat],
        getRadius: DEVICE_RADIUS,
        getFillColor: (/** @type {MapPoint} */ d) => fills[d.status],
        getLineColor: [255, 255, 255],
        getLineWidth: 2,
      }),
    ],
  });
  return () => deck.finalize();
}
