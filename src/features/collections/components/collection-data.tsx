import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { CollectionData } from '../../../../contracts/collection.ts';
import { LineChart } from '../../../charts/line-chart.tsx';
import { NoData } from '../../../charts/no-data.tsx';
import { paletteColor } from '../../../charts/slices.ts';
import type { ChartDataset } from '../../../charts/types.ts';
import { collectionDataKeysQuery, collectionDataQuery } from '../../../api/collections/queries.ts';
import { formatCount } from '../../../lib/format.ts';
import { periodOptions, periodWindow } from '../../../lib/periods.ts';
import { useElementWidth } from '../../../lib/use-element-size.ts';
import { ControlBar } from '../../../ui/control-bar.tsx';
import { Section } from '../../../ui/detail.tsx';
import { ErrorState, Loading } from '../../../ui/status.tsx';

/** The fixed periods a collection's data is shown over (spec §3 Period: today … last 90 days). */
const PERIODS = [0, 1, 2, 3, 4, 5] as const;
/** The period shown first: the last 7 days. */
const DEFAULT_PERIOD = 3;
/** At most one bucket per this many pixels of chart width. */
const PIXELS_PER_BUCKET = 4;
const MIN_BUCKETS = 24;
const MAX_BUCKETS = 2_000;

const Note = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
`;

/**
 * One line per device period: a device that measured twice is drawn in the
 * same colour both times, and the line breaks where one device took over.
 */
export function segmentDatasets(data: CollectionData): ChartDataset[] {
  const colours = new Map<number, string>();
  return data.segments.map((segment, index) => {
    let colour = colours.get(segment.device.id);
    if (colour === undefined) {
      colour = paletteColor(colours.size);
      colours.set(segment.device.id, colour);
    }
    return {
      id: `${segment.device.id}:${index}`,
      label: segment.device.name,
      color: colour,
      points: segment.points.flatMap((p) =>
        p.value === null
          ? []
          : [
              {
                time: Date.parse(p.time),
                value: p.value,
                bucket: {
                  start: Date.parse(p.time),
                  end: Date.parse(p.end),
                  min: p.min ?? p.value,
                  max: p.max ?? p.value,
                },
              },
            ],
      ),
    };
  });
}

/**
 * A data collection's data: a data key over a period, each device drawn
 * only over the stretch it measured for the collection (the server cuts
 * them), in the collection organisation's time zone.
 */
export function CollectionDataSection({ collectionId }: { collectionId: number }) {
  const { t, i18n } = useLingui();
  const keys = useQuery(collectionDataKeysQuery(collectionId));
  const [chosenKey, setChosenKey] = useState('');
  const [menuId, setMenuId] = useState<number>(DEFAULT_PERIOD);
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const timeZone = keys.data?.timeZone ?? 'UTC';
  const key = chosenKey || keys.data?.keys[0] || '';
  // Worked out once per choice: the query's key must not move with the clock on every render.
  const range = useMemo(() => {
    const now = new Date().getTime();
    const window = periodWindow(menuId, now, timeZone);
    return window.kind === 'fixed'
      ? { from: window.from, to: window.to }
      : { from: now - window.durationMs, to: now };
  }, [menuId, timeZone]);
  const buckets = Math.min(
    MAX_BUCKETS,
    Math.max(MIN_BUCKETS, Math.floor((width || 600) / PIXELS_PER_BUCKET)),
  );
  const data = useQuery({
    ...collectionDataQuery(collectionId, key, range, buckets),
    enabled: key !== '' && width > 0,
  });
  const touch = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

  let body;
  if (keys.isPending) body = <Loading />;
  else if (keys.isError)
    body = <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />;
  else if (keys.data.keys.length === 0)
    body = (
      <p>
        <Trans>No device has reported data for this collection yet.</Trans>
      </p>
    );
  else if (data.isError)
    body = <ErrorState error={data.error} onRetry={() => void data.refetch()} />;
  else if (!data.data) body = <Loading />;
  else {
    const datasets = segmentDatasets(data.data);
    const shown = datasets.some((d) => d.points.length > 0);
    body = shown ? (
      <>
        <LineChart
          datasets={datasets}
          from={range.from}
          to={range.to}
          label={t`${key} of the collection`}
          formatValue={(value) => formatCount(value, 3, i18n.locale === 'en' ? 'en' : 'da')}
          formatRange={(min, max) => t`Lowest ${min}, highest ${max}`}
          timeZone={timeZone}
          touch={touch}
          legend
        />
        <Note>
          <Trans>Each device is drawn only over the time it measured for this collection.</Trans>
        </Note>
      </>
    ) : (
      <NoData />
    );
  }

  return (
    <Section aria-labelledby="collection-data">
      <h2 id="collection-data">
        <Trans>Data</Trans>
      </h2>
      {keys.data && keys.data.keys.length > 0 ? (
        <ControlBar>
          <label>
            <Trans>Data key</Trans>{' '}
            <select value={key} onChange={(event) => setChosenKey(event.target.value)}>
              {keys.data.keys.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          <label>
            <Trans>Period</Trans>{' '}
            <select value={menuId} onChange={(event) => setMenuId(Number(event.target.value))}>
              {periodOptions
                .filter((o) => (PERIODS as readonly number[]).includes(o.menuId))
                .map((option) => (
                  <option key={option.menuId} value={option.menuId}>
                    {i18n._(option.label)}
                  </option>
                ))}
            </select>
          </label>
        </ControlBar>
      ) : null}
      <div ref={box} aria-busy={data.isFetching || keys.isPending}>
        {body}
      </div>
    </Section>
  );
}
