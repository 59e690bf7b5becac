import { useQueries, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_MAX } from '../../../../contracts/list.ts';
import type { ChartPlace } from '../../../api/chart-context/tooltip-context.tsx';
import { deviceListQuery, deviceQuery } from '../../../api/devices/queries.ts';
import { sharedPlace } from './graph-place.ts';

export interface GraphContext {
  /** The first device's organisation's IANA time zone: periods and times follow it. */
  timeZone: string | null;
  /** Device names by id, for legends and cards. */
  deviceNames: ReadonlyMap<number, string>;
  /** The data key's name and unit on the first device, when it has one. */
  keyInfo: { name: string | null; unit: string | null };
  /** Where the first device is and whether it is calibrated (its tooltips' weather); null until read. */
  place: ChartPlace | null;
  error: Error | null;
}

/**
 * What a graph needs besides its series: the time zone of its first device's
 * organisation (which the device's read carries) and its devices' names (a multi-source chart reads its device
 * type's devices once).
 */
export function useGraphContext(
  deviceId: number | null,
  dataKey: string | null,
  deviceTypeId: number | null,
  /** A multi-source chart's devices: their shared place is its tooltips' (graph-place.ts). */
  deviceIds: readonly number[] = [],
): GraphContext {
  const device = useQuery({ ...deviceQuery(deviceId ?? 0), enabled: deviceId !== null });
  // Only a multi-source chart reads its type's devices: the other graphs of a wall
  // keep no second query (each costs its graph work on every render).
  const typeQueries: ReturnType<typeof deviceListQuery>[] =
    deviceTypeId === null
      ? []
      : [
          deviceListQuery({
            page: 1,
            pageSize: PAGE_SIZE_MAX,
            sort: 'name',
            filters: { deviceTypeId },
          }),
        ];
  const ofType = useQueries({ queries: typeQueries, combine: (results) => results[0]?.data });
  const deviceNames = new Map<number, string>();
  for (const listed of ofType?.items ?? []) deviceNames.set(listed.id, listed.name);
  if (device.data) deviceNames.set(device.data.id, device.data.name);
  const key = device.data
    ? [...device.data.dataKeys, ...device.data.syntheticKeys].find((k) => k.key === dataKey)
    : undefined;
  return {
    timeZone: device.data?.org.timeZone ?? null,
    deviceNames,
    keyInfo: { name: key?.name ?? null, unit: key?.unit ?? null },
    place:
      deviceTypeId !== null
        ? sharedPlace((ofType?.items ?? []).filter((listed) => deviceIds.includes(listed.id)))
        : device.data
          ? { lat: device.data.lat, long: device.data.lng, calibrated: device.data.calibrated }
          : null,
    error: device.error ?? null,
  };
}
