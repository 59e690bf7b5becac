import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  DeviceType,
  DeviceTypeCreate,
  DeviceTypeUpdate,
} from '../../../contracts/device-type.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { authKeys } from '../session/keys.ts';
import { deleteEach } from '../delete-each.ts';
import { deviceTypeKeys } from './keys.ts';

const deleteDeviceType = (id: number) =>
  apiRequest<unknown>('core', `/v2/devicetype/${id}`, { method: 'DELETE' });

function saved(queryClient: QueryClient, deviceType: DeviceType) {
  queryClient.setQueryData(deviceTypeKeys.detail(deviceType.id), deviceType);
  return queryClient.invalidateQueries({ queryKey: deviceTypeKeys.lists() });
}

/** After a delete: the details go, the lists refresh, and so do the user's favourites (the server took them out). */
function deleted(queryClient: QueryClient, ids: readonly number[]) {
  for (const id of ids) queryClient.removeQueries({ queryKey: deviceTypeKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: authKeys.user() });
  return queryClient.invalidateQueries({ queryKey: deviceTypeKeys.lists() });
}

export function useCreateDeviceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeviceTypeCreate) =>
      apiRequest<DeviceType>('core', '/v2/devicetype', { method: 'POST', body: input }),
    onSuccess: (deviceType) => saved(queryClient, deviceType),
  });
}

export function useUpdateDeviceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeviceTypeUpdate) =>
      apiRequest<DeviceType>('core', '/v2/devicetype', { method: 'PUT', body: input }),
    onSuccess: (deviceType) => saved(queryClient, deviceType),
  });
}

export function useDeleteDeviceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDeviceType(id),
    onSuccess: (_answer, id) => deleted(queryClient, [id]),
  });
}

/** Deletes several device types (a list's selection); answers which went and which were refused. */
export function useDeleteDeviceTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => deleteEach(ids, deleteDeviceType),
    onSuccess: (outcome) => deleted(queryClient, outcome.deleted),
  });
}
