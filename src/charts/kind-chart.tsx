import type { PeriodWindow } from '../lib/periods.ts';
import type { ChartType } from '../lib/settings.ts';
import { BarChart } from './bar-chart.tsx';
import { isTouchScreen } from './frame.tsx';
import { LineChart } from './line-chart.tsx';
import { NoData } from './no-data.tsx';
import { PieChart } from './pie-chart.tsx';
import { slicesPerBucket, slicesPerDataset } from './slices.ts';
import { describeSpan } from './time-spans.ts';
import type { ChartDataset, TooltipContext, YAxisType } from './types.ts';

const axisTypes: Record<'linear' | 'log', YAxisType> = { linear: 'linear', log: 'logarithmic' };

/** Room kept under a plot for a legend of one row, and of two (more scroll; chart-legend.tsx). */
const LEGEND_ROW = 40;
const LEGEND_ROWS_MAX = 72;
/** Below this a plot says nothing: it stays this tall and the cell scrolls. */
const MIN_HEIGHT = 120;

/**
 * Datasets as a chart of the given kind (spec's chart types: pie, donut,
 * bar, line) on one value axis: a dashboard chart graph (types 0 and 6) and
 * the device data tab. A line on a live period follows the clock smoothly;
 * other periods and kinds show the period's range. A pie or doughnut of one
 * dataset has a slice per bucket, of several a slice per dataset.
 */
export function KindChart({
  datasets,
  kind,
  range,
  window,
  timeZone,
  yAxis,
  label,
  height,
  width,
  formats = {},
  tooltipContext,
  holidays,
}: {
  datasets: readonly ChartDataset[];
  kind: ChartType;
  range: { from: number; to: number };
  /** The period's window: a sliding one moves the line chart's axis with the clock. */
  window?: PeriodWindow | null | undefined;
  timeZone: string;
  yAxis: 'linear' | 'log';
  /** The chart's name for screen readers (and a pie's tooltip); the first dataset's label when absent. */
  label?: string | undefined;
  /** The plot's height in px: the graph's cell less its legend; the spec's 300 when absent. */
  height?: number | undefined;
  /** The chart's width in px when the caller has measured it: drawn at it at once. */
  width?: number | undefined;
  /** What the page adds under a tooltip's values (weather, holidays). */
  tooltipContext?: TooltipContext | undefined;
  /** Public holidays (YYYY-MM-DD), shaded on time axes as weekends are. */
  holidays?: readonly string[] | undefined;
  /** A value in tooltips, the value axis' ticks and a band's range; the charts' own when absent. */
  formats?: {
    value?: (value: number) => string;
    tick?: (value: number) => string;
    range?: (min: string, max: string) => string;
  };
}) {
  const first = datasets[0];
  if (!first || datasets.every((d) => d.points.length === 0)) return <NoData />;
  const name = label ?? first.label;
  const unit = first.unit;
  // A legend (several datasets, or a pie's slices) takes a line or two under the plot.
  const entries =
    kind === 'pie' || kind === 'donut' ? Math.max(datasets.length, 3) : datasets.length;
  const legendReserve = entries <= 1 ? 0 : entries <= 2 ? LEGEND_ROW : LEGEND_ROWS_MAX;
  const sized = {
    ...(height === undefined ? {} : { height: Math.max(MIN_HEIGHT, height - legendReserve) }),
    ...(width === undefined ? {} : { width }),
    tooltipContext,
  };
  switch (kind) {
    case 'pie':
    case 'donut':
      return (
        <PieChart
          {...sized}
          slices={
            datasets.length === 1
              ? slicesPerBucket(first, (from, to) => describeSpan(from, to, timeZone))
              : slicesPerDataset(datasets)
          }
          variant={kind === 'donut' ? 'doughnut' : 'pie'}
          label={name}
          unit={unit}
          timeZone={timeZone}
        />
      );
    case 'bar':
      return (
        <BarChart
          {...sized}
          holidays={holidays}
          datasets={datasets}
          label={name}
          unit={unit}
          from={range.from}
          to={range.to}
          timeZone={timeZone}
          yAxis={axisTypes[yAxis]}
          formatValue={formats.value}
          formatTick={formats.tick}
        />
      );
    default:
      return (
        <LineChart
          {...sized}
          holidays={holidays}
          datasets={datasets}
          label={name}
          unit={unit}
          {...(window?.kind === 'sliding' ? { window } : { from: range.from, to: range.to })}
          timeZone={timeZone}
          yAxis={axisTypes[yAxis]}
          touch={isTouchScreen()}
          formatValue={formats.value}
          formatTick={formats.tick}
          formatRange={formats.range}
        />
      );
  }
}
