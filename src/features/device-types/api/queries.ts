import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listQueryString, type Page, type ListState } from '../../../lib/list-search.ts';

/** One key of the data a device of the type sends (spec §3 Device type). */
export const keyTypes = ['array', 'boolean', 'integer', 'string', 'value'] as const;
export type KeyType = (typeof keyTypes)[number];
export interface StructureKey {
  key: string;
  name: string;
  type: KeyType;
  value?: string;
}

export interface DeviceType {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  org: { uuid: string; name: string };
  metadata: Record<string, unknown>;
  decoderFunction: { id: number; name: string } | null;
  structure: StructureKey[];
  deviceCount: number;
  created: string;
  modified: string;
}

/** A cloud function of type decoder, as the decoder picker needs it. */
export interface DecoderFunction {
  id: number;
  name: string;
  org: { uuid: string; name: string };
}

export const deviceTypeKeys = {
  all: ['devicetypes'] as const,
  lists: () => [...deviceTypeKeys.all, 'list'] as const,
  list: (state: ListState) => [...deviceTypeKeys.lists(), state] as const,
  detail: (id: number) => [...deviceTypeKeys.all, 'detail', id] as const,
};

export const deviceTypeListQuery = (state: ListState) =>
  queryOptions({
    queryKey: deviceTypeKeys.list(state),
    queryFn: ({ signal }) =>
      apiRequest<Page<DeviceType>>('core', `/v2/devicetypes?${listQueryString(state)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const deviceTypeQuery = (id: number) =>
  queryOptions({
    queryKey: deviceTypeKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<DeviceType>('core', `/v2/devicetype/${id}`, { signal }),
    enabled: id > 0,
  });

/**
 * The decoders the user can see (the server's page ceiling is 500). Keyed in the
 * functions' list family (['cloudfunctions', 'list']), so a function created,
 * renamed or deleted there shows in the picker at once.
 */
export const decoderFunctionsQuery = () =>
  queryOptions({
    queryKey: ['cloudfunctions', 'list', 'decoders'] as const,
    queryFn: ({ signal }) =>
      apiRequest<Page<DecoderFunction>>(
        'functions',
        '/v2/cloudfunctions?type=decoder&sort=name&pageSize=500',
        { signal },
      ),
    select: (page) => page.items,
  });

/** What a device type form sends; limits as in server/schemas/device-type.ts. */
export interface DeviceTypeInput {
  name: string;
  description: string | null;
  orgUuid: string;
  metadata: Record<string, unknown>;
  decoderFunctionId: number | null;
  structure: StructureKey[];
}

export const createDeviceType = (input: DeviceTypeInput) =>
  apiRequest<DeviceType>('core', '/v2/devicetype', { method: 'POST', body: input });

export const updateDeviceType = (id: number, input: Partial<DeviceTypeInput>) =>
  apiRequest<DeviceType>('core', '/v2/devicetype', { method: 'PUT', body: { id, ...input } });

export const deleteDeviceType = (id: number) =>
  apiRequest<unknown>('core', `/v2/devicetype/${id}`, { method: 'DELETE' });
