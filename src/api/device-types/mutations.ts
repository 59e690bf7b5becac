import type {
  DeviceType,
  DeviceTypeCreate,
  DeviceTypeUpdate,
} from '../../../contracts/device-type.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useDeleteEntities, useDeleteEntity, useSaveEntity } from '../entity-writes.ts';
import { deviceTypeKeys } from './keys.ts';

const deleteDeviceType = (id: number) =>
  apiRequest<unknown>('core', `/v2/devicetype/${id}`, { method: 'DELETE' });

const createDeviceType = (input: DeviceTypeCreate) =>
  apiRequest<DeviceType>('core', '/v2/devicetype', { method: 'POST', body: input });

const updateDeviceType = (input: DeviceTypeUpdate) =>
  apiRequest<DeviceType>('core', '/v2/devicetype', { method: 'PUT', body: input });

export const useCreateDeviceType = () => useSaveEntity(deviceTypeKeys, createDeviceType);

export const useUpdateDeviceType = () => useSaveEntity(deviceTypeKeys, updateDeviceType);

export const useDeleteDeviceType = () => useDeleteEntity(deviceTypeKeys, deleteDeviceType);

/** Deletes several device types (a list's selection); answers which went and which were refused. */
export const useDeleteDeviceTypes = () => useDeleteEntities(deviceTypeKeys, deleteDeviceType);
