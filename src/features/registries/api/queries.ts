import type { DeviceStatus } from '../../../../contracts/device.ts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listQueryString, type Page, type ListState } from '../../../lib/list-search.ts';

/** A device of a registry, as far as the registry's page shows it. */
export interface RegistryDevice {
  id: number;
  name: string;
  uniqueName: string | null;
  status: DeviceStatus;
  org: { uuid: string; name: string };
  deviceType: { id: number; name: string } | null;
  created: string;
}

export const registryDevicesQuery = (id: number, state: ListState) =>
  queryOptions({
    queryKey: ['registries', 'detail', id, 'devices', state] as const,
    queryFn: ({ signal }) =>
      apiRequest<Page<RegistryDevice>>('core', `/v2/devices/${id}?${listQueryString(state)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });
