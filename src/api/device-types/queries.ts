import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DeviceType } from '../../../contracts/device-type.ts';
import type { PageOf } from '../../../contracts/list.ts';
import { PAGE_SIZE_MAX } from '../../../contracts/list.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { listSearchParams, type ListQuery } from '../list-query.ts';
import { deviceTypeKeys, type DeviceTypeFilters } from './keys.ts';

export const deviceTypeListQuery = (query: ListQuery<DeviceTypeFilters>) =>
  queryOptions({
    queryKey: deviceTypeKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<PageOf<DeviceType>>('core', `/v2/devicetypes?${listSearchParams(query)}`, {
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
 * Every device type the user can see, by name, for a picker. It is one of the
 * device types' lists, so a type created, renamed or deleted shows in every
 * picker at once.
 */
export const deviceTypeChoicesQuery = () =>
  queryOptions({
    queryKey: deviceTypeKeys.choices(),
    queryFn: ({ signal }) =>
      apiRequest<PageOf<DeviceType>>(
        'core',
        `/v2/devicetypes?${listSearchParams({ page: 1, pageSize: PAGE_SIZE_MAX, sort: 'name' })}`,
        { signal },
      ).then((page) => page.items),
    staleTime: 60_000,
  });
