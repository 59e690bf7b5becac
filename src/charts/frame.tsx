import styled from 'styled-components';

/** Spec §9: chart animation 500 ms, line chart height 300, points 3 (5 on touch). */
export const CHART_HEIGHT = 300;
export const ANIMATION_MS = 500;
export const POINT_RADIUS = 3;
export const TOUCH_POINT_RADIUS = 5;
/** Spec §9: tooltip width 400, 300 below the mobile chart breakpoint 430. */
export const TOOLTIP_WIDTH = 400;
export const MOBILE_TOOLTIP_WIDTH = 300;
export const MOBILE_CHART_WIDTH = 430;
/** Room around the plot for the axes. */
export const MARGIN = { top: 12, right: 16, bottom: 28, left: 52 } as const;

/** The width of the plot (the line's area) in a chart `width` pixels wide. */
export function plotWidth(width: number): number {
  return Math.max(0, width - MARGIN.left - MARGIN.right);
}

/** The tooltip's width in a chart `width` pixels wide. */
export function tooltipWidthFor(chartWidth: number): number {
  return chartWidth < MOBILE_CHART_WIDTH ? MOBILE_TOOLTIP_WIDTH : TOOLTIP_WIDTH;
}

/** Whether the main pointer is a finger: larger points, and a tap shows the tooltip. */
export function isTouchScreen(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

/** A chart's root: the canvas and the SVG layers lie on top of each other. */
export const ChartFrame = styled.div`
  position: relative;
  width: 100%;
  touch-action: pan-y;
  canvas,
  svg {
    position: absolute;
    left: 0;
    top: 0;
  }
  svg text {
    fill: ${({ theme }) => theme.colors.textMuted};
    font-size: 11px;
  }
`;

/** A short line under a chart (a logarithmic axis' skipped values, a bucket's meaning). */
export const ChartNote = styled.p`
  margin: 4px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
`;
