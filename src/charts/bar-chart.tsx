import { useLingui } from '@lingui/react/macro';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useMemo, type PointerEvent } from 'react';
import styled, { keyframes, useTheme } from 'styled-components';
import type { TooltipTarget } from '../../machines/tooltip.machine.ts';
import { formatAxisValue, formatSummaryCount } from '../lib/format.ts';
import { weekendColorValues } from '../lib/settings.ts';
import { useSettings } from '../lib/use-settings.ts';
import { TimeAxis, ValueAxis } from './axes.tsx';
import { withAlpha } from './canvas.ts';
import { ChartLegend } from './chart-legend.tsx';
import { LogAxisNote } from './log-axis-note.tsx';
import { ChartTooltip, useChartTooltip, type TooltipEntry } from './chart-tooltip.tsx';
import { ANIMATION_MS, CHART_HEIGHT, ChartFrame, MARGIN, plotWidth } from './frame.tsx';
import { NoData } from './no-data.tsx';
import { valueScale } from './scales.ts';
import { paletteColor } from './slices.ts';
import { barSlots, describeSpan, type BarSlot } from './time-spans.ts';
import type { ChartDataset, TooltipContext, YAxisType } from './types.ts';
import { useChartSize } from './use-chart-size.ts';
import { daysOffRanges } from './weekends.ts';

const DAY = 86_400_000;
/** Weekends: the user's weekend colour, light (as the line chart shades them). */
const WEEKEND_OPACITY = 0.12;
/** The room left on each side of a bucket's group of bars, as a share of the bucket. */
const GROUP_PADDING = 0.1;
/** Bars of other datasets while a legend entry is pointed at. */
const DIMMED_OPACITY = 0.35;
/** A bucket with no span of its own (a lone raw point) is drawn this wide at most. */
const LONE_BUCKET_PX = 40;

export interface BarChartProps {
  /** Public holidays (YYYY-MM-DD), shaded as weekends are. */
  holidays?: readonly string[] | undefined;
  /** What the page adds under the tooltip's values (weather, holidays). */
  tooltipContext?: TooltipContext | undefined;
  /** The series; each bucket shows one bar per dataset, side by side. */
  datasets: readonly ChartDataset[];
  /** The chart's name, for screen readers. */
  label: string;
  /** The values' unit, where a dataset names none. */
  unit?: string | undefined;
  /** The time axis' ends (epoch ms); the buckets' own when not given. */
  from?: number | undefined;
  to?: number | undefined;
  /** How long a raw point's bucket lasts when nothing else tells (its last point). */
  bucketMs?: number | undefined;
  /** A value in the tooltip: 2 decimals by default (spec §9 summary tooltips). */
  formatValue?: ((value: number) => string) | undefined;
  /** The value axis' ticks: at most two decimals by default. */
  formatTick?: ((value: number) => string) | undefined;
  height?: number | undefined;
  /** The chart's width in px when its parent has measured it: the first render draws at it. */
  width?: number | undefined;
  /** The IANA zone times are shown in: ticks, weekends and the tooltip. */
  timeZone?: string | undefined;
  /** Linear (default) or logarithmic value axis; the logarithm leaves out values ≤ 0, and says so. */
  yAxis?: YAxisType | undefined;
  /** Weekend shading's colour (CSS); the user's weekend colour when not given; null: none. */
  weekendColor?: string | null | undefined;
  /** Hover preview delay; the user's (settings.hoverTime) when not given. */
  hoverTime?: number | undefined;
  /** A legend under the chart; on by default with more than one dataset. */
  legend?: boolean | undefined;
}

interface DrawnBar {
  datasetId: string;
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
}

interface DrawnSlot extends BarSlot {
  x0: number;
  x1: number;
  bars: DrawnBar[];
}

const grow = keyframes`
  from { transform: scaleY(0); }
  to { transform: scaleY(1); }
`;

/** The bars grow from the axis' base once, when first drawn (not with reduced motion). */
const Grow = styled.g`
  animation: ${grow} ${ANIMATION_MS}ms ease-out;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Values per time bucket as bars, the datasets' bars side by side in each
 * bucket, on a linear or logarithmic axis, in SVG. Weekends are shaded in the
 * user's weekend colour; pointing at (or tapping) a bucket shows every
 * dataset's value there in the tooltip, run by the tooltip machine; a legend
 * entry under the pointer dims the other datasets. The bars grow in over
 * 500 ms. With no values, the no-data note.
 */
export function BarChart(props: BarChartProps) {
  const { datasets, bucketMs = 0, height = CHART_HEIGHT } = props;
  const slots = useMemo(() => barSlots(datasets, bucketMs), [datasets, bucketMs]);
  // The plot mounts with its first values, so it measures its frame then.
  return slots.length === 0 ? <NoData height={height} /> : <BarPlot {...props} slots={slots} />;
}

function BarPlot({
  datasets,
  slots,
  label,
  unit,
  from: givenFrom,
  to: givenTo,
  formatValue: givenFormatValue,
  formatTick: givenFormatTick,
  height = CHART_HEIGHT,
  width: givenWidth,
  timeZone = browserZone(),
  yAxis = 'linear',
  weekendColor: givenWeekendColor,
  hoverTime,
  legend,
  tooltipContext,
  holidays,
}: BarChartProps & { slots: readonly BarSlot[] }) {
  const theme = useTheme();
  const { i18n } = useLingui();
  const { settings } = useSettings();
  const { ref, width } = useChartSize(givenWidth);
  const tooltip = useChartTooltip(hoverTime);
  const language = i18n.locale === 'en' ? 'en' : 'da';
  const formatValue = givenFormatValue ?? ((value: number) => formatSummaryCount(value, language));
  // The same function while the language stays: the value axis is laid out again only when it changes.
  const formatTick = useMemo(
    () => givenFormatTick ?? ((value: number) => formatAxisValue(value, language)),
    [givenFormatTick, language],
  );
  const weekendColor =
    givenWeekendColor === undefined ? weekendColorValues[settings.weekendColor] : givenWeekendColor;
  const innerWidth = plotWidth(width);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const log = yAxis === 'logarithmic';

  const colors = useMemo(
    () =>
      datasets.map(
        (d, index) => d.color ?? (index === 0 ? theme.colors.primary : paletteColor(index)),
      ),
    [datasets, theme.colors.primary],
  );
  const values = useMemo(
    () => slots.flatMap((slot) => slot.values.filter((v): v is number => v !== null)),
    [slots],
  );
  const skipped = log ? values.filter((v) => !(v > 0)).length : 0;
  const from = givenFrom ?? slots[0]?.from ?? 0;
  const to = givenTo ?? Math.max(slots[slots.length - 1]?.to ?? 0, from + 1);

  const y = useMemo(
    () =>
      valueScale(
        // A linear axis always shows zero: a bar's height is its value.
        [...values, ...(log ? [] : [0])].map((value) => ({ time: 0, value })),
        yAxis,
        innerHeight,
      ),
    [values, yAxis, log, innerHeight],
  );
  const base = log ? innerHeight : Math.min(innerHeight, Math.max(0, y(0)));

  const layout = useMemo<DrawnSlot[]>(() => {
    const x = scaleLinear<number>({ domain: [from, to], range: [0, innerWidth] });
    const inner = scaleBand<string>({
      domain: datasets.map((d) => d.id),
      range: [0, 1],
      paddingInner: datasets.length > 1 ? 0.1 : 0,
    });
    return slots.map((slot) => {
      let x0 = Math.max(0, x(slot.from));
      let x1 = Math.min(innerWidth, x(slot.to));
      if (x1 - x0 < 1) {
        const half = Math.min(LONE_BUCKET_PX, innerWidth / Math.max(1, slots.length)) / 2;
        x0 = x(slot.from) - half;
        x1 = x(slot.from) + half;
      }
      const groupX = x0 + (x1 - x0) * GROUP_PADDING;
      const groupWidth = (x1 - x0) * (1 - 2 * GROUP_PADDING);
      const bars: DrawnBar[] = [];
      datasets.forEach((d, index) => {
        const value = slot.values[index];
        if (value === null || value === undefined || (log && !(value > 0))) return;
        const top = Math.min(innerHeight, Math.max(0, y(value)));
        bars.push({
          datasetId: d.id,
          x: groupX + (inner(d.id) ?? 0) * groupWidth,
          y: Math.min(top, base),
          width: Math.max(1, inner.bandwidth() * groupWidth),
          height: Math.abs(base - top),
          color: colors[index] ?? theme.colors.primary,
        });
      });
      return { ...slot, x0, x1, bars };
    });
  }, [slots, datasets, colors, from, to, innerWidth, innerHeight, y, base, log, theme]);

  const weekends = useMemo(
    () => (weekendColor && to - from > DAY ? daysOffRanges(from, to, timeZone, holidays) : []),
    [weekendColor, from, to, timeZone, holidays],
  );

  const targetAt = (event: PointerEvent<HTMLDivElement>): TooltipTarget | null => {
    const px = event.clientX - event.currentTarget.getBoundingClientRect().left - MARGIN.left;
    let index = layout.findIndex((slot) => px >= slot.x0 && px <= slot.x1);
    if (index < 0) {
      let best = Infinity;
      layout.forEach((slot, i) => {
        const distance = Math.abs((slot.x0 + slot.x1) / 2 - px);
        if (distance < best) [best, index] = [distance, i];
      });
    }
    const slot = layout[index];
    const bar = slot?.bars.find((b) => px >= b.x && px <= b.x + b.width) ?? slot?.bars[0];
    if (!slot || !bar) return null;
    return {
      datasetId: bar.datasetId,
      index,
      left: MARGIN.left + (slot.x0 + slot.x1) / 2,
      top: MARGIN.top,
    };
  };
  const onPointer = (event: PointerEvent<HTMLDivElement>) =>
    tooltip.onPointer(event, targetAt(event));

  const shownSlot = tooltip.target ? layout[tooltip.target.index] : undefined;
  const entries: TooltipEntry[] = [];
  datasets.forEach((d, index) => {
    const value = shownSlot?.values[index];
    if (value === null || value === undefined) return;
    const valueUnit = d.unit ?? unit;
    entries.push({
      id: d.id,
      label: d.label,
      color: colors[index] ?? theme.colors.primary,
      value: `${formatValue(value)}${valueUnit ? ` ${valueUnit}` : ''}`,
    });
  });
  const pointedSlot = tooltip.pointed ? layout[tooltip.pointed.index] : undefined;
  const hoverId = tooltip.hoverId;

  const summary = `${label}: ${datasets
    .map((d, index) => {
      const last = [...slots].reverse().find((slot) => slot.values[index] != null);
      const value = last?.values[index];
      return value == null ? d.label : `${d.label} ${formatValue(value)}`;
    })
    .join(', ')}`;
  const showLegend = legend ?? datasets.length > 1;

  return (
    <div>
      <ChartFrame
        ref={ref}
        style={{ height }}
        role="img"
        aria-label={summary}
        data-chart="bar"
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={tooltip.onLeave}
      >
        {width > 0 ? (
          <>
            <svg width={width} height={height} aria-hidden>
              <Group left={MARGIN.left} top={MARGIN.top}>
                {weekendColor
                  ? weekends.map(([start, end]) => (
                      <rect
                        key={start}
                        data-weekend
                        x={((start - from) / (to - from)) * innerWidth}
                        y={0}
                        width={((end - start) / (to - from)) * innerWidth}
                        height={innerHeight}
                        fill={withAlpha(weekendColor, WEEKEND_OPACITY)}
                      />
                    ))
                  : null}
                {pointedSlot ? (
                  <rect
                    x={pointedSlot.x0}
                    y={0}
                    width={pointedSlot.x1 - pointedSlot.x0}
                    height={innerHeight}
                    fill={theme.colors.hover}
                  />
                ) : null}
                <ValueAxis scale={y} formatTick={formatTick} />
                <TimeAxis
                  from={from}
                  to={to}
                  width={innerWidth}
                  chartWidth={width}
                  top={innerHeight}
                  timeZone={timeZone}
                />
              </Group>
              <Grow style={{ transformOrigin: `0 ${MARGIN.top + base}px` }}>
                <Group left={MARGIN.left} top={MARGIN.top}>
                  {layout.flatMap((slot) =>
                    slot.bars.map((bar) => (
                      <Bar
                        key={`${slot.from}:${bar.datasetId}`}
                        data-dataset={bar.datasetId}
                        x={bar.x}
                        y={bar.y}
                        width={bar.width}
                        height={bar.height}
                        fill={bar.color}
                        opacity={hoverId && hoverId !== bar.datasetId ? DIMMED_OPACITY : 1}
                      />
                    )),
                  )}
                </Group>
              </Grow>
              <line
                x1={MARGIN.left}
                x2={MARGIN.left + innerWidth}
                y1={MARGIN.top + base}
                y2={MARGIN.top + base}
                stroke={theme.colors.border}
              />
            </svg>
            {shownSlot && entries.length > 0 ? (
              <ChartTooltip
                tooltip={tooltip}
                chartWidth={width}
                title={describeSpan(shownSlot.from, shownSlot.to, timeZone)}
                entries={entries}
              >
                {tooltipContext?.({
                  time: shownSlot.from,
                  span: { start: shownSlot.from, end: shownSlot.to },
                  datasetIds: entries.map((entry) => entry.id),
                  setLoading: tooltip.setContextLoading,
                })}
              </ChartTooltip>
            ) : null}
          </>
        ) : null}
      </ChartFrame>
      <LogAxisNote skipped={skipped} />
      {showLegend ? (
        <ChartLegend
          items={datasets.map((d, index) => ({
            id: d.id,
            label: d.label,
            color: colors[index] ?? theme.colors.primary,
          }))}
          hoverId={hoverId}
          onHover={tooltip.onLegendHover}
        />
      ) : null}
    </div>
  );
}
