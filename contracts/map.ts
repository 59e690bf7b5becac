import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Uuid } from './common.ts';
import { DeviceStatus, LocationType } from './device.ts';
import { EntityId, KeyName } from './list.ts';

/**
 * Maps (spec §2 device map views, §3 Graph types 5 and 7, §9 map themes): the
 * devices a map draws, what a heat map or map chart weighs them by, and the
 * basemap and tiles it draws on. Only calibrated devices with a position are
 * drawn (spec §4: uncalibrated devices show no map location).
 */

/** The eight map themes (spec §9), by id: the user's mapTheme setting and a map's own choice. */
export const mapThemeIds = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export type MapThemeId = (typeof mapThemeIds)[number];
export const MapThemeId = Type.Union(mapThemeIds.map((id) => Type.Literal(id)));

/** A map draws at most this many devices at once (the server's cap on one read). */
export const MAP_DEVICES_MAX = 100_000;

/** One device on a map: just what drawing, its colour and its tooltip need. */
export const MapDevice = Type.Object({
  id: EntityId,
  uuid: Uuid,
  name: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
  status: DeviceStatus,
  locType: LocationType,
  address: Nullable(Type.String()),
  deviceTypeId: Nullable(EntityId),
  registryId: Nullable(EntityId),
});
export type MapDevice = Static<typeof MapDevice>;

/**
 * The calibrated devices with a position that the caller may see, filtered
 * as the device list is (GET /api/v2/devices/map). `total` counts all that
 * match; `items` holds at most MAP_DEVICES_MAX of them, `truncated` says so.
 */
export const MapDeviceList = Type.Object({
  items: Type.Array(MapDevice),
  total: Type.Integer({ minimum: 0 }),
  truncated: Type.Boolean(),
});
export type MapDeviceList = Static<typeof MapDeviceList>;

export const MapDeviceQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    registryId: Type.Optional(EntityId),
    deviceTypeId: Type.Optional(EntityId),
    projectId: Type.Optional(EntityId),
    status: Type.Optional(DeviceStatus),
    communication: Type.Optional(Type.Boolean()),
    /** Only these devices (a map graph's choice): comma-separated ids. */
    ids: Type.Optional(
      Type.String({
        pattern: '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,9999}$',
        description: 'Only these devices: up to 10,000 ids, comma-separated',
      }),
    ),
  },
  { additionalProperties: false },
);
export type MapDeviceQuery = Static<typeof MapDeviceQuery>;

/** How a device's values over the period become the one number a map weighs it by. */
export const mapAggregates = ['avg', 'sum', 'min', 'max', 'last'] as const;
export const MapAggregate = Type.Enum(mapAggregates);
export type MapAggregate = Static<typeof MapAggregate>;

/**
 * One number per device for a data key over a period (GET /api/v2/devices/map/values):
 * a heat map's weights, a map chart's values. Devices without a number for
 * the key in the period are left out; devices the caller may not see are never in.
 */
export const MapValueQuery = Type.Object(
  {
    key: KeyName,
    from: Timestamp,
    to: Timestamp,
    aggregate: Type.Optional(MapAggregate),
    /** Only these devices; else every device on the caller's map (the same filters). */
    ids: MapDeviceQuery.properties.ids,
    registryId: Type.Optional(EntityId),
    deviceTypeId: Type.Optional(EntityId),
    projectId: Type.Optional(EntityId),
    status: Type.Optional(DeviceStatus),
    communication: Type.Optional(Type.Boolean()),
    q: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type MapValueQuery = Static<typeof MapValueQuery>;

export const MapValue = Type.Object({
  deviceId: EntityId,
  value: Type.Number(),
  /** How many readings the value stands for. */
  count: Type.Integer({ minimum: 0 }),
});
export const MapValueList = Type.Object({
  key: Type.String(),
  aggregate: MapAggregate,
  from: Timestamp,
  to: Timestamp,
  items: Type.Array(MapValue),
});
export type MapValueList = Static<typeof MapValueList>;

/**
 * The operator's own map tiles (MAP_TILES), when set: raster tiles from a URL
 * template, or served by Nordlys from a local MBTiles or PMTiles file. Without
 * them every map draws the basemap shipped with Nordlys (Natural Earth).
 */
export const MapTilesConfig = Type.Object({
  /** A tile URL template with {z}, {x} and {y}, as the browser asks it. */
  url: Type.String(),
  attribution: Type.String(),
  minZoom: Type.Integer({ minimum: 0, maximum: 24 }),
  maxZoom: Type.Integer({ minimum: 0, maximum: 24 }),
  tileSize: Type.Integer({ minimum: 64, maximum: 1024 }),
});
export type MapTilesConfig = Static<typeof MapTilesConfig>;

/** The shipped basemap's layers (GET /api/v2/map/basemap/{layer}), GeoJSON from Natural Earth. */
export const basemapLayers = ['land', 'countries'] as const;
export type BasemapLayer = (typeof basemapLayers)[number];
