import { useLingui } from '@lingui/react/macro';
import type { GraphPeriod } from '../../../../contracts/dashboard.ts';
import { LineChart } from '../../../charts/line-chart.tsx';
import { ChartLegend } from '../../../charts/chart-legend.tsx';
import type { ChartDataset } from '../../../charts/types.ts';
import { formatCount } from '../../../lib/format.ts';

/**
 * A chart graph's body (types 0 and 6): its datasets as the period's chart
 * kind (0 pie, 1 donut, 2 bar, 3 line), over the period's range.
 */
export function ChartBody({
  datasets,
  range,
  timeZone,
}: {
  datasets: readonly ChartDataset[];
  period: GraphPeriod;
  range: { from: number; to: number };
  timeZone: string;
  yAxis: 'linear' | 'log';
}) {
  const { i18n } = useLingui();
  const language = i18n.locale === 'en' ? 'en' : 'da';
  const first = datasets[0];
  if (!first) return null;
  return (
    <>
      <LineChart
        points={first.points}
        from={range.from}
        to={range.to}
        label={first.label}
        {...(first.unit ? { unit: first.unit } : {})}
        formatValue={(value) => formatCount(value, 3, language)}
        timeZone={timeZone}
      />
      {datasets.length > 1 ? (
        <ChartLegend
          items={datasets.map((d) => ({ id: d.id, label: d.label, color: d.color ?? '' }))}
        />
      ) : null}
    </>
  );
}
