import { msg } from '@lingui/core/macro';
import type { Control } from 'react-hook-form';
import type {
  Availability,
  Device,
  DeviceCreate,
  LocationType,
} from '../../../../contracts/device.ts';
import type { FieldMessages } from '../../../ui/form/contract-resolver.ts';
import { numberOrNull, numberText, textOrNull } from '../../../ui/form/values.ts';

export const hardwareFields = [
  'model',
  'cellNumber',
  'simId',
  'simProvider',
  'modemModel',
  'modemImei',
  'memory',
  'memoryModel',
  'adapter',
  'wifiModule',
] as const satisfies readonly (keyof Device['hardware'])[];
export type HardwareText = (typeof hardwareFields)[number];

type Calibration = NonNullable<DeviceCreate['calibration']>;
type ReminderMonths = NonNullable<Calibration['reminderMonths']>;

export const reminderMonths: readonly ReminderMonths[] = [3, 6, 9, 12];

/**
 * The device form's values: text as typed, picks as chosen. Their names follow
 * the body (`calibration.value`, `hardware.cpuTemperature`), so the contract's
 * findings land on the field that holds the value.
 */
export interface DeviceFormValues {
  name: string;
  uniqueName: string;
  description: string;
  orgUuid: string;
  registryId: number | '';
  deviceTypeId: number | '';
  locType: LocationType;
  availability: Availability;
  communication: 'allowed' | 'blocked';
  calibrated: boolean;
  address: string;
  lat: string;
  lng: string;
  calibration: {
    type: '' | NonNullable<Calibration['type']>;
    value: string;
    reminderMonths: '' | ReminderMonths;
  };
  hardware: Record<HardwareText | 'cpuTemperature', string>;
}

export type DeviceFormControl = Control<DeviceFormValues, unknown, DeviceCreate>;

export function initialValues(
  device: Device | undefined,
  orgUuid: string,
  /** The console's language, in which the numbers are written (a decimal comma in Danish). */
  language = 'en',
): DeviceFormValues {
  const c = device?.calibration;
  const months = reminderMonths.find((m) => m === c?.reminderMonths);
  const hardware = Object.fromEntries(
    hardwareFields.map((f) => [f, device?.hardware[f] ?? '']),
  ) as Record<HardwareText, string>;
  return {
    name: device?.name ?? '',
    uniqueName: device?.uniqueName ?? '',
    description: device?.description ?? '',
    orgUuid: device?.org.uuid ?? orgUuid,
    registryId: device?.registry?.id ?? '',
    deviceTypeId: device?.deviceType?.id ?? '',
    locType: device?.locType ?? 'unspecified',
    availability: device?.availability ?? 'free',
    communication: device?.communication === false ? 'blocked' : 'allowed',
    calibrated: device?.calibrated ?? false,
    address: device?.address ?? '',
    lat: numberText(device?.lat, language),
    lng: numberText(device?.lng, language),
    calibration: {
      type: c?.type === 'count' || c?.type === 'time' ? c.type : '',
      value: numberText(c?.value, language),
      reminderMonths: months ?? '',
    },
    hardware: {
      ...hardware,
      cpuTemperature: numberText(device?.hardware.cpuTemperature, language),
    },
  };
}

/** The body the values make; `calibratedAt` is kept as the device has it. */
export function toBody(values: DeviceFormValues, device: Device | undefined) {
  const { calibration: c, hardware: h } = values;
  return {
    name: values.name.trim(),
    uniqueName: textOrNull(values.uniqueName),
    description: textOrNull(values.description),
    orgUuid: values.orgUuid,
    registryId: values.registryId === '' ? null : values.registryId,
    deviceTypeId: values.deviceTypeId === '' ? null : values.deviceTypeId,
    locType: values.locType,
    availability: values.availability,
    communication: values.communication === 'allowed',
    calibrated: values.calibrated,
    // An uncalibrated device is read without its location (spec §4): the server keeps
    // a stored one when the form sends it back empty.
    address: textOrNull(values.address),
    lat: numberOrNull(values.lat),
    lng: numberOrNull(values.lng),
    calibration: {
      ...(c.type === '' ? {} : { type: c.type }),
      value: numberOrNull(c.value),
      reminderMonths: c.reminderMonths === '' ? null : c.reminderMonths,
      calibratedAt: device?.calibration.calibratedAt ?? null,
    },
    hardware: {
      ...Object.fromEntries(hardwareFields.map((f) => [f, textOrNull(h[f])])),
      cpuTemperature: numberOrNull(h.cpuTemperature),
    },
  };
}

/** The form's own words where the contract's general ones say less. */
export const messages: FieldMessages = {
  name: { minLength: msg`The name is required.`, pattern: msg`The name is required.` },
  uniqueName: {
    pattern: msg`Letters, digits and _ . : - only, starting with a letter or digit.`,
  },
  lat: { minimum: msg`Between -90 and 90.`, maximum: msg`Between -90 and 90.` },
  lng: { minimum: msg`Between -180 and 180.`, maximum: msg`Between -180 and 180.` },
  'hardware.cpuTemperature': {
    minimum: msg`Between -100 and 200.`,
    maximum: msg`Between -100 and 200.`,
  },
  'calibration.value': { minimum: msg`Zero or more.` },
};
