import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Flame } from 'lucide-react';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { MapAggregate } from '../../../contracts/map.ts';
import { countStatuses, type MapPoint } from '../../maps/status-counts.ts';
import { domainOf, legendGradient } from '../../maps/value-scale.ts';
import { statusLabels } from '../../ui/status-dot.tsx';
import { ErrorState, Loading } from '../../ui/status.tsx';
import {
  Bar,
  DeviceMap,
  Panel,
  ThemeSelect,
  useDescribe,
  useMapBase,
  useMapThemeChoice,
} from './map-frame.tsx';
import { mapDevicesQuery, mapValuesQuery, type MapFilters } from './queries.ts';

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 32px;
  padding: 0 10px;
  border-radius: 6px;
  font: inherit;
  cursor: pointer;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
`;

const Summary = styled.p`
  margin: 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Legend = styled.div`
  display: grid;
  grid-template-columns: auto minmax(80px, 240px) auto;
  align-items: center;
  gap: 8px;
  font-size: 0.8125rem;
  span[data-ramp] {
    height: 10px;
    border-radius: 5px;
    background: ${legendGradient()};
  }
`;

/** A heat map's period, back from now. */
const heatPeriods = [
  { hours: 24, label: 'day' },
  { hours: 24 * 7, label: 'week' },
  { hours: 24 * 30, label: 'month' },
] as const;

export interface MapPanelProps {
  /** Which devices: the device list's filters, or chosen ids. */
  filters: MapFilters;
  label: string;
  /** The map's height (CSS). */
  height?: string;
  /** The keys a heat map may be weighted by; without them, no heat map is offered. */
  heatKeys?: readonly { key: string; label: string }[] | undefined;
  /**
   * A map chart: each device coloured by its value of `key` over the period,
   * with a legend. The map looks at `center` first when given.
   */
  chart?:
    | {
        key: string;
        unit?: string | null | undefined;
        from: string;
        to: string;
        aggregate?: MapAggregate;
        center?: { lat: number; lng: number } | null;
        /** Else the map looks first at this device. */
        centerDeviceId?: number | null;
      }
    | undefined;
  onOpen?: (deviceId: number) => void;
  /** Shown above the map, beside the theme and heat controls. */
  actions?: ReactNode;
}

/**
 * A map of devices with its controls: the theme (the user's setting until
 * one is chosen here), the heat map and what weighs it, a line counting the
 * devices by status, and the states of its reads.
 */
export function MapPanel({
  filters,
  label,
  height = 'min(70vh, 720px)',
  heatKeys,
  chart,
  onOpen,
  actions,
}: MapPanelProps) {
  const { t, i18n } = useLingui();
  const [themeId, setTheme] = useMapThemeChoice();
  const base = useMapBase(themeId);
  const describe = useDescribe(chart?.unit);
  const [heatOn, setHeatOn] = useState(false);
  const [heatKey, setHeatKey] = useState('');
  const [heatHours, setHeatHours] = useState<number>(24);
  const devices = useQuery(mapDevicesQuery(filters));
  // The period ends now, to the minute, so the read keys on it and is not asked for anew each render.
  const [now] = useState(() => Math.floor(Date.now() / 60_000) * 60_000);
  const heatRead = useQuery({
    ...mapValuesQuery({
      key: heatKey,
      from: new Date(now - heatHours * 3_600_000).toISOString(),
      to: new Date(now).toISOString(),
      filters,
    }),
    enabled: heatOn && heatKey !== '',
  });
  const chartRead = useQuery({
    ...mapValuesQuery({
      key: chart?.key ?? '',
      from: chart?.from ?? '',
      to: chart?.to ?? '',
      ...(chart?.aggregate ? { aggregate: chart.aggregate } : {}),
      filters,
    }),
    enabled: Boolean(chart?.key),
  });

  // A map chart draws the devices that have a value; the others would only crowd it.
  const points = useMemo(() => {
    const all = devices.data?.items;
    if (!chart || !all || !chartRead.data) return all;
    const valued = new Set(chartRead.data.items.map((v) => v.deviceId));
    return all.filter((device) => valued.has(device.id));
  }, [devices.data, chart, chartRead.data]);
  const center = useMemo(() => {
    if (!chart) return null;
    if (chart.center) return chart.center;
    const device = devices.data?.items.find((d) => d.id === chart.centerDeviceId);
    return device ? { lat: device.lat, lng: device.lng } : null;
  }, [chart, devices.data]);
  const heat = useMemo(() => {
    if (!heatOn || !points) return null;
    // Without a key, each device weighs the same: the map shows where devices crowd.
    if (heatKey === '') return new Map(points.map((p) => [p.id, 1]));
    return new Map((heatRead.data?.items ?? []).map((v) => [v.deviceId, v.value]));
  }, [heatOn, heatKey, points, heatRead.data]);
  const values = useMemo(() => {
    if (!chart || !chartRead.data) return null;
    const byDevice = new Map(chartRead.data.items.map((v) => [v.deviceId, v.value]));
    const domain = domainOf(byDevice.values());
    return domain ? { byDevice, domain } : null;
  }, [chart, chartRead.data]);
  const counts = useMemo(() => countStatuses(points ?? []), [points]);

  let body: ReactNode;
  if (devices.isPending) body = <Loading label={<Trans>Loading the map…</Trans>} />;
  else if (devices.isError && !points)
    body = <ErrorState error={devices.error} onRetry={() => void devices.refetch()} />;
  else
    body = (
      <Suspense fallback={<Loading label={<Trans>Loading the map…</Trans>} />}>
        <DeviceMap
          points={points ?? ([] as MapPoint[])}
          {...base}
          heat={heat}
          values={values}
          describe={describe}
          onOpen={onOpen}
          center={center}
          label={label}
        />
      </Suspense>
    );

  const total = devices.data?.total ?? 0;
  const drawn = points?.length ?? 0;
  return (
    <Panel $height={height} aria-label={label}>
      <Bar>
        <ThemeSelect value={themeId} onChange={setTheme} />
        {heatKeys ? (
          <>
            <Toggle type="button" aria-pressed={heatOn} onClick={() => setHeatOn((on) => !on)}>
              <Flame size={16} aria-hidden />
              <Trans>Heat map</Trans>
            </Toggle>
            {heatOn ? (
              <>
                <label>
                  <Trans>Weighted by</Trans>
                  <select value={heatKey} onChange={(event) => setHeatKey(event.target.value)}>
                    <option value="">{t`Number of devices`}</option>
                    {heatKeys.map(({ key, label: keyLabel }) => (
                      <option key={key} value={key}>
                        {keyLabel}
                      </option>
                    ))}
                  </select>
                </label>
                {heatKey ? (
                  <label>
                    <Trans>Over the last</Trans>
                    <select
                      value={heatHours}
                      onChange={(event) => setHeatHours(Number(event.target.value))}
                    >
                      {heatPeriods.map(({ hours, label: period }) => (
                        <option key={hours} value={hours}>
                          {period === 'day'
                            ? t`24 hours`
                            : period === 'week'
                              ? t`7 days`
                              : t`30 days`}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
              </>
            ) : null}
          </>
        ) : null}
        {actions}
      </Bar>
      <div style={{ minHeight: 0 }}>{body}</div>
      <div>
        {values ? (
          <Legend aria-label={t`Legend`}>
            <span>{i18n.number(values.domain[0], { maximumFractionDigits: 2 })}</span>
            <span data-ramp aria-hidden />
            <span>
              {i18n.number(values.domain[1], { maximumFractionDigits: 2 })}
              {chart?.unit ? ` ${chart.unit}` : ''}
            </span>
          </Legend>
        ) : null}
        {points ? (
          <Summary
            role="status"
            data-map-summary
            data-green={counts.green}
            data-yellow={counts.yellow}
            data-red={counts.red}
            data-none={counts.none}
          >
            {total === 0 ? (
              <Trans>
                No device with a place to show. Only calibrated devices are shown on the map.
              </Trans>
            ) : (
              <>
                {plural(total, {
                  one: '# device on the map',
                  other: '# devices on the map',
                })}
                {(['green', 'yellow', 'red', 'none'] as const)
                  .filter((status) => counts[status] > 0)
                  .map(
                    (status) =>
                      ` · ${counts[status]} ${i18n._(statusLabels[status]).toLowerCase()}`,
                  )
                  .join('')}
                {devices.data?.truncated ? (
                  <>
                    {' '}
                    <Trans>(the first {drawn} are drawn)</Trans>
                  </>
                ) : null}
              </>
            )}
          </Summary>
        ) : null}
        {heatOn && heatKey !== '' && heatRead.isError ? (
          <Summary role="alert">
            <Trans>The heat map's values could not be read.</Trans>
          </Summary>
        ) : null}
        {heatOn && heatKey !== '' && heatRead.data?.items.length === 0 ? (
          <Summary>
            <Trans>No device sent this key over the period.</Trans>
          </Summary>
        ) : null}
      </div>
    </Panel>
  );
}
