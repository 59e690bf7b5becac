import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { deviceTypeListQuery } from '../../../api/device-types/queries.ts';
import { toDeviceFilters } from '../../../api/devices/filters.ts';
import type { DeviceFilters } from '../../../api/devices/keys.ts';
import { MapPanel } from '../../../api/map/map-panel.tsx';
import type { MapFilters } from '../../../api/map/queries.ts';

/** The map's filters from the list's: the same devices, whichever view shows them. */
export function mapFiltersOf(
  search: string | undefined,
  listFilters: Readonly<Record<string, string>> | undefined,
  fixed: DeviceFilters | undefined,
): MapFilters {
  const converted = { ...toDeviceFilters(listFilters), ...fixed };
  const filters: MapFilters = {};
  for (const name of [
    'status',
    'registryId',
    'deviceTypeId',
    'projectId',
    'communication',
  ] as const) {
    const value = converted[name];
    if (value !== undefined) filters[name] = String(value);
  }
  if (search) filters.q = search;
  return filters;
}

/**
 * The device list's map view (spec §2 devices: list, card and map views): the
 * devices the list's search and filters find, where they stand, in their live
 * status colours; a heat map weighs them by a key their types send.
 */
export function DevicesMap({
  search,
  filters,
  fixed,
}: {
  search: string | undefined;
  filters: Readonly<Record<string, string>> | undefined;
  fixed?: DeviceFilters | undefined;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const types = useQuery(deviceTypeListQuery({ page: 1, pageSize: 500, sort: 'name' }));
  const heatKeys = useMemo(() => {
    const keys = new Map<string, string>();
    for (const type of types.data?.items ?? [])
      for (const { key, name } of type.structure)
        if (!keys.has(key)) keys.set(key, name && name !== key ? `${name} (${key})` : key);
    return [...keys].map(([key, label]) => ({ key, label }));
  }, [types.data]);
  return (
    <MapPanel
      filters={mapFiltersOf(search, filters, fixed)}
      label={t`Map of the devices`}
      heatKeys={heatKeys}
      onOpen={(id) => void navigate({ to: '/sensor/$id', params: { id: String(id) } })}
    />
  );
}
