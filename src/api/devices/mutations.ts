import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Device, DeviceCreate, DeviceUpdate } from '../../../contracts/device.ts';
import type { DevicePicture } from '../../../contracts/device-picture.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { fileToBase64 } from '../../lib/files.ts';
import { deleteEach } from '../delete-each.ts';
import { authKeys } from '../session/keys.ts';
import { deviceTypeKeys } from '../device-types/keys.ts';
import { organisationKeys } from '../organisations/keys.ts';
import { registryKeys } from '../registries/keys.ts';
import { deviceKeys } from './keys.ts';

/**
 * Registries and device types count their devices, organisations too (with
 * and without their sub-organisations): a device created, moved or deleted
 * makes those stale. Their own devices are device lists, refreshed with the family.
 */
function refreshDeviceLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: deviceKeys.maps() }),
    queryClient.invalidateQueries({ queryKey: registryKeys.all }),
    queryClient.invalidateQueries({ queryKey: deviceTypeKeys.all }),
    queryClient.invalidateQueries({ queryKey: organisationKeys.details() }),
  ]);
}

export function useCreateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceCreate) =>
      apiRequest<Device>('core', '/v2/device', { method: 'POST', body }),
    onSuccess: async (device) => {
      queryClient.setQueryData(deviceKeys.detail(device.id), device);
      await refreshDeviceLists(queryClient);
    },
  });
}

/**
 * Saves part of a device (the form, a tab, a move to another organisation);
 * the answer replaces the cached device and the lists refresh.
 */
export function useUpdateDevice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Omit<DeviceUpdate, 'id'>) =>
      apiRequest<Device>('core', '/v2/device', { method: 'PUT', body: { ...changes, id } }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(deviceKeys.detail(id), saved);
      // Not awaited: the shown forward state is read again, and a form keyed by the
      // device's modified time, remounted meanwhile, would miss its own onSuccess.
      void queryClient.invalidateQueries({ queryKey: deviceKeys.forward(id) });
      await refreshDeviceLists(queryClient);
    },
  });
}

const deleteDevice = (id: number) =>
  apiRequest<unknown>('core', `/v2/device/${id}`, { method: 'DELETE' });

/** Deleted devices leave the cache; the server took them out of favourites too. */
function devicesDeleted(queryClient: QueryClient, ids: readonly number[]) {
  for (const id of ids) queryClient.removeQueries({ queryKey: deviceKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: authKeys.user() });
  return refreshDeviceLists(queryClient);
}

/** The device page's delete. */
export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: (_, id) => devicesDeleted(queryClient, [id]),
  });
}

/**
 * Every device list's delete of its selection: one call per device, a refusal
 * not stopping the others, and one refresh when all are done.
 */
export function useDeleteDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => deleteEach(ids, deleteDevice),
    onSuccess: (outcome) => devicesDeleted(queryClient, outcome.deleted),
  });
}

/** Uploads pictures, each on its own: says how many failed; the pictures are read again. */
export function useUploadDevicePictures(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) => {
      const results = await Promise.allSettled(
        files.map(async (file) =>
          apiRequest<DevicePicture>('core', `/v2/device/${deviceId}/pictures`, {
            method: 'POST',
            body: {
              fileName: file.name || 'picture',
              contentType: file.type,
              data: await fileToBase64(file),
            },
          }),
        ),
      );
      return { failed: results.filter((r) => r.status === 'rejected').length };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.pictures(deviceId) }),
  });
}

export function useDeleteDevicePicture(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pictureId: number) =>
      apiRequest<unknown>('core', `/v2/device/${deviceId}/picture/${pictureId}`, {
        method: 'DELETE',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.pictures(deviceId) }),
  });
}
