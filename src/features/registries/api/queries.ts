import type { DeviceStatus } from '../../../ui/status-dot.tsx';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listQueryString, type Page, type ListState } from '../../../lib/list-search.ts';

export const protocols = ['http', 'mqtt', 'none'] as const;
export type Protocol = (typeof protocols)[number];
/** The one region there is (spec §3). */
export const regions = ['europe'] as const;

export interface Registry {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  protocol: Protocol;
  region: string;
  org: { uuid: string; name: string };
  created: string;
  modified: string;
  deviceCount: number;
}

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

export const registryKeys = {
  all: ['registries'] as const,
  lists: () => [...registryKeys.all, 'list'] as const,
  list: (state: ListState) => [...registryKeys.lists(), state] as const,
  detail: (id: number) => [...registryKeys.all, 'detail', id] as const,
  devices: (id: number, state: ListState) =>
    [...registryKeys.detail(id), 'devices', state] as const,
};

export const registryListQuery = (state: ListState) =>
  queryOptions({
    queryKey: registryKeys.list(state),
    queryFn: ({ signal }) =>
      apiRequest<Page<Registry>>('core', `/v2/registries?${listQueryString(state)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const registryQuery = (id: number) =>
  queryOptions({
    queryKey: registryKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Registry>('core', `/v2/registry/${id}`, { signal }),
    enabled: id > 0,
  });

export const registryDevicesQuery = (id: number, state: ListState) =>
  queryOptions({
    queryKey: registryKeys.devices(id, state),
    queryFn: ({ signal }) =>
      apiRequest<Page<RegistryDevice>>('core', `/v2/devices/${id}?${listQueryString(state)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });

/** What a registry form sends; limits as in server/schemas/registry.ts. */
export interface RegistryInput {
  name: string;
  description: string | null;
  protocol: Protocol;
  region: string;
  orgUuid: string;
}

export const REGISTRY_NAME_MAX = 200;
export const REGISTRY_DESCRIPTION_MAX = 2000;

export const createRegistry = (input: RegistryInput) =>
  apiRequest<Registry>('core', '/v2/registry', { method: 'POST', body: input });

export const updateRegistry = (id: number, input: Partial<RegistryInput>) =>
  apiRequest<Registry>('core', '/v2/registry', { method: 'PUT', body: { id, ...input } });

export const deleteRegistry = (id: number) =>
  apiRequest<unknown>('core', `/v2/registry/${id}`, { method: 'DELETE' });
