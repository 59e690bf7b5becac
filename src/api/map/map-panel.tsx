import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Flame } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import type { DeviceStatus } from '../../../contracts/device.ts';
import { mapThemeIds, type MapAggregate, type MapThemeId } from '../../../contracts/map.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { useSettings } from '../../lib/use-settings.ts';
import type { MapMark } from '../../maps/clusters.ts';
import { countStatuses, type MapPoint } from '../../maps/status-counts.ts';
import { mapTheme } from '../../maps/themes.ts';
import { domainOf, legendGradient } from '../../maps/value-scale.ts';
import { statusLabels } from '../../ui/status-dot.tsx';
import { ErrorState, Loading } from '../../ui/status.tsx';
import { mapDevicesQuery, mapValuesQuery, type MapFilters } from './queries.ts';
import { mapThemeLabels } from '../../maps/theme-labels.ts';

// deck.gl and maplibre load with the first map, in a chunk of their own.
const DeviceMap = lazy(() => import('../../maps/device-map.tsx'));

/** An URL the browser resolves as maplibre's worker needs it: absolute, braces kept. */
const absolute = (url: string) => (url.startsWith('/') ? `${window.location.origin}${url}` : url);

/** What every map draws on: the theme, the shipped basemap, the operator's tiles, the colours. */
export function useMapBase(themeId: MapThemeId) {
  const theme = useTheme();
  const config = runtimeConfig();
  const core = config.services.core;
  const tiles = config.map.tiles;
  const basemap = useMemo(
    () => ({
      land: absolute(`${core}/v2/map/basemap/land`),
      countries: absolute(`${core}/v2/map/basemap/countries`),
    }),
    [core],
  );
  const ownTiles = useMemo(() => (tiles ? { ...tiles, url: absolute(tiles.url) } : null), [tiles]);
  const colours = useMemo<Record<DeviceStatus, string>>(
    () => ({
      green: theme.colors.success,
      yellow: theme.colors.warning,
      red: theme.colors.danger,
      none: theme.colors.textMuted,
    }),
    [theme],
  );
  return { theme: mapTheme(themeId), basemap, tiles: ownTiles, colours };
}

/** A mark's tooltip: a device's name and status (and value), or a cluster's count. */
export function useDescribe(unit?: string | null) {
  const { t, i18n } = useLingui();
  return useCallback(
    (mark: MapMark, value: number | undefined) => {
      if (mark.kind === 'cluster') {
        const counts = (['green', 'yellow', 'red', 'none'] as const)
          .filter((status) => mark.statuses[status] > 0)
          .map((status) => `${mark.statuses[status]} ${i18n._(statusLabels[status]).toLowerCase()}`)
          .join(', ');
        const count = mark.count;
        return `${plural(count, { one: '# device', other: '# devices' })}: ${counts}`;
      }
      const status = i18n._(statusLabels[mark.device.status]);
      const shown =
        value === undefined
          ? ''
          : `\n${i18n.number(value, { maximumFractionDigits: 2 })}${unit ? ` ${unit}` : ''}`;
      const device = mark.device.name;
      return t`${device}: ${status}` + shown;
    },
    [t, i18n, unit],
  );
}

const Panel = styled.section<{ $height: string }>`
  display: grid;
  grid-template-rows: auto minmax(0, 1fr) auto;
  gap: 8px;
  height: ${({ $height }) => $height};
  min-height: 240px;
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  font-size: 0.875rem;
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  select {
    font: inherit;
    min-height: 32px;
    border-radius: 6px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;

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

/** A map's theme: the user's setting (spec mapTheme) until one is chosen on the map. */
function useMapThemeChoice() {
  const { settings } = useSettings();
  const [chosen, setChosen] = useState<MapThemeId | null>(null);
  return [chosen ?? settings.mapTheme, setChosen] as const;
}

function ThemeSelect({
  value,
  onChange,
}: {
  value: MapThemeId;
  onChange: (id: MapThemeId) => void;
}) {
  const { i18n } = useLingui();
  return (
    <label>
      <Trans>Map theme</Trans>
      <select
        value={value}
        onChange={(event) => onChange(Number(event.target.value) as MapThemeId)}
      >
        {mapThemeIds.map((id) => (
          <option key={id} value={id}>
            {i18n._(mapThemeLabels[id])}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * One device's place on a map (the device's map tab): with `onMove`, it is
 * dragged, or put where the map is clicked.
 */
export function PositionMap({
  point,
  onMove,
  label,
  height = 'min(60vh, 560px)',
  children,
}: {
  /** Null: no place yet; with `onMove`, a click on the map gives one. */
  point: MapPoint | null;
  onMove?: ((lat: number, lng: number) => void) | undefined;
  label: string;
  height?: string;
  /** Below the map: the place's address, the save. */
  children?: ReactNode;
}) {
  const [themeId, setTheme] = useMapThemeChoice();
  const base = useMapBase(themeId);
  const describe = useDescribe();
  // The same place keeps the same points, however often the page around redraws: the map
  // moves its view only for a new place.
  const { id, name, lat, lng, status } = point ?? {};
  const points = useMemo(
    () =>
      id !== undefined && name !== undefined && lat !== undefined && lng !== undefined && status
        ? [{ id, name, lat, lng, status }]
        : [],
    [id, name, lat, lng, status],
  );
  return (
    <Panel $height={height} aria-label={label}>
      <Bar>
        <ThemeSelect value={themeId} onChange={setTheme} />
      </Bar>
      <div style={{ minHeight: 0 }}>
        <Suspense fallback={<Loading label={<Trans>Loading the map…</Trans>} />}>
          <DeviceMap points={points} {...base} describe={describe} onMove={onMove} label={label} />
        </Suspense>
      </div>
      <div>{children}</div>
    </Panel>
  );
}

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
