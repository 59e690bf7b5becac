import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Collection,
  CollectionCreate,
  CollectionDeviceAssign,
  CollectionUpdate,
} from '../../../contracts/collection.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { deviceKeys } from '../devices/keys.ts';
import { entityWrites } from '../entity-writes.ts';
import { projectKeys } from '../projects/keys.ts';
import { collectionKeys } from './keys.ts';

const writes = entityWrites<Collection, CollectionCreate, CollectionUpdate>(
  collectionKeys,
  'core',
  '/v2/collection',
);

export const useCreateCollection = writes.useCreate;

export const useUpdateCollection = writes.useUpdate;

export const useDeleteCollection = writes.useDelete;

export const useDeleteCollections = writes.useDeleteMany;

/**
 * A device's assignment to a collection, or its end (`deviceId` null): the
 * collection as it is now goes into the cache, and its history, the lists
 * and the projects' counts are read again.
 */
export function useAssignDevice(collectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionDeviceAssign | null) =>
      apiRequest<Collection>('core', `/v2/collection/${collectionId}/device`, {
        method: body === null ? 'DELETE' : 'PUT',
        ...(body === null ? {} : { body }),
      }),
    onSuccess: async (collection) => {
      queryClient.setQueryData(collectionKeys.detail(collection.id), collection);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: collectionKeys.periods(collection.id) }),
        queryClient.invalidateQueries({ queryKey: collectionKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
      ]);
    },
  });
}
