import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { DeviceListQuery } from '../../../contracts/device.ts';
import type { ListQuery } from '../list-query.ts';
import type { DeviceFilters } from './keys.ts';

const filterNames = [
  'status',
  'registryId',
  'deviceTypeId',
  'projectId',
  'orgUuid',
  'locType',
  'calibrated',
  'calibrationDue',
  'communication',
] as const satisfies readonly (keyof DeviceFilters)[];

const DeviceFiltersSchema = Type.Pick(DeviceListQuery, filterNames);

/**
 * A device list's filters as the URL has them (text) in the types the API
 * takes, so a list filtered by `registryId=3` in the URL and a registry's own
 * device tab share one query key. A value the API would refuse is left out.
 */
export function toDeviceFilters(raw: Readonly<Record<string, unknown>> | undefined): DeviceFilters {
  const filters: Record<string, unknown> = {};
  for (const name of filterNames) {
    const schema = DeviceFiltersSchema.properties[name];
    const value = raw?.[name];
    if (value === undefined || value === '') continue;
    const converted = Value.Convert(schema, value);
    if (Value.Check(schema, converted)) filters[name] = converted;
  }
  return filters as DeviceFilters;
}

/** A device list query with its filters in the API's types. */
export function toDeviceListQuery(query: ListQuery): ListQuery<DeviceFilters> {
  const { filters, ...rest } = query;
  const typed = toDeviceFilters(filters);
  return Object.keys(typed).length > 0 ? { ...rest, filters: typed } : rest;
}
