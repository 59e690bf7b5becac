import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '../../../lib/list-search.ts';
import { useDeviceStatusFeed } from '../../../lib/live-data.tsx';
import { deviceKeys, type Device, type DeviceStatus } from './queries.ts';

interface StatusChange {
  deviceId: number;
  status: DeviceStatus;
  lastDataAt: number | null;
  lastConnectionAt: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Puts a device's new status colour and times into every cached list page and its detail. */
export function applyStatusChange(queryClient: QueryClient, change: StatusChange): void {
  const patch = (device: Device): Device =>
    device.id === change.deviceId
      ? {
          ...device,
          status: change.status,
          lastDataAt: iso(change.lastDataAt) ?? device.lastDataAt,
          lastConnectionAt: iso(change.lastConnectionAt) ?? device.lastConnectionAt,
        }
      : device;
  queryClient.setQueriesData<Page<Device>>({ queryKey: deviceKeys.lists() }, (page) =>
    page && page.items.some((d) => d.id === change.deviceId)
      ? { ...page, items: page.items.map(patch) }
      : page,
  );
  queryClient.setQueryData<Device>(deviceKeys.detail(change.deviceId), (device) =>
    device ? patch(device) : device,
  );
}

/** Keeps the shown devices' status colours live while the screen is open. */
export function useLiveDeviceStatus(): void {
  const queryClient = useQueryClient();
  useDeviceStatusFeed((change) => applyStatusChange(queryClient, change));
}
