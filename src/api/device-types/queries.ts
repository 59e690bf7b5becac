import type { DeviceType } from '../../../contracts/device-type.ts';
import { entityReads } from '../entity-reads.ts';
import { deviceTypeKeys, type DeviceTypeFilters } from './keys.ts';

const reads = entityReads<DeviceType, DeviceTypeFilters>(deviceTypeKeys, 'core', {
  list: '/v2/devicetypes',
  entity: '/v2/devicetype',
});

export const deviceTypeListQuery = reads.list;

export const deviceTypeQuery = reads.entity;

/** Every device type the user can see, by name, for a picker. */
export const deviceTypeChoicesQuery = () => reads.choices({});
