import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  BasemapLayer,
  MapAggregate,
  MapDeviceList,
  MapDeviceQuery,
  MapValueList,
} from '../../../contracts/map.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { deviceKeys } from '../devices/keys.ts';

/** A map's filters: the device list's (status, registry, type, project, search) or chosen ids. */
export type MapFilters = Partial<Record<Exclude<keyof MapDeviceQuery, never>, string>>;

const definedOnly = (filters: MapFilters): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );

/**
 * The calibrated devices with a place that a map draws (GET /v2/devices/map),
 * their status colours kept live by the feed (api/devices/live-status.ts).
 */
export const mapDevicesQuery = (filters: MapFilters) => {
  const query = definedOnly(filters);
  return queryOptions({
    queryKey: deviceKeys.map(query),
    queryFn: ({ signal }) =>
      apiRequest<MapDeviceList>('core', `/v2/devices/map?${new URLSearchParams(query)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
};

export interface MapValuesRequest {
  key: string;
  from: string;
  to: string;
  aggregate?: MapAggregate;
  filters: MapFilters;
}

/** One number per device for a key over a period: a heat map's weights, a map chart's values. */
export const mapValuesQuery = ({ key, from, to, aggregate, filters }: MapValuesRequest) => {
  const query = definedOnly({
    ...filters,
    key,
    from,
    to,
    ...(aggregate ? { aggregate } : {}),
  } as MapFilters);
  return queryOptions({
    queryKey: deviceKeys.mapValues(query),
    queryFn: ({ signal }) =>
      apiRequest<MapValueList>('core', `/v2/devices/map/values?${new URLSearchParams(query)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
};

/** Where the shipped basemap's layers are read. */
export const basemapUrls = (): Record<BasemapLayer, string> => {
  const base = runtimeConfig().services.core;
  return { land: `${base}/v2/map/basemap/land`, countries: `${base}/v2/map/basemap/countries` };
};

/** The operator's own tiles, or null for the shipped basemap only. */
export const mapTiles = () => runtimeConfig().map.tiles;
