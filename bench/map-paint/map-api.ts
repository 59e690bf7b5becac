/**
 * What the map-paint page and its bench share: the map's size, the device
 * counts, and what the page offers the bench on `globalThis.bench`.
 */
export const MAP_WIDTH = 1280;
export const MAP_HEIGHT = 800;
export const DEVICE_COUNTS = [10_000, 100_000];

/** Where the synthetic devices lie: a box around Denmark, [west, south, east, north]. */
export const DENMARK_BOX = [8.1, 54.6, 15.1, 57.7] as const;

/** Where the bench's server answers with the shipped basemap's layers. */
export const BASEMAP_PATH = '/basemap/';

/**
 * `nordlys`: the console's DeviceMap (clusters, basemap). `anchor`: one
 * plain deck.gl ScatterplotLayer of every device, no clusters, no basemap.
 */
export type MapKind = 'nordlys' | 'anchor';

/** One mount with data, in ms from handing the devices over. */
export interface DrawResult {
  /** Until deck.gl's first `onAfterRender` (its first frame, marks in it). */
  drawnMs: number;
  /** Until the frame after that has been painted. */
  paintedMs: number;
  /** Pixels deck.gl had drawn in that first frame; only when asked to check, else null. */
  markPixels: number | null;
}

export interface SettleResult {
  /** From mounting until maplibre first went idle with the basemap loaded (null: no basemap). */
  basemapMs: number | null;
}

/** Animation frames kept over a gesture. */
export interface FrameRecord {
  /** Times between animation frames (ms, from Chromium's frame stamps). */
  deltas: number[];
  /** Frames deck.gl drew meanwhile (for Nordlys, each with the basemap beside it). */
  redraws: number;
  /** From starting until deck.gl's last frame (ms). */
  lastRedrawMs: number;
}

export interface MapPage {
  /** Makes `count` devices (not timed) and says how many marks Nordlys draws for them at first. */
  prepare(count: number): { marks: number; clusters: number };
  /** Mounts a map of this kind with the prepared devices; `check` counts what its first frame drew. */
  mount(kind: MapKind, count: number, check: boolean): Promise<DrawResult>;
  /** Resolves once the basemap is in and nothing has drawn for a moment. */
  settle(): Promise<SettleResult>;
  /** Starts keeping the time between animation frames. */
  startFrames(): void;
  /** Two frames later, stops and gives what was kept. */
  stopFrames(): Promise<FrameRecord>;
  unmount(): void;
  /** Leaves a map of each kind on the page, one above the other, for a person to look at. */
  show(count: number): Promise<void>;
}
