import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { Graph, GraphPeriod } from '../../../../contracts/dashboard.ts';
import type { SeriesSnapshot } from '../../../../streams/live-data.ts';
import type { SeriesPoint } from '../../../../streams/types.ts';
import type { ChartPoint } from '../../../charts/types.ts';
import { ReusingMaps } from '../../../lib/reusing-map.ts';
import type { PeriodWindow } from '../../../lib/periods.ts';
import { DifferenceBody, ScoreBody, WindBody } from './card-bodies.tsx';
import { KindChart } from '../../../charts/kind-chart.tsx';
import { useHolidayDates } from '../../../api/calendar/use-calendar-days.ts';
import { useTooltipContext, type ChartPlace } from '../../../api/chart-context/tooltip-context.tsx';
import { chartTypes } from '../../../lib/settings.ts';
import { chartDatasets } from './chart-data.ts';
import type { DrawnGraph } from './drawn-data.tsx';
import { GaugeBody } from './gauge-body.tsx';
import { graphKind } from './graph-kind.ts';
import type { GraphSource } from './sources.ts';

const DAY = 86_400_000;

/** A graph's body by its type, from what it draws. */
export function GraphBody({
  graph,
  period,
  data,
  snapshots,
  sources,
  range,
  window,
  yAxis,
  height,
  width,
  place,
}: {
  graph: Graph;
  period: GraphPeriod;
  data: DrawnGraph;
  snapshots: ReadonlyMap<string, SeriesSnapshot>;
  sources: readonly GraphSource[];
  range: { from: number; to: number };
  window: PeriodWindow | null;
  live: boolean;
  yAxis: 'linear' | 'log';
  /** The body's height in px, which a chart fills. */
  height?: number | undefined;
  /** The body's width in px: a chart drawn with its data draws at it at once. */
  width?: number | undefined;
  /** Where the graph's device is, for its tooltips' weather; null for several devices. */
  place: ChartPlace | null;
}) {
  // Kept between renders: a new point is one new chart point, not the whole series again.
  const [maps] = useState(() => new ReusingMaps<SeriesPoint, ChartPoint>());
  const datasets = useMemo(
    () => chartDatasets(sources, snapshots, data, maps),
    [sources, snapshots, data, maps],
  );
  const it = graphKind(graph);
  const tooltipContext = useTooltipContext(place, data.timeZone);
  const { i18n } = useLingui();
  // Holidays are shaded on charts of more than a day, as weekends are.
  const holidays = useHolidayDates(i18n.locale === 'en' ? 'en' : 'da', range.to - range.from > DAY);
  switch (it.kind) {
    case 'gauge':
      return (
        <GaugeBody dataset={data.datasets[0]} min={it.graph.min ?? 0} max={it.graph.max ?? 100} />
      );
    case 'difference':
      return <DifferenceBody datasets={data.datasets} />;
    case 'score':
      return <ScoreBody datasets={data.datasets} />;
    case 'wind':
      return <WindBody datasets={data.datasets} />;
    default:
      return (
        <KindChart
          datasets={datasets}
          kind={chartTypes[period.chartType] ?? 'line'}
          range={range}
          window={window}
          timeZone={data.timeZone}
          yAxis={yAxis}
          label={graph.name}
          height={height}
          width={width}
          tooltipContext={tooltipContext}
          holidays={holidays}
        />
      );
  }
}
