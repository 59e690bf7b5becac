import type { DeviceListQuery } from '../../../contracts/device.ts';
import type { ListQuery } from '../list-query.ts';

/**
 * What a device list can be narrowed to (GET /v2/devices' filters). The devices
 * of a registry, a device type, a project or an organisation are lists with one
 * of these set, under the same family, so the live status and every device write
 * reach them all.
 */
export type DeviceFilters = Partial<
  Pick<
    DeviceListQuery,
    | 'status'
    | 'registryId'
    | 'deviceTypeId'
    | 'projectId'
    | 'orgUuid'
    | 'locType'
    | 'calibrated'
    | 'calibrationDue'
    | 'communication'
    | 'ids'
  >
>;

export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (query: ListQuery<DeviceFilters>) => [...deviceKeys.lists(), query] as const,
  details: () => [...deviceKeys.all, 'detail'] as const,
  detail: (id: number) => [...deviceKeys.details(), id] as const,
  pictures: (id: number) => [...deviceKeys.detail(id), 'pictures'] as const,
  forward: (id: number) => [...deviceKeys.detail(id), 'mqtt-forward'] as const,
  /** The devices a map draws (GET /v2/devices/map), by filters. */
  maps: () => [...deviceKeys.all, 'map'] as const,
  map: (query: Record<string, string>) => [...deviceKeys.maps(), query] as const,
  /** One number per device for a key over a period (GET /v2/devices/map/values). */
  mapValues: (query: Record<string, string>) => [...deviceKeys.all, 'map-values', query] as const,
};
