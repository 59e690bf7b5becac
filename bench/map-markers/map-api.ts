/**
 * What the map-markers page and its bench share: the map's size, the
 * devices' spread, and what the page offers the bench on `globalThis.bench`.
 */
export const MAP_WIDTH = 1280;
export const MAP_HEIGHT = 800;
export const COUNTS = [10_000, 100_000] as const;

/** `nordlys`: the console's DeviceMap (clusters, basemap). `raw`: one deck.gl ScatterplotLayer of every device, no basemap. */
export type MapKind = 'nordlys' | 'raw';

export interface FirstDraw {
  /** From handing over the devices until deck.gl has drawn them. */
  drawnMs: number;
  /** Until the frame after that has been painted. */
  paintedMs: number;
}

export interface MapPage {
  /** Mounts a map of `count` devices and times its first draw. */
  mount(kind: MapKind, count: number): Promise<FirstDraw>;
  /** Starts recording frame times. */
  record(): void;
  /** Stops recording; the frames' durations in ms. */
  frames(): number[];
  unmount(): void;
}
