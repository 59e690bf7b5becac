import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { apiRequest, type Service } from '../lib/api-client.ts';
import { deleteEach } from './delete-each.ts';
import { authKeys } from './session/keys.ts';

/** The part of a resource's key family its writes refresh: every list, and one entity's detail. */
export interface EntityKeys {
  lists: () => QueryKey;
  detail: (id: number) => QueryKey;
}

/** A create or update: the saved entity is its detail's data at once, and every list refreshes. */
export function useSaveEntity<Input, Saved extends { id: number }>(
  keys: EntityKeys,
  save: (input: Input) => Promise<Saved>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (entity) => {
      queryClient.setQueryData(keys.detail(entity.id), entity);
      return queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

/** After a delete: the details go, the lists refresh, and so do the user's favourites (the server took them out). */
function deleted(queryClient: QueryClient, keys: EntityKeys, ids: readonly number[]) {
  for (const id of ids) queryClient.removeQueries({ queryKey: keys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: authKeys.user() });
  return queryClient.invalidateQueries({ queryKey: keys.lists() });
}

/** Deletes one entity (a detail page's delete). */
export function useDeleteEntity(keys: EntityKeys, remove: (id: number) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: (_answer, id) => deleted(queryClient, keys, [id]),
  });
}

/** Deletes several entities (a list's selection); answers which went and which were refused. */
export function useDeleteEntities(keys: EntityKeys, remove: (id: number) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => deleteEach(ids, remove),
    onSuccess: (outcome) => deleted(queryClient, keys, outcome.deleted),
  });
}

/**
 * The writes of a resource created (POST) and updated (PUT) at `path`, and
 * deleted at `path/<id>`, each a hook that owns its refreshes.
 */
export function entityWrites<Entity extends { id: number }, Create, Update>(
  keys: EntityKeys,
  service: Service,
  path: string,
) {
  const create = (input: Create) =>
    apiRequest<Entity>(service, path, { method: 'POST', body: input });
  const update = (input: Update) =>
    apiRequest<Entity>(service, path, { method: 'PUT', body: input });
  const remove = (id: number) =>
    apiRequest<unknown>(service, `${path}/${id}`, { method: 'DELETE' });
  return {
    useCreate: () => useSaveEntity(keys, create),
    useUpdate: () => useSaveEntity(keys, update),
    useDelete: () => useDeleteEntity(keys, remove),
    useDeleteMany: () => useDeleteEntities(keys, remove),
  };
}

/** An update's organisation is sent only when it changes: a move needs its own privilege. */
export function withOrgMove<Body extends { orgUuid?: string }>(
  body: Body,
  current: { id: number; org: { uuid: string } },
): Omit<Body, 'orgUuid'> & { id: number; orgUuid?: string } {
  const { orgUuid, ...rest } = body;
  return { ...rest, id: current.id, ...(orgUuid !== current.org.uuid && { orgUuid }) };
}
