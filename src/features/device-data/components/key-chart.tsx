import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef } from 'react';
import styled from 'styled-components';
import { useHolidayDates } from '../../../api/calendar/use-calendar-days.ts';
import { useTooltipContext, type ChartPlace } from '../../../api/chart-context/tooltip-context.tsx';
import { CHART_HEIGHT } from '../../../charts/frame.tsx';
import { KindChart } from '../../../charts/kind-chart.tsx';
import { LineChart } from '../../../charts/line-chart.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useSeries } from '../../../lib/live-data.tsx';
import { barBuckets, type PeriodWindow } from '../../../lib/periods.ts';
import type { ChartType } from '../../../lib/settings.ts';
import { Section } from '../../../ui/detail.tsx';
import { Empty, ErrorState, Loading } from '../../../ui/status.tsx';
import { useElementWidth } from '../../../lib/use-element-size.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useOnScreen } from '../../../lib/use-on-screen.ts';
import { bucketUnit, bucketsFor } from './resolution.ts';

export interface DataKeyInfo {
  key: string;
  name?: string | null | undefined;
  unit?: string | null | undefined;
}

/** Holidays are shaded on charts of more than a day, as weekends are. */
const DAY = 86_400_000;

const Caption = styled.p`
  margin: -4px 0 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
`;

/**
 * The chart's place: while it loads, or says it has no data or an error, it
 * keeps the chart's height, so the charts below it do not move down the page
 * as it fills (a chart scrolled to while the others load stays in view).
 */
const Plot = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  min-height: ${CHART_HEIGHT}px;
`;

/** What one point of an aggregated chart stands for, and what the band is (when there is one). */
function BucketCaption({ bucketMs, banded }: { bucketMs: number; banded: boolean }) {
  const { unit, count } = bucketUnit(bucketMs);
  return (
    <Caption>
      {unit === 'minute' ? (
        <Plural value={count} one="Average per minute." other="Average per # minutes." />
      ) : unit === 'hour' ? (
        <Plural value={count} one="Average per hour." other="Average per # hours." />
      ) : (
        <Plural value={count} one="Average per day." other="Average per # days." />
      )}
      {banded ? (
        <>
          {' '}
          <Trans>The band shows the lowest and highest values.</Trans>
        </>
      ) : null}
    </Caption>
  );
}

/**
 * One data key's chart, of the user's chart type (Settings → Diagrams). A
 * line on a long period (`aggregate`) is drawn from about one bucket per
 * pixel, with a min/max band, unless the user asked for raw data; shorter
 * ones from the raw points. Bars and slices show one bucket per minute, hour
 * or day of the period (`timeType`). Off screen, the chart stops drawing and
 * lets its live feed go; back on screen it fills what it missed.
 */
export function KeyChart({
  deviceId,
  info,
  window,
  aggregate,
  timeType,
  kind = 'line',
  timeZone,
  place,
}: {
  deviceId: number;
  info: DataKeyInfo;
  window: PeriodWindow;
  aggregate: boolean;
  /** The period's display granularity (spec §3): 0 minutely, 1 hourly, 2 daily. */
  timeType: number;
  kind?: ChartType;
  /** The organisation's time zone: the history route's times and the chart's labels. */
  timeZone: string;
  /** Where the device is, for the tooltips' weather. */
  place: ChartPlace;
}) {
  const { t, i18n } = useLingui();
  const frame = useRef<HTMLDivElement>(null);
  const tooltipContext = useTooltipContext(place, timeZone);
  const holidays = useHolidayDates(
    i18n.locale === 'en' ? 'en' : 'da',
    window.kind === 'sliding' ? window.durationMs > DAY : window.to - window.from > DAY,
  );
  const onScreen = useOnScreen(frame);
  const width = useElementWidth(frame);
  const durationMs = window.kind === 'sliding' ? window.durationMs : window.to - window.from;
  const buckets =
    kind !== 'line' ? barBuckets(timeType, durationMs) : aggregate ? bucketsFor(width) : undefined;
  // A line of buckets waits for its width: it decides how many buckets to ask for.
  const request =
    kind === 'line' && aggregate && width === 0
      ? null
      : {
          deviceId,
          key: info.key,
          window,
          ...(buckets === undefined ? {} : { buckets }),
        };
  const series = useSeries(request, { paused: !onScreen });
  // A band shows only where a bucket held different values.
  const banded = useMemo(
    () => series.points.some((p) => p.bucket !== undefined && p.bucket.max > p.bucket.min),
    [series.points],
  );
  const now = useNow(
    window.kind === 'sliding' && onScreen,
    window.kind === 'sliding' && window.durationMs <= 3_600_000 ? 1000 : 60_000,
  );
  const from = window.kind === 'sliding' ? now - window.durationMs : window.from;
  const to = window.kind === 'sliding' ? now : window.to;
  const name = info.name || info.key;
  const language = i18n.locale === 'en' ? 'en' : 'da';
  const touch = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

  let body;
  if (series.refused)
    body = <ErrorState message={t`You do not have access to this device's data.`} />;
  else if (series.error && series.points.length === 0)
    body = <ErrorState message={t`The data could not be loaded: ${series.error}`} />;
  else if (series.loading && series.points.length === 0) body = <Loading />;
  else if (series.points.length === 0)
    body = (
      <Empty>
        <Trans>No data in this period yet. New values appear here as they arrive.</Trans>
      </Empty>
    );
  else if (kind !== 'line')
    body = (
      <>
        {series.bucketMs !== null ? (
          <BucketCaption bucketMs={series.bucketMs} banded={false} />
        ) : null}
        <KindChart
          kind={kind}
          datasets={[
            { id: info.key, label: name, points: series.points, unit: info.unit ?? undefined },
          ]}
          range={{ from, to }}
          timeZone={timeZone}
          yAxis="linear"
          label={name}
          formats={{
            value: (value) => formatCount(value, 2, language),
          }}
          tooltipContext={tooltipContext}
          holidays={holidays}
        />
      </>
    );
  else
    body = (
      <>
        {series.bucketMs !== null ? (
          <BucketCaption bucketMs={series.bucketMs} banded={banded} />
        ) : null}
        <LineChart
          points={series.points}
          from={from}
          to={to}
          label={name}
          unit={info.unit ?? undefined}
          formatValue={(value) => formatCount(value, 3, language)}
          formatRange={(min, max) => t`Lowest ${min}, highest ${max}`}
          timeZone={timeZone}
          touch={touch}
          tooltipContext={tooltipContext}
          holidays={holidays}
        />
      </>
    );
  return (
    <Section aria-label={name}>
      <h2>
        {name}
        {info.unit ? ` (${info.unit})` : ''}
      </h2>
      <Plot ref={frame}>{body}</Plot>
    </Section>
  );
}
