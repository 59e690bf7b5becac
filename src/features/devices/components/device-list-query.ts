import { toDeviceListQuery } from '../../../api/devices/filters.ts';
import type { DeviceFilters } from '../../../api/devices/keys.ts';
import { deviceListQuery } from '../../../api/devices/queries.ts';
import { toListQuery } from '../../../api/list-query.ts';
import type { ListState } from '../../../lib/list-search.ts';

/**
 * The read of a device list showing `state` (its URL or local state), narrowed
 * to `filters` when given: the route's loader and the list ask for the same.
 */
export function deviceListQueryFor(state: ListState, filters?: DeviceFilters) {
  const query = toDeviceListQuery(toListQuery(state));
  return deviceListQuery(filters ? { ...query, filters: { ...query.filters, ...filters } } : query);
}
