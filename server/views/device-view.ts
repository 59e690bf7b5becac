import type { FunctionPauses } from '../functions/function-pauses.ts';
import type { DeviceRow } from '../repositories/device-repository.ts';
import type { Device } from '../../contracts/device.ts';
import type { DataKey } from '../../contracts/list.ts';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

function hardwareOf(stored: Record<string, unknown>): Device['hardware'] {
  return {
    model: text(stored.model),
    cellNumber: text(stored.cellNumber),
    simId: text(stored.simId),
    simProvider: text(stored.simProvider),
    modemModel: text(stored.modemModel),
    modemImei: text(stored.modemImei),
    memory: text(stored.memory),
    memoryModel: text(stored.memoryModel),
    adapter: text(stored.adapter),
    wifiModule: text(stored.wifiModule),
    cpuTemperature: number(stored.cpuTemperature),
  };
}

function calibrationOf(stored: Record<string, unknown>): Device['calibration'] {
  return {
    ...(typeof stored.type === 'string' ? { type: stored.type } : {}),
    value: number(stored.value),
    reminderMonths: number(stored.reminderMonths),
    calibratedAt: text(stored.calibratedAt),
  };
}

function firmwareOf(stored: Record<string, unknown>): Device['firmware'] {
  const history = Array.isArray(stored.history) ? stored.history : [];
  return {
    version: text(stored.version),
    history: history.flatMap((entry: unknown) => {
      const e = (entry ?? {}) as Record<string, unknown>;
      const version = text(e.version);
      const installedAt = text(e.installedAt);
      return version !== null && installedAt !== null ? [{ version, installedAt }] : [];
    }),
  };
}

/** The forwarding settings without the password: only whether one is set. */
function mqttForwardOf(stored: Record<string, unknown> | null): Device['mqttForward'] {
  if (!stored) return null;
  return {
    deviceIdField: text(stored.deviceIdField),
    topic: text(stored.topic),
    host: text(stored.host),
    user: text(stored.user),
    wlHost: text(stored.wlHost),
    passwordSet: typeof stored.password === 'string' && stored.password !== '',
  };
}

/** The device's decoders paused on this node, its type's first. */
function decoderPausesOf(row: DeviceRow, pauses: FunctionPauses): Device['decoderPauses'] {
  const ids = [row.device_type_decoder_id, ...row.decoder_functions.map((f) => f.id)];
  return pauses.list(ids).map((pause) => ({
    function: { id: pause.functionId, name: pause.functionName },
    reason: pause.reason,
    timeouts: pause.timeouts,
    since: pause.since.toISOString(),
    until: pause.until.toISOString(),
  }));
}

/** A device as the API shows it. An uncalibrated device shows no location (spec §4). */
export function deviceView(row: DeviceRow, pauses: FunctionPauses): Device {
  const located = row.calibrated;
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    uniqueName: row.unique_name,
    description: row.description,
    address: located ? row.address : null,
    lat: located ? row.lat : null,
    lng: located ? row.lng : null,
    locType: row.loc_type,
    org: { uuid: row.org_uuid, name: row.org_name, timeZone: row.org_time_zone },
    project: row.project_id !== null ? { id: row.project_id, name: row.project_name ?? '' } : null,
    registry:
      row.registry_id !== null ? { id: row.registry_id, name: row.registry_name ?? '' } : null,
    deviceType:
      row.device_type_id !== null
        ? { id: row.device_type_id, name: row.device_type_name ?? '' }
        : null,
    status: row.status,
    availability: row.availability,
    communication: row.communication,
    hardware: hardwareOf(row.hardware),
    dataKeys: row.data_keys as DataKey[],
    syntheticKeys: row.synthetic_keys as Device['syntheticKeys'],
    metadata: row.metadata,
    decoderFunctions: row.decoder_functions,
    decoderPauses: decoderPausesOf(row, pauses),
    mqttForward: mqttForwardOf(row.mqtt_forward),
    calibrated: row.calibrated,
    calibration: calibrationOf(row.calibration),
    firmware: firmwareOf(row.firmware),
    lastDataAt: iso(row.last_data_at),
    lastConnectionAt: iso(row.last_connection_at),
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
  };
}
