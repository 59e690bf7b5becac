import type { GraphPeriod } from '../../../../contracts/dashboard.ts';
import { BarChart } from '../../../charts/bar-chart.tsx';
import { describeSpan } from '../../../charts/time-spans.ts';
import { isTouchScreen } from '../../../charts/frame.tsx';
import { LineChart } from '../../../charts/line-chart.tsx';
import { NoData } from '../../../charts/no-data.tsx';
import { PieChart } from '../../../charts/pie-chart.tsx';
import { slicesPerBucket, slicesPerDataset } from '../../../charts/slices.ts';
import type { ChartDataset, YAxisType } from '../../../charts/types.ts';
import type { PeriodWindow } from '../../../lib/periods.ts';
import { chartTypes } from '../../../lib/settings.ts';

const axisTypes: Record<'linear' | 'log', YAxisType> = { linear: 'linear', log: 'logarithmic' };

/**
 * A chart graph's body (types 0 and 6): all its datasets (a multi-source
 * chart's: one per device) as the period's chart kind (0 pie, 1 donut, 2 bar,
 * 3 line) on the graph's value axis. A line on a live period follows the
 * clock smoothly; other periods and kinds show the period's range. A pie or
 * doughnut of one dataset has a slice per bucket, of several a slice per
 * dataset.
 */
/** Room kept under a plot for a legend of one row, and of two (more scroll; chart-legend.tsx). */
const LEGEND_ROW = 40;
const LEGEND_ROWS_MAX = 72;
/** Below this a plot says nothing: it stays this tall and the cell scrolls. */
const MIN_HEIGHT = 120;

export function ChartBody({
  datasets,
  period,
  range,
  window,
  timeZone,
  yAxis,
  label,
  height,
}: {
  datasets: readonly ChartDataset[];
  period: GraphPeriod;
  range: { from: number; to: number };
  /** The period's window: a sliding one moves the line chart's axis with the clock. */
  window?: PeriodWindow | null | undefined;
  timeZone: string;
  yAxis: 'linear' | 'log';
  /** The chart's name for screen readers (and a pie's tooltip); the first dataset's label when absent. */
  label?: string | undefined;
  /** The plot's height in px: the graph's cell less its legend; the spec's 300 when absent. */
  height?: number | undefined;
}) {
  const first = datasets[0];
  if (!first || datasets.every((d) => d.points.length === 0)) return <NoData />;
  const name = label ?? first.label;
  const unit = first.unit;
  const kind = chartTypes[period.chartType] ?? 'line';
  // A legend (several datasets, or a pie's slices) takes a line or two under the plot.
  const entries =
    kind === 'pie' || kind === 'donut' ? Math.max(datasets.length, 3) : datasets.length;
  const legendReserve = entries <= 1 ? 0 : entries <= 2 ? LEGEND_ROW : LEGEND_ROWS_MAX;
  const sized =
    height === undefined ? {} : { height: Math.max(MIN_HEIGHT, height - legendReserve) };
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
          datasets={datasets}
          label={name}
          unit={unit}
          from={range.from}
          to={range.to}
          timeZone={timeZone}
          yAxis={axisTypes[yAxis]}
        />
      );
    default:
      return (
        <LineChart
          {...sized}
          datasets={datasets}
          label={name}
          unit={unit}
          {...(window?.kind === 'sliding' ? { window } : { from: range.from, to: range.to })}
          timeZone={timeZone}
          yAxis={axisTypes[yAxis]}
          touch={isTouchScreen()}
        />
      );
  }
}
