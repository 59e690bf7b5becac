import { useLingui } from '@lingui/react/macro';
import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { useMemo, type PointerEvent } from 'react';
import styled, { keyframes, useTheme } from 'styled-components';
import { formatSummaryCount } from '../lib/format.ts';
import { ChartLegend } from './chart-legend.tsx';
import { ChartTooltip, useChartTooltip, type TooltipEntry } from './chart-tooltip.tsx';
import { ANIMATION_MS, CHART_HEIGHT, ChartFrame } from './frame.tsx';
import { NoData } from './no-data.tsx';
import { sliceShares } from './slices.ts';
import { describeSpan } from './time-spans.ts';
import type { ChartSlice, TooltipContext } from './types.ts';
import { useChartSize } from './use-chart-size.ts';

/** The doughnut's hole, as a share of its radius. */
const DOUGHNUT_HOLE = 0.55;
/** How far the slice pointed at (or named in the legend) moves out. */
const LIFT_PX = 6;
/** Room around the pie for a lifted slice. */
const PIE_MARGIN = LIFT_PX + 4;
const PAD_ANGLE = 0.004;

export interface PieChartProps {
  /** What the page adds under the tooltip's values (weather, holidays), for the slice's from and to. */
  tooltipContext?: TooltipContext | undefined;
  /** The slices (slices.ts: one per dataset, or one per bucket of a dataset), in drawing order. */
  slices: readonly ChartSlice[];
  /** What the values are of; the chart's name for screen readers and the tooltip's line. */
  label: string;
  /** A full pie (default) or a doughnut with a hole. */
  variant?: 'pie' | 'doughnut' | undefined;
  unit?: string | undefined;
  /** A value in the tooltip: 2 decimals by default (spec §9 summary tooltips). */
  formatValue?: ((value: number) => string) | undefined;
  height?: number | undefined;
  /** The chart's width in px when its parent has measured it: the first render draws at it. */
  width?: number | undefined;
  /** The IANA zone a slice's from and to are shown in. */
  timeZone?: string | undefined;
  /** Hover preview delay; the user's (settings.hoverTime) when not given. */
  hoverTime?: number | undefined;
  /** The legend under the chart; on by default. */
  legend?: boolean | undefined;
}

const grow = keyframes`
  from { transform: rotate(-90deg) scale(0.4); opacity: 0; }
  to { transform: none; opacity: 1; }
`;

/** The pie turns and grows in once, when first drawn (not with reduced motion). */
const Grow = styled.g`
  animation: ${grow} ${ANIMATION_MS}ms ease-out;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Shares of a whole as a pie or a doughnut, in SVG: a slice's tooltip (on
 * hover, or a tap) tells its value, its share and the time it covers; the
 * slice pointed at, or named in the legend under the pointer, moves out a
 * little. Slices of zero or below are not drawn; with none above zero, the
 * no-data note.
 */
export function PieChart(props: PieChartProps) {
  const height = props.height ?? CHART_HEIGHT;
  // The plot mounts with its first slice, so it measures its frame then.
  return props.slices.some((slice) => slice.value > 0) ? (
    <PiePlot {...props} />
  ) : (
    <NoData height={height} />
  );
}

function PiePlot({
  slices,
  label,
  variant = 'pie',
  unit,
  formatValue: givenFormatValue,
  height = CHART_HEIGHT,
  width: givenWidth,
  timeZone = browserZone(),
  hoverTime,
  legend = true,
  tooltipContext,
}: PieChartProps) {
  const theme = useTheme();
  const { i18n } = useLingui();
  const { ref, width } = useChartSize(givenWidth);
  const tooltip = useChartTooltip(hoverTime);
  const language = i18n.locale === 'en' ? 'en' : 'da';
  const formatValue = givenFormatValue ?? ((value: number) => formatSummaryCount(value, language));
  const percent = useMemo(
    () =>
      new Intl.NumberFormat(language === 'da' ? 'da-DK' : 'en-GB', {
        style: 'percent',
        maximumFractionDigits: 1,
      }),
    [language],
  );
  const shares = useMemo(() => sliceShares(slices), [slices]);
  const drawn = useMemo(() => slices.filter((slice) => slice.value > 0), [slices]);
  const radius = Math.max(0, Math.min(width, height) / 2 - PIE_MARGIN);
  const cx = width / 2;
  const cy = height / 2;
  const active = tooltip.hoverId ?? tooltip.pointed?.datasetId ?? null;

  const shownIndex = tooltip.target
    ? slices.findIndex((slice) => slice.id === tooltip.target?.datasetId)
    : -1;
  const shown = slices[shownIndex];
  const withUnit = (value: number) => `${formatValue(value)}${unit ? ` ${unit}` : ''}`;
  // A slice's share, and the time it covers where its label does not already say so.
  const shownEntry = (slice: ChartSlice, share: number): TooltipEntry => {
    const span = describeSpan(slice.from, slice.to, timeZone);
    const shareText = percent.format(share);
    return {
      id: slice.id,
      label,
      color: slice.color,
      value: withUnit(slice.value),
      note: span === slice.label ? shareText : `${shareText} · ${span}`,
    };
  };
  const summary = `${label}: ${slices.map((s) => `${s.label} ${withUnit(s.value)}`).join(', ')}`;

  return (
    <div>
      <ChartFrame
        ref={ref}
        style={{ height }}
        role="img"
        aria-label={summary}
        data-chart={variant}
        onPointerLeave={tooltip.onLeave}
      >
        {width > 0 ? (
          <>
            <svg width={width} height={height} aria-hidden>
              <Grow style={{ transformOrigin: `${cx}px ${cy}px` }}>
                <Group left={cx} top={cy}>
                  <Pie
                    data={[...drawn]}
                    pieValue={(slice) => slice.value}
                    pieSort={null}
                    pieSortValues={null}
                    outerRadius={radius}
                    innerRadius={variant === 'doughnut' ? radius * DOUGHNUT_HOLE : 0}
                    padAngle={drawn.length > 1 ? PAD_ANGLE : 0}
                  >
                    {(pie) =>
                      pie.arcs.map((arc) => {
                        const slice = arc.data;
                        const [x, y] = pie.path.centroid(arc);
                        const middle = (arc.startAngle + arc.endAngle) / 2;
                        const lift = slice.id === active ? LIFT_PX : 0;
                        const onPointer = (event: PointerEvent<SVGPathElement>) =>
                          tooltip.onPointer(event, {
                            datasetId: slice.id,
                            index: slices.indexOf(slice),
                            left: cx + x,
                            top: cy + y,
                          });
                        return (
                          <path
                            key={slice.id}
                            data-slice={slice.id}
                            d={pie.path(arc) ?? ''}
                            fill={slice.color}
                            stroke={theme.colors.surface}
                            strokeWidth={drawn.length > 1 ? 1 : 0}
                            transform={`translate(${Math.sin(middle) * lift},${-Math.cos(middle) * lift})`}
                            onPointerEnter={onPointer}
                            onPointerMove={onPointer}
                            onPointerDown={onPointer}
                          />
                        );
                      })
                    }
                  </Pie>
                </Group>
              </Grow>
            </svg>
            {shown ? (
              <ChartTooltip
                tooltip={tooltip}
                chartWidth={width}
                title={shown.label}
                entries={[shownEntry(shown, shares[shownIndex] ?? 0)]}
              >
                {tooltipContext?.({
                  time: shown.from,
                  span: { start: shown.from, end: shown.to },
                  datasetIds: [shown.id],
                  setLoading: tooltip.setContextLoading,
                })}
              </ChartTooltip>
            ) : null}
          </>
        ) : null}
      </ChartFrame>
      {legend ? (
        <ChartLegend
          items={slices.map(({ id, label: name, color }) => ({ id, label: name, color }))}
          hoverId={tooltip.hoverId}
          onHover={tooltip.onLegendHover}
        />
      ) : null}
    </div>
  );
}
