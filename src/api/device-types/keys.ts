import type { DeviceTypeListQuery } from '../../../contracts/device-type.ts';
import type { ListQuery } from '../list-query.ts';

/** The filters the device types list takes (GET /v2/devicetypes). */
export type DeviceTypeFilters = Pick<DeviceTypeListQuery, 'orgUuid'>;

export const deviceTypeKeys = {
  all: ['devicetypes'] as const,
  lists: () => [...deviceTypeKeys.all, 'list'] as const,
  list: (query: ListQuery<DeviceTypeFilters>) => [...deviceTypeKeys.lists(), query] as const,
  choices: () => [...deviceTypeKeys.lists(), { choices: true }] as const,
  details: () => [...deviceTypeKeys.all, 'detail'] as const,
  detail: (id: number) => [...deviceTypeKeys.details(), id] as const,
};
