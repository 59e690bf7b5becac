import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fileToBase64 } from '../../../lib/files.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { listQueryString, type Page, type ListState } from '../../../lib/list-search.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';

export type DeviceStatus = 'green' | 'yellow' | 'red' | 'none';
export type Availability = 'free' | 'busy';
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

export interface Ref {
  id: number;
  name: string;
}

export interface Hardware {
  model: string | null;
  cellNumber: string | null;
  simId: string | null;
  simProvider: string | null;
  modemModel: string | null;
  modemImei: string | null;
  memory: string | null;
  memoryModel: string | null;
  adapter: string | null;
  wifiModule: string | null;
  cpuTemperature: number | null;
}

export interface MqttForward {
  deviceIdField: string | null;
  topic: string | null;
  host: string | null;
  user: string | null;
  wlHost: string | null;
  passwordSet: boolean;
}

/** A device's MQTT forward as the server sees it (server/schemas/mqtt-forward.ts). */
export interface MqttForwardStatus {
  state: 'off' | 'idle' | 'connecting' | 'connected' | 'failing' | 'refused';
  target: string | null;
  since: string | null;
  error: string | null;
  failures: number;
  nextRetryAt: string | null;
}

export interface Calibration {
  type?: string;
  value?: number | null;
  reminderMonths?: number | null;
  calibratedAt?: string | null;
}

export interface DecoderPause {
  function: Ref;
  reason: string;
  timeouts: number;
  since: string;
  until: string;
}

/** A device as GET /api/v2/device/{id} gives it (server/schemas/device.ts). */
export interface Device {
  id: number;
  uuid: string;
  name: string;
  uniqueName: string | null;
  description: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  locType: LocationType;
  org: { uuid: string; name: string };
  project: Ref | null;
  registry: Ref | null;
  deviceType: Ref | null;
  status: DeviceStatus;
  availability: Availability;
  communication: boolean;
  hardware: Hardware;
  /** The keys the device sends (those from its type marked inherited). */
  dataKeys: { key: string; name?: string; type?: string; unit?: string; inherited?: boolean }[];
  /** Keys computed from the others at ingest. */
  syntheticKeys: { key: string; name?: string; expression: string; unit?: string }[];
  metadata: Record<string, unknown>;
  decoderFunctions: Ref[];
  /** Decoders ingest has paused after timeouts, and until when (server/schemas/device.ts). */
  decoderPauses: DecoderPause[];
  mqttForward: MqttForward | null;
  calibrated: boolean;
  calibration: Calibration;
  firmware: { version: string | null; history: { version: string; installedAt: string }[] };
  lastDataAt: string | null;
  lastConnectionAt: string | null;
  created: string;
  modified: string;
}

/** What a create or update may send (server/schemas/device.ts DeviceCreate/DeviceUpdate). */
export interface DeviceInput {
  name?: string;
  uniqueName?: string | null;
  description?: string | null;
  address?: string | null;
  lat?: number | null;
  lng?: number | null;
  locType?: LocationType;
  orgUuid?: string;
  registryId?: number | null;
  deviceTypeId?: number | null;
  availability?: Availability;
  communication?: boolean;
  hardware?: Partial<Hardware>;
  metadata?: Record<string, unknown>;
  decoderFunctionIds?: number[];
  mqttForward?: {
    deviceIdField?: string | null;
    topic?: string | null;
    host?: string | null;
    user?: string | null;
    password?: string | null;
    wlHost?: string | null;
  } | null;
  calibrated?: boolean;
  calibration?: Calibration;
  firmware?: { version: string | null };
}

export interface DevicePicture {
  id: number;
  uuid: string;
  deviceId: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  created: string;
}

export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (state: ListState) => [...deviceKeys.lists(), state] as const,
  details: () => [...deviceKeys.all, 'detail'] as const,
  detail: (id: number) => [...deviceKeys.details(), id] as const,
  pictures: (id: number) => [...deviceKeys.detail(id), 'pictures'] as const,
  forward: (id: number) => [...deviceKeys.detail(id), 'mqtt-forward'] as const,
  options: (what: string) => [...deviceKeys.all, 'options', what] as const,
};

/**
 * A page of devices. The list's filter fields (status, registryId, deviceTypeId,
 * communication: DeviceListQuery's names) travel in `state.filters`.
 */
export const deviceListQuery = (state: ListState) =>
  queryOptions({
    queryKey: deviceKeys.list(state),
    queryFn: ({ signal }) =>
      apiRequest<Page<Device>>('core', `/v2/devices?${listQueryString(state)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const deviceQuery = (id: number) =>
  queryOptions({
    queryKey: deviceKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Device>('core', `/v2/device/${id}`, { signal }),
  });

export const createDevice = (body: DeviceInput) =>
  apiRequest<Device>('core', '/v2/device', { method: 'POST', body });

export const updateDevice = (id: number, body: DeviceInput) =>
  apiRequest<Device>('core', '/v2/device', { method: 'PUT', body: { id, ...body } });

export const deleteDevice = (id: number) =>
  apiRequest<unknown>('core', `/v2/device/${id}`, { method: 'DELETE' });

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

/** The picture types and size the API takes (server/schemas/device-picture.ts). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

export async function uploadPicture(deviceId: number, file: File): Promise<DevicePicture> {
  return apiRequest<DevicePicture>('core', `/v2/device/${deviceId}/pictures`, {
    method: 'POST',
    body: {
      fileName: file.name || 'picture',
      contentType: file.type,
      data: await fileToBase64(file),
    },
  });
}

export const deletePicture = (deviceId: number, pictureId: number) =>
  apiRequest<unknown>('core', `/v2/device/${deviceId}/picture/${pictureId}`, {
    method: 'DELETE',
  });

/** Choices for the pickers: registries, device types, decoders and organisations one can see. */
const OPTIONS_PAGE = 'page=1&pageSize=500&sort=name';

/**
 * A picker's key in the list family of the domain it lists (the `lists()` keys of
 * the registries, device types and functions features), so creating, renaming or
 * deleting one there refreshes the picker too, instead of offering a stale list.
 */
const pickerKey = (domain: 'registries' | 'devicetypes' | 'cloudfunctions') =>
  [domain, 'list', 'device-picker'] as const;

export const registryOptionsQuery = () =>
  queryOptions({
    queryKey: pickerKey('registries'),
    queryFn: ({ signal }) =>
      apiRequest<Page<Ref & { org: { uuid: string } }>>('core', `/v2/registries?${OPTIONS_PAGE}`, {
        signal,
      }).then((page) => page.items),
    staleTime: 60_000,
  });

export const deviceTypeOptionsQuery = () =>
  queryOptions({
    queryKey: pickerKey('devicetypes'),
    queryFn: ({ signal }) =>
      apiRequest<Page<Ref & { org: { uuid: string } }>>('core', `/v2/devicetypes?${OPTIONS_PAGE}`, {
        signal,
      }).then((page) => page.items),
    staleTime: 60_000,
  });

export const decoderOptionsQuery = () =>
  queryOptions({
    queryKey: pickerKey('cloudfunctions'),
    queryFn: ({ signal }) =>
      apiRequest<Page<Ref & { org: { uuid: string; name: string } }>>(
        'core',
        `/v2/cloudfunctions?${OPTIONS_PAGE}&type=decoder`,
        { signal },
      ).then((page) => page.items),
    staleTime: 60_000,
  });

export const organisationOptionsQuery = () =>
  queryOptions({
    queryKey: deviceKeys.options('organisations'),
    queryFn: ({ signal }) =>
      apiRequest<{ uuid: string; name: string }[]>('core', '/entity/organisations', { signal }),
    staleTime: 60_000,
  });
