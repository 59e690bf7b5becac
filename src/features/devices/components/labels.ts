import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Availability, LocationType } from '../../../../contracts/device.ts';

/** Spec §3 location types, in the words the console shows. */
export const locationTypeLabels: Record<LocationType, MessageDescriptor> = {
  crossroads: msg`Crossroads`,
  motorway: msg`Motorway`,
  office: msg`Office`,
  park: msg`Park`,
  path: msg`Path`,
  pedestrianstreet: msg`Pedestrian street`,
  port: msg`Port`,
  road: msg`Road`,
  square: msg`Square`,
  unspecified: msg`Unspecified`,
};

/** Spec §4 device status: what each colour means, for screen readers and tooltips. */
export { statusLabels } from '../../../ui/status-dot.tsx';

export const availabilityLabels: Record<Availability, MessageDescriptor> = {
  free: msg`Free`,
  busy: msg`Busy`,
};

export const communicationLabel = (allowed: boolean): MessageDescriptor =>
  allowed ? msg`Allowed` : msg`Blocked`;

/** Spec §3 sensor metadata keys, offered first on the metadata tab. */
export const metadataKeys: { key: string; label: MessageDescriptor }[] = [
  { key: 'co2', label: msg`CO₂` },
  { key: 'humidity', label: msg`Humidity` },
  { key: 'temperature', label: msg`Temperature` },
  { key: 'minWaterFlow', label: msg`Minimum water flow` },
  { key: 'maxWaterFlow', label: msg`Maximum water flow` },
  { key: 'minAmbientTemperature', label: msg`Minimum ambient temperature` },
  { key: 'minWaterTemperature', label: msg`Minimum water temperature` },
  { key: 'value', label: msg`Value` },
];
