import { Trans } from '@lingui/react/macro';
import { Suspense, useMemo, type ReactNode } from 'react';
import type { MapPoint } from '../../maps/status-counts.ts';
import { Loading } from '../../ui/status.tsx';
import {
  Bar,
  DeviceMap,
  Panel,
  ThemeSelect,
  useDescribe,
  useMapBase,
  useMapThemeChoice,
} from './map-frame.tsx';

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
