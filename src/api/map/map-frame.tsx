import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, useCallback, useMemo, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import type { DeviceStatus } from '../../../contracts/device.ts';
import { mapThemeIds, type MapThemeId } from '../../../contracts/map.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { useSettings } from '../../lib/use-settings.ts';
import type { MapMark } from '../../maps/clusters.ts';
import { mapThemeLabels } from '../../maps/theme-labels.ts';
import { mapTheme } from '../../maps/themes.ts';
import { statusLabels } from '../../ui/status-dot.tsx';
import { compactSelect } from '../../ui/control-bar.tsx';

/**
 * What every map of the console is made of: the map itself (deck.gl and
 * maplibre, loaded with the first map), its base (theme, basemap, tiles,
 * status colours), its marks' tooltips, its frame and its theme menu.
 */

// deck.gl and maplibre load with the first map, in a chunk of their own.
export const DeviceMap = lazy(() => import('../../maps/device-map.tsx'));

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

export const Panel = styled.section<{ $height: string }>`
  display: grid;
  grid-template-rows: auto minmax(0, 1fr) auto;
  gap: 8px;
  height: ${({ $height }) => $height};
  min-height: 240px;
`;

export const Bar = styled.div`
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
    ${compactSelect}
  }
`;

/** A map's theme: the user's setting (spec mapTheme) until one is chosen on the map. */
export function useMapThemeChoice() {
  const { settings } = useSettings();
  const [chosen, setChosen] = useState<MapThemeId | null>(null);
  return [chosen ?? settings.mapTheme, setChosen] as const;
}

export function ThemeSelect({
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
