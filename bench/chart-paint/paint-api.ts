/**
 * What the chart-paint page and its bench share: the page's size and data,
 * and what it offers the bench on `globalThis.bench`.
 */
export const CHART_WIDTH = 1200;
export const CHART_HEIGHT = 300;
export const POINTS = 1_000_000;
/** The series' first time and its step (30 s: 1,000,000 points are about 347 days). */
export const START_MS = Date.UTC(2025, 0, 1);
export const STEP_MS = 30_000;

export type ChartKind = 'nordlys' | 'uplot';

/**
 * `mount`: a new chart handed the series (first paint). `update`: a chart
 * already on the page handed the series again, half a step later in time.
 */
export type Scenario = 'mount' | 'update';

/** One paint, in ms from handing over the data. */
export interface PaintResult {
  /** Until the chart says it has drawn (Nordlys: `data-last-drawn`; uPlot: its draw hook). */
  drawnMs: number;
  /** Until the frame after that has been painted. */
  paintedMs: number;
}

export interface PaintPage {
  /** Times one paint of a chart of this kind, then removes the chart. */
  paint(kind: ChartKind, scenario: Scenario): Promise<PaintResult>;
  /** Leaves one chart of each kind on the page, for a person to look at. */
  show(): Promise<void>;
}
