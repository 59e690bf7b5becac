import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { deviceKeys, updateDevice, type Device, type DeviceInput } from './queries.ts';

/**
 * Registries and device types count their devices, and a registry lists its own
 * (name, type, organisation): a device created, changed or deleted makes those
 * stale. Their features' key roots, named here as features do not import each other.
 */
export function invalidateDeviceHolders(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['registries'] }),
    queryClient.invalidateQueries({ queryKey: ['devicetypes'] }),
  ]);
}

/** Saves part of a device; the answer replaces the cached device and the lists refresh. */
export function useUpdateDevice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceInput) => updateDevice(id, body),
    onSuccess: async (saved: Device) => {
      queryClient.setQueryData(deviceKeys.detail(id), saved);
      // Not awaited: the shown forward state is read again, and a form keyed by the
      // device's modified time, remounted meanwhile, would miss its own onSuccess.
      void queryClient.invalidateQueries({ queryKey: deviceKeys.forward(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
        invalidateDeviceHolders(queryClient),
      ]);
    },
  });
}
