import {
  calcGridItemPosition,
  cloneLayout,
  correctBounds,
  getCompactor,
  setTransform,
  type Layout,
  type LayoutItem,
} from 'react-grid-layout/core';
import type { CSSProperties } from 'react';

/**
 * Grid units: a row is 18 px with 12 px between rows, so a chart of the
 * spec's height 12 is 348 px: the 300 px line chart and its header.
 */
export const ROW_HEIGHT = 18;
export const GRID_MARGIN = 12;

/** The grid's rows, gaps and columns as react-grid-layout's `gridConfig` takes them. */
export const gridConfigFor = (cols: number) =>
  ({
    cols,
    rowHeight: ROW_HEIGHT,
    margin: [GRID_MARGIN, GRID_MARGIN],
    containerPadding: [0, 0],
  }) as const;

/** The grid's height for a layout, as react-grid-layout sizes its container. */
export function gridHeight(layout: readonly LayoutItem[]): number {
  const rows = layout.reduce((bottom, item) => Math.max(bottom, item.y + item.h), 0);
  return rows === 0 ? 0 : rows * ROW_HEIGHT + (rows - 1) * GRID_MARGIN;
}

/**
 * The layout as react-grid-layout shows it: in bounds of `cols` and compacted upwards,
 * with its own functions (`react-grid-layout/core`), so a grid laid out here and one
 * react-grid-layout lays out put every graph in the same place.
 */
export function compactLayout(layout: readonly LayoutItem[], cols: number): Layout {
  return getCompactor('vertical').compact(correctBounds(cloneLayout(layout), { cols }), cols);
}

/** Where an item of a compacted layout sits in a grid `width` wide, as react-grid-layout places it. */
export function itemStyle(item: LayoutItem, cols: number, width: number): CSSProperties {
  const position = calcGridItemPosition(
    { ...gridConfigFor(cols), containerWidth: width, maxRows: Infinity },
    item.x,
    item.y,
    item.w,
    item.h,
  );
  return setTransform(position);
}
