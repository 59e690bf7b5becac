import { tz } from '@date-fns/tz';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { scaleLinear } from '@visx/scale';
import { format } from 'date-fns';
import { useMemo } from 'react';
import { useTheme } from 'styled-components';
import type { ValueScale } from './scales.ts';
import { timeTicks } from './time-ticks.ts';

const DAY = 86_400_000;

/** A tick's label: the day (dd/MM) on ranges over two days, else the time (HH:mm), in `timeZone`. */
export function tickLabel(t: number, rangeMs: number, timeZone: string): string {
  return format(t, rangeMs > 2 * DAY ? 'dd/MM' : 'HH:mm', { in: tz(timeZone) });
}

/**
 * The time axis under a plot `width` wide showing `from`…`to`, with the
 * spec's tick steps (time-ticks.ts) on the wall clock of `timeZone`. Ticks
 * are laid out up to `extendTo` (beyond `to`), so a sliding window that moves
 * the axis by a transform finds the next ticks already there.
 */
export function TimeAxis({
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
      tickFormat={(value) => tickLabel(Number(value), to - from, timeZone)}
    />
  );
}

/** The value axis left of a plot: five ticks, formatted by `formatTick`. */
export function ValueAxis({
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
      tickFormat={(value) => formatTick(Number(value))}
    />
  );
}
