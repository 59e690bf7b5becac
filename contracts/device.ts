import { Type, type Static } from 'typebox';
import { Nullable, Text, Timestamp, Uuid } from './common.ts';
import {
  DataKey,
  DataKeyInput,
  Description,
  EntityId,
  EntityName,
  KeyName,
  listQuery,
  Metadata,
  OrgRef,
  Ref,
} from './list.ts';
import { acceptReadOnly } from './read-only.ts';

/**
 * Who changes where a device stands (its position, address and location type):
 * those who install devices, with `device.create` in its organisation. Users
 * operate devices where they stand (docs/access.md).
 */
export const DEVICE_PLACE_RIGHT = {
  resource: 'device',
  privilege: 'create',
  name: 'device.create',
} as const;

/** Where a device stands (spec §3 Device, location type). */
export const locationTypes = [
  'crossroads',
  'motorway',
  'office',
  'park',
  'path',
  'pedestrianstreet',
  'port',
  'road',
  'square',
  'unspecified',
] as const;
export type LocationType = (typeof locationTypes)[number];
export const LocationType = Type.Enum(locationTypes);
/**
 * A device's status (spec §4 Device status): green connected with data, yellow
 * connected without data, red disconnected, none for no device attached.
 */
export const deviceStatuses = ['green', 'yellow', 'red', 'none'] as const;
export const DeviceStatus = Type.Enum(deviceStatuses);
export type DeviceStatus = Static<typeof DeviceStatus>;
export const Availability = Type.Union([Type.Literal('free'), Type.Literal('busy')]);
export type Availability = Static<typeof Availability>;

export const deviceSortFields = [
  'id',
  'name',
  'uniqueName',
  'status',
  'locType',
  'created',
  'modified',
  'lastDataAt',
  'lastConnectionAt',
] as const;

/** Letters, digits and `_ . : -`: the unique name may appear in MQTT topics and URLs. */
const UniqueName = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$' });
const DateOrTime = Type.Union([
  Type.String({ format: 'date' }),
  Type.String({ format: 'date-time' }),
]);

const HardwareText = Type.Optional(Nullable(Text(100)));
export const HardwareInput = Type.Object(
  {
    model: HardwareText,
    cellNumber: HardwareText,
    simId: HardwareText,
    simProvider: HardwareText,
    modemModel: HardwareText,
    modemImei: HardwareText,
    memory: HardwareText,
    memoryModel: HardwareText,
    /** The power adapter. */
    adapter: HardwareText,
    wifiModule: HardwareText,
    cpuTemperature: Type.Optional(Nullable(Type.Number({ minimum: -100, maximum: 200 }))),
  },
  { additionalProperties: false },
);

export const SyntheticKeyInput = Type.Object(
  {
    key: KeyName,
    name: Type.Optional(Text(100)),
    expression: Type.String({ minLength: 1, maxLength: 1000 }),
    unit: Type.Optional(Text(20)),
  },
  { additionalProperties: false },
);

/**
 * Forwarding of the device's messages to another MQTT broker. The password is
 * written here and never read back; leaving it out of an update keeps it.
 */
export const MqttForwardInput = Type.Object(
  {
    deviceIdField: Type.Optional(Nullable(Text(100))),
    topic: Type.Optional(Nullable(Text(500))),
    host: Type.Optional(Nullable(Text(500))),
    user: Type.Optional(Nullable(Text(200))),
    password: Type.Optional(Nullable(Text(500))),
    wlHost: Type.Optional(Nullable(Text(500))),
  },
  { additionalProperties: false },
);
export type MqttForwardInput = Static<typeof MqttForwardInput>;

/** Calibration by count or by time (minutes), with a reminder every 3, 6, 9 or 12 months. */
export const CalibrationInput = Type.Object(
  {
    type: Type.Optional(Type.Union([Type.Literal('count'), Type.Literal('time')])),
    value: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
    reminderMonths: Type.Optional(
      Nullable(Type.Union([Type.Literal(3), Type.Literal(6), Type.Literal(9), Type.Literal(12)])),
    ),
    calibratedAt: Type.Optional(Nullable(DateOrTime)),
  },
  { additionalProperties: false },
);

/** The installed firmware; a new version without a history is added to the stored history. */
export const FirmwareInput = Type.Object(
  {
    version: Nullable(Text(50)),
    history: Type.Optional(
      Type.Array(
        Type.Object(
          { version: Text(50), installedAt: DateOrTime },
          { additionalProperties: false },
        ),
        { maxItems: 100 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type FirmwareInput = Static<typeof FirmwareInput>;

const fields = {
  name: EntityName,
  uniqueName: Nullable(UniqueName),
  description: Description,
  address: Nullable(Text(300)),
  lat: Nullable(Type.Number({ minimum: -90, maximum: 90 })),
  lng: Nullable(Type.Number({ minimum: -180, maximum: 180 })),
  /** The spec's name for `lng` (§3 Device); sent with `lng`, the two must agree. */
  long: Nullable(
    Type.Number({
      minimum: -180,
      maximum: 180,
      description: 'Another name for lng (the spec says long); with lng, both must agree',
    }),
  ),
  locType: LocationType,
  /** The device's organisation; a create without it uses the caller's own. */
  orgUuid: Uuid,
  projectId: Nullable(EntityId),
  registryId: Nullable(EntityId),
  deviceTypeId: Nullable(EntityId),
  availability: Availability,
  communication: Type.Boolean(),
  hardware: HardwareInput,
  dataKeys: Type.Array(DataKeyInput, { maxItems: 200 }),
  syntheticKeys: Type.Array(SyntheticKeyInput, { maxItems: 100 }),
  metadata: Metadata,
  /** The decoder pipeline, in order. */
  decoderFunctionIds: Type.Array(EntityId, { maxItems: 20, uniqueItems: true }),
  mqttForward: Nullable(MqttForwardInput),
  calibrated: Type.Boolean(),
  calibration: CalibrationInput,
  firmware: FirmwareInput,
};

export const DeviceCreate = Type.Object(
  { name: fields.name, ...Type.Partial(Type.Omit(Type.Object(fields), ['name'])).properties },
  { additionalProperties: false },
);
export type DeviceCreate = Static<typeof DeviceCreate>;

/** A device list asked for by ids names at most this many. */
export const DEVICE_IDS_MAX = 100;

export const DeviceListQuery = Type.Object({
  ...listQuery(deviceSortFields),
  registryId: Type.Optional(EntityId),
  deviceTypeId: Type.Optional(EntityId),
  projectId: Type.Optional(EntityId),
  status: Type.Optional(DeviceStatus),
  locType: Type.Optional(LocationType),
  calibrated: Type.Optional(Type.Boolean()),
  /**
   * Calibrated devices whose calibration is due: calibrated at least their
   * reminder interval ago (the device's own, else this many months: the
   * user's calibration reminder setting).
   */
  calibrationDue: Type.Optional(
    Type.Union([Type.Literal(3), Type.Literal(6), Type.Literal(9), Type.Literal(12)], {
      description: 'Months between calibrations where a device names none',
    }),
  ),
  communication: Type.Optional(Type.Boolean()),
  ids: Type.Optional(
    Type.String({
      pattern: `^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,${DEVICE_IDS_MAX - 1}}$`,
      description:
        'Only these devices: up to 100 ids, comma-separated (a dashboard reads its devices at once)',
      examples: ['12,13,40'],
    }),
  ),
});
export type DeviceListQuery = Static<typeof DeviceListQuery>;

const Hardware = Type.Object({
  model: Nullable(Type.String()),
  cellNumber: Nullable(Type.String()),
  simId: Nullable(Type.String()),
  simProvider: Nullable(Type.String()),
  modemModel: Nullable(Type.String()),
  modemImei: Nullable(Type.String()),
  memory: Nullable(Type.String()),
  memoryModel: Nullable(Type.String()),
  adapter: Nullable(Type.String()),
  wifiModule: Nullable(Type.String()),
  cpuTemperature: Nullable(Type.Number()),
});

/**
 * A decoder of the device (its type's or its own) that ingest does not run for now, because it
 * ran into its time limit again and again; the device's packets are stored without points until
 * then (docs/ingest.md).
 */
export const DecoderPause = Type.Object({
  function: Ref,
  /** The error of the timeout that started the pause. */
  reason: Type.String(),
  /** Timeouts in a row that started it. */
  timeouts: Type.Integer(),
  since: Timestamp,
  until: Timestamp,
});
export type DecoderPause = Static<typeof DecoderPause>;

/**
 * The organisation a device belongs to, with its IANA time zone: the device's
 * data is read in it (days, periods, chart times), so a graph needs no
 * second read of the organisation before it can draw.
 */
export const DeviceOrg = Type.Object({ ...OrgRef.properties, timeZone: Type.String() });
export type DeviceOrg = Static<typeof DeviceOrg>;

export const Device = Type.Object({
  id: Type.Integer(),
  uuid: Uuid,
  name: Type.String(),
  uniqueName: Nullable(Type.String()),
  description: Nullable(Type.String()),
  /**
   * address, lat and lng are null while the device is not calibrated (spec §4). The longitude
   * is shown once, as lng; a write takes the spec's long too.
   */
  address: Nullable(Type.String()),
  lat: Nullable(Type.Number()),
  lng: Nullable(Type.Number()),
  locType: LocationType,
  org: DeviceOrg,
  project: Nullable(Ref),
  registry: Nullable(Ref),
  deviceType: Nullable(Ref),
  /** Kept by the platform from the device's connection and data; not written through the API. */
  status: DeviceStatus,
  availability: Availability,
  communication: Type.Boolean(),
  hardware: Hardware,
  dataKeys: Type.Array(DataKey),
  syntheticKeys: Type.Array(
    Type.Object({
      key: Type.String(),
      name: Type.Optional(Type.String()),
      expression: Type.String(),
      unit: Type.Optional(Type.String()),
    }),
  ),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  decoderFunctions: Type.Array(Ref),
  decoderPauses: Type.Array(DecoderPause),
  mqttForward: Nullable(
    Type.Object({
      deviceIdField: Nullable(Type.String()),
      topic: Nullable(Type.String()),
      host: Nullable(Type.String()),
      user: Nullable(Type.String()),
      wlHost: Nullable(Type.String()),
      passwordSet: Type.Boolean(),
    }),
  ),
  calibrated: Type.Boolean(),
  calibration: Type.Object({
    type: Type.Optional(Type.String()),
    value: Type.Optional(Nullable(Type.Number())),
    reminderMonths: Type.Optional(Nullable(Type.Integer())),
    calibratedAt: Type.Optional(Nullable(Type.String())),
  }),
  firmware: Type.Object({
    version: Nullable(Type.String()),
    history: Type.Array(Type.Object({ version: Type.String(), installedAt: Type.String() })),
  }),
  lastDataAt: Nullable(Timestamp),
  lastConnectionAt: Nullable(Timestamp),
  created: Timestamp,
  modified: Timestamp,
});
export type Device = Static<typeof Device>;

/**
 * A device as read may be sent back: what only the server sets is ignored, and so is the
 * empty location an uncalibrated device shows (the route keeps the stored one).
 */
export const DeviceUpdate = acceptReadOnly(
  Type.Object(
    { id: EntityId, ...Type.Partial(Type.Object(fields)).properties },
    { additionalProperties: false },
  ),
  Device,
);
export type DeviceUpdate = Static<typeof DeviceUpdate>;
