// @ts-check
/* global document, requestAnimationFrame, WebGL2RenderingContext */
// The map-paint bench's page: mounts the maps of maps.js and times them
// (first draw, basemap, animation frames). JavaScript checked by TypeScript
// (bench/map-paint/tsconfig.json): tsconfig.server.json, which covers
// bench/, has neither the DOM nor JSX.
import { WebMercatorViewport } from '@deck.gl/core';
import { Map as MapLibreMap } from 'maplibre-gl';
import { DeviceClusters } from '../../src/maps/clusters.ts';
import { MAP_HEIGHT, MAP_WIDTH } from './map-api.ts';
import { anchor, fittedView, makeDevices, nordlys } from './maps.js';
import { afterNextPaint } from '../page-timing.js';

/** @typedef {import('./map-api.ts').MapKind} MapKind */
/** @typedef {import('./map-api.ts').DrawResult} DrawResult */
/** @typedef {import('../../src/maps/clusters.ts').MapPoint} MapPoint */
/** @typedef {import('./maps.js').AfterRender} AfterRender */

const TIMEOUT_MS = 120_000;

/** @type {Map<number, MapPoint[]>} */
const prepared = new Map();

/** @param {number} count */
function devicesOf(count) {
  const devices = prepared.get(count);
  if (!devices) throw new Error(`no ${count} devices prepared`);
  return devices;
}

/** @param {number} count */
function prepare(count) {
  const devices = prepared.get(count) ?? makeDevices(count);
  prepared.set(count, devices);
  const view = fittedView(devices);
  const viewport = new WebMercatorViewport({ ...view, width: MAP_WIDTH, height: MAP_HEIGHT });
  const marks = new DeviceClusters(devices).marks(viewport.getBounds(), view.zoom);
  return { marks: marks.length, clusters: marks.filter((m) => m.kind === 'cluster').length };
}

// When the basemap first went idle (style, sources and tiles loaded, drawn):
// DeviceMap keeps its maplibre map to itself, so the page listens on each
// maplibre map as react-map-gl first subscribes to it.
/** @type {WeakSet<object>} */
const listened = new WeakSet();
/** @type {(at: number) => void} */
let onBasemapIdle = () => undefined;
const prototype = /** @type {{ on: (...args: unknown[]) => unknown }} */ (
  /** @type {unknown} */ (MapLibreMap.prototype)
);
const subscribe = prototype.on;
/** @this {unknown} @param {unknown[]} args */
prototype.on = function (...args) {
  if (this instanceof MapLibreMap && !listened.has(this)) {
    listened.add(this);
    this.once('idle', () => onBasemapIdle(performance.now()));
  }
  return subscribe.apply(this, args);
};

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {string} what
 * @returns {Promise<T>}
 */
const withTimeout = (promise, what) =>
  Promise.race([
    promise,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`${what} not in ${TIMEOUT_MS} ms`)), TIMEOUT_MS),
    ),
  ]);

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Pixels deck.gl's canvas holds right after a frame (read before it is shown).
 * @param {unknown} context deck.gl's `onAfterRender` argument, `{ device, gl }`
 */
function drawnPixels(context) {
  if (!context || typeof context !== 'object' || !('gl' in context)) return 0;
  const { gl } = context;
  if (!(gl instanceof WebGL2RenderingContext)) return 0;
  const width = gl.drawingBufferWidth;
  const height = gl.drawingBufferHeight;
  const pixels = new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  let drawn = 0;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) drawn++;
  return drawn;
}

/** When deck.gl drew each frame of the map on the page (kept while frames are recorded). */
const redraws = { count: 0, last: 0 };

/**
 * deck.gl's frames: when the first ended, and (with `check`) what it drew.
 * @param {boolean} check
 */
function watchFrames(check) {
  /** @type {(frame: { at: number, pixels: number | null }) => void} */
  let done = () => undefined;
  /** @type {Promise<{ at: number, pixels: number | null }>} */
  const drawn = new Promise((resolve) => (done = resolve));
  let seen = false;
  /** @type {AfterRender} */
  const onAfterRender = (...args) => {
    const at = performance.now();
    redraws.count++;
    redraws.last = at;
    if (seen) return;
    seen = true;
    done({ at, pixels: check ? drawnPixels(args[0]) : null });
  };
  return { drawn, onAfterRender };
}

/** @returns {HTMLDivElement} */
function place() {
  const element = document.createElement('div');
  Object.assign(element.style, {
    position: 'relative',
    width: `${MAP_WIDTH}px`,
    height: `${MAP_HEIGHT}px`,
  });
  document.body.append(element);
  return element;
}

/** @type {{ kind: MapKind, start: number, basemapIdle: Promise<number>, remove(): void } | null} */
let current = null;

/**
 * @param {MapKind} kind
 * @param {number} count
 * @param {boolean} check
 * @param {HTMLDivElement} element
 */
function start(kind, count, check, element) {
  const devices = devicesOf(count);
  const frame = watchFrames(check);
  const basemapIdle = /** @type {Promise<number>} */ (
    new Promise((resolve) => (onBasemapIdle = resolve))
  );
  const startedAt = performance.now();
  const unmount = (kind === 'nordlys' ? nordlys : anchor)(element, devices, frame.onAfterRender);
  const remove = () => {
    unmount();
    element.remove();
  };
  return { drawn: frame.drawn, mounted: { kind, start: startedAt, basemapIdle, remove } };
}

/**
 * @param {MapKind} kind
 * @param {number} count
 * @param {boolean} check
 * @returns {Promise<DrawResult>}
 */
async function mount(kind, count, check) {
  if (current) throw new Error('a map is on the page');
  const { drawn, mounted } = start(kind, count, check, place());
  current = mounted;
  const first = await withTimeout(drawn, `${kind}'s first frame`);
  const paintedAt = await afterNextPaint();
  return {
    drawnMs: first.at - mounted.start,
    paintedMs: paintedAt - mounted.start,
    markPixels: first.pixels,
  };
}

async function settle() {
  if (!current) throw new Error('no map on the page');
  const basemapMs =
    current.kind === 'nordlys'
      ? (await withTimeout(current.basemapIdle, 'the basemap')) - current.start
      : null;
  // A moment for the last tiles' fade and for the collector.
  await sleep(300);
  return { basemapMs };
}

/** @type {{ deltas: number[], running: boolean, start: number, redraws: number } | null} */
let recording = null;

function startFrames() {
  const record = {
    deltas: /** @type {number[]} */ ([]),
    running: true,
    start: performance.now(),
    redraws: redraws.count,
  };
  recording = record;
  /** @type {number | null} */
  let last = null;
  /** @param {number} at the frame's time, as Chromium stamps it */
  const tick = (at) => {
    if (!record.running) return;
    if (last !== null) record.deltas.push(at - last);
    last = at;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** @returns {Promise<import('./map-api.ts').FrameRecord>} */
async function stopFrames() {
  const record = recording;
  if (!record) throw new Error('no frames recorded');
  await afterNextPaint();
  await afterNextPaint();
  record.running = false;
  recording = null;
  const drawn = redraws.count - record.redraws;
  return {
    deltas: record.deltas,
    redraws: drawn,
    lastRedrawMs: drawn > 0 ? redraws.last - record.start : 0,
  };
}

function unmount() {
  current?.remove();
  current = null;
}

/** @param {number} count */
async function show(count) {
  prepare(count);
  await mount('nordlys', count, false);
  await settle();
  // Left on the page: the next one goes below it.
  current = null;
  const { drawn } = start('anchor', count, false, place());
  await withTimeout(drawn, "the anchor's first frame");
  await afterNextPaint();
}

/** @type {import('./map-api.ts').MapPage} */
const bench = { prepare, mount, settle, startFrames, stopFrames, unmount, show };
Object.assign(globalThis, { bench });
