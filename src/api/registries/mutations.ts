import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Registry, RegistryCreate, RegistryUpdate } from '../../../contracts/registry.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { authKeys } from '../session/keys.ts';
import { deleteEach } from '../delete-each.ts';
import { registryKeys } from './keys.ts';

const deleteRegistry = (id: number) =>
  apiRequest<unknown>('core', `/v2/registry/${id}`, { method: 'DELETE' });

function saved(queryClient: QueryClient, registry: Registry) {
  queryClient.setQueryData(registryKeys.detail(registry.id), registry);
  return queryClient.invalidateQueries({ queryKey: registryKeys.lists() });
}

/** After a delete: the details go, the lists refresh, and so do the user's favourites (the server took them out). */
function deleted(queryClient: QueryClient, ids: readonly number[]) {
  for (const id of ids) queryClient.removeQueries({ queryKey: registryKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: authKeys.user() });
  return queryClient.invalidateQueries({ queryKey: registryKeys.lists() });
}

export function useCreateRegistry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistryCreate) =>
      apiRequest<Registry>('core', '/v2/registry', { method: 'POST', body: input }),
    onSuccess: (registry) => saved(queryClient, registry),
  });
}

export function useUpdateRegistry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistryUpdate) =>
      apiRequest<Registry>('core', '/v2/registry', { method: 'PUT', body: input }),
    onSuccess: (registry) => saved(queryClient, registry),
  });
}

export function useDeleteRegistry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRegistry(id),
    onSuccess: (_answer, id) => deleted(queryClient, [id]),
  });
}

/** Deletes several registries (a list's selection); answers which went and which were refused. */
export function useDeleteRegistries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => deleteEach(ids, deleteRegistry),
    onSuccess: (outcome) => deleted(queryClient, outcome.deleted),
  });
}
