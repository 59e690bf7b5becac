import { AxisBottom, AxisLeft, type TickRendererProps } from '@visx/axis';
import { scaleLinear } from '@visx/scale';
import { memo, useMemo } from 'react';
import { useTheme } from 'styled-components';
import type { ValueScale } from './scales.ts';
import { timeTicks } from './time-ticks.ts';

const DAY = 86_400_000;

const tickFormats = new Map<string, Intl.DateTimeFormat>();

/** A tick's label: the day (dd/MM) on ranges over two days, else the time (HH:mm), in `timeZone`. */
export function tickLabel(t: number, rangeMs: number, timeZone: string): string {
  const days = rangeMs > 2 * DAY;
  const name = `${days ? 'd' : 't'}\u0000${timeZone}`;
  let format = tickFormats.get(name);
  if (!format) {
    // en-GB writes both as the spec's patterns: 07/03 and 09:05.
    format = new Intl.DateTimeFormat(
      'en-GB',
      days
        ? { timeZone, day: '2-digit', month: '2-digit' }
        : { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    );
    tickFormats.set(name, format);
  }
  return format.format(t);
}

/**
 * A tick's label as one plain SVG text. visx's own (`@visx/text`) measures
 * every word in the document to wrap lines, a forced layout per label that
 * axes, whose labels never wrap, do not need.
 */
function TickText({
  x,
  y,
  dx,
  dy,
  fill,
  fontFamily,
  fontSize,
  textAnchor,
  formattedValue,
}: TickRendererProps) {
  return (
    <text
      x={x}
      y={y}
      dx={dx}
      dy={dy}
      fill={fill}
      fontFamily={fontFamily}
      fontSize={fontSize}
      textAnchor={textAnchor}
    >
      {formattedValue}
    </text>
  );
}

/**
 * The time axis under a plot `width` wide showing `from`…`to`, with the
 * spec's tick steps (time-ticks.ts) on the wall clock of `timeZone`. Ticks
 * are laid out up to `extendTo` (beyond `to`), so a sliding window that moves
 * the axis by a transform finds the next ticks already there. A chart's
 * render with new points but the same range (a live point, a graph's other
 * state) leaves the axis as it is: a wall redraws two dozen charts a second.
 */
export const TimeAxis = memo(function TimeAxis({
  from,
  to,
  extendTo = to,
  width,
  chartWidth,
  top,
  timeZone,
}: {
  from: number;
  to: number;
  extendTo?: number;
  width: number;
  chartWidth: number;
  top: number;
  timeZone: string;
}) {
  const theme = useTheme();
  const scale = useMemo(
    () => scaleLinear<number>({ domain: [from, to], range: [0, width] }),
    [from, to, width],
  );
  const ticks = useMemo(
    () => timeTicks(from, extendTo, chartWidth, timeZone),
    [from, extendTo, chartWidth, timeZone],
  );
  return (
    <AxisBottom
      top={top}
      scale={scale}
      tickValues={ticks}
      hideAxisLine
      tickStroke={theme.colors.border}
      tickComponent={TickText}
      tickFormat={(value) => tickLabel(Number(value), to - from, timeZone)}
    />
  );
});

/** Whether two value scales lay out the same axis: the same kind, domain and range. */
export function sameScale(a: ValueScale, b: ValueScale): boolean {
  if (a === b) return true;
  const [fromA, toA] = a.domain();
  const [fromB, toB] = b.domain();
  const [bottomA, topA] = a.range();
  const [bottomB, topB] = b.range();
  return (
    'base' in a === 'base' in b &&
    fromA === fromB &&
    toA === toB &&
    bottomA === bottomB &&
    topA === topB
  );
}

/**
 * The value axis left of a plot: five ticks, formatted by `formatTick`. A
 * chart makes a new scale for every new point; the axis is laid out again
 * only when the scale's domain or range changed.
 */
export const ValueAxis = memo(function ValueAxis({
  scale,
  formatTick,
}: {
  scale: ValueScale;
  formatTick: (value: number) => string;
}) {
  const theme = useTheme();
  return (
    <AxisLeft
      scale={scale}
      numTicks={5}
      stroke={theme.colors.border}
      tickStroke={theme.colors.border}
      tickComponent={TickText}
      tickFormat={(value) => formatTick(Number(value))}
    />
  );
}, sameValueAxis);

function sameValueAxis(
  before: { scale: ValueScale; formatTick: (value: number) => string },
  after: { scale: ValueScale; formatTick: (value: number) => string },
): boolean {
  return before.formatTick === after.formatTick && sameScale(before.scale, after.scale);
}
