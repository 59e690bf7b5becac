import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Device } from '../../../contracts/device.ts';
import type { DevicePicture } from '../../../contracts/device-picture.ts';
import type { PageOf } from '../../../contracts/list.ts';
import type { MqttForwardStatus } from '../../../contracts/mqtt-forward.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { listSearchParams, type ListQuery } from '../list-query.ts';
import { deviceKeys, type DeviceFilters } from './keys.ts';

/** A page of devices: all the user may see, or those of a registry, organisation... (filters). */
export const deviceListQuery = (query: ListQuery<DeviceFilters>) =>
  queryOptions({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<PageOf<Device>>('core', `/v2/devices?${listSearchParams(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const fetchDevice = (id: number, signal?: AbortSignal) =>
  apiRequest<Device>('core', `/v2/device/${id}`, signal ? { signal } : {});

export const deviceQuery = (id: number) =>
  queryOptions({
    queryKey: deviceKeys.detail(id),
    queryFn: ({ signal }) => fetchDevice(id, signal),
  });

/** The forward's state changes without the device changing: read again every 5 s while shown. */
export const deviceForwardQuery = (id: number) =>
  queryOptions({
    queryKey: deviceKeys.forward(id),
    queryFn: ({ signal }) =>
      apiRequest<MqttForwardStatus>('core', `/v2/device/${id}/mqtt-forward`, { signal }),
    refetchInterval: 5_000,
  });

export const devicePicturesQuery = (id: number) =>
  queryOptions({
    queryKey: deviceKeys.pictures(id),
    queryFn: ({ signal }) =>
      apiRequest<DevicePicture[]>('core', `/v2/device/${id}/pictures`, { signal }),
  });

/** Where an <img> reads a picture (the SESSION cookie authorises the GET). */
export const pictureUrl = (picture: DevicePicture) =>
  `${runtimeConfig().services.core}/v2/device/${picture.deviceId}/picture/${picture.id}`;

/**
 * How many devices the user can see are due for calibration, with the user's
 * reminder interval where a device names none (spec §9 calibration reminders).
 */
export const calibrationDueQuery = (months: 3 | 6 | 9 | 12) =>
  queryOptions({
    ...deviceListQuery({ page: 1, pageSize: 1, filters: { calibrationDue: months } }),
    select: (page) => page.total,
  });
