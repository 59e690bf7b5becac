import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Device } from '../../../contracts/device.ts';
import type { PageOf } from '../../../contracts/list.ts';
import type { MapDeviceList } from '../../../contracts/map.ts';
import type { LiveDeviceStatus } from '../../../streams/types.ts';
import { useDeviceStatusFeed } from '../../lib/live-data.tsx';
import { deviceKeys } from './keys.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Puts a device's new status colour and times into every cached device list —
 * the device list, a registry's, an organisation's, any filter — its detail,
 * and every map's devices.
 */
export function applyStatusChange(queryClient: QueryClient, change: LiveDeviceStatus): void {
  const patch = (device: Device): Device =>
    device.id === change.deviceId
      ? {
          ...device,
          status: change.status,
          lastDataAt: iso(change.lastDataAt) ?? device.lastDataAt,
          lastConnectionAt: iso(change.lastConnectionAt) ?? device.lastConnectionAt,
        }
      : device;
  queryClient.setQueriesData<PageOf<Device>>({ queryKey: deviceKeys.lists() }, (page) =>
    page?.items.some((d) => d.id === change.deviceId)
      ? { ...page, items: page.items.map(patch) }
      : page,
  );
  queryClient.setQueryData<Device>(deviceKeys.detail(change.deviceId), (device) =>
    device ? patch(device) : device,
  );
  queryClient.setQueriesData<MapDeviceList>({ queryKey: deviceKeys.maps() }, (map) =>
    map?.items.some((d) => d.id === change.deviceId && d.status !== change.status)
      ? {
          ...map,
          items: map.items.map((d) =>
            d.id === change.deviceId ? { ...d, status: change.status } : d,
          ),
        }
      : map,
  );
}

/**
 * Reads device lists and details again that were read before `since`: the
 * live feed was not following status changes then (before it first
 * connected, or while it was disconnected), so their colours may be stale.
 * Queries not on screen are only marked stale.
 */
export function refreshStatusesReadBefore(queryClient: QueryClient, since: number): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: deviceKeys.all,
    predicate: (query) => {
      const [, kind] = query.queryKey;
      const statusBearing =
        kind === 'list' || kind === 'map' || (kind === 'detail' && query.queryKey.length === 3);
      return statusBearing && query.state.dataUpdatedAt < since;
    },
  });
}

/**
 * Keeps the shown devices' status colours live while the screen is open, and
 * catches up after the live feed was away: each time it follows status
 * changes again, what was read before is read again.
 */
export function useLiveDeviceStatus(): void {
  const queryClient = useQueryClient();
  useDeviceStatusFeed(
    (change) => applyStatusChange(queryClient, change),
    () => void refreshStatusesReadBefore(queryClient, Date.now()),
  );
}
