import type {
  DeviceType,
  DeviceTypeCreate,
  DeviceTypeUpdate,
} from '../../../contracts/device-type.ts';
import { entityWrites } from '../entity-writes.ts';
import { deviceTypeKeys } from './keys.ts';

const writes = entityWrites<DeviceType, DeviceTypeCreate, DeviceTypeUpdate>(
  deviceTypeKeys,
  'core',
  '/v2/devicetype',
);

export const useCreateDeviceType = writes.useCreate;

export const useUpdateDeviceType = writes.useUpdate;

export const useDeleteDeviceType = writes.useDelete;

/** Deletes several device types (a list's selection); answers which went and which were refused. */
export const useDeleteDeviceTypes = writes.useDeleteMany;
