import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from './api-client.ts';
import { authKeys, currentUserQuery, type CurrentUser } from './current-user.ts';

/** The kinds of entity a user can mark as a favourite (spec §3 Favourite). */
export type FavouriteType =
  | 'cloudfunction'
  | 'collection'
  | 'device'
  | 'devicetype'
  | 'org'
  | 'project'
  | 'registry'
  | 'sensor'
  | 'user';

export interface Favourite {
  id: string | number;
  type: FavouriteType;
  name?: string;
  description?: string | null;
  org?: string | null;
}

const isFavourite = (value: unknown): value is Favourite =>
  typeof value === 'object' &&
  value !== null &&
  'type' in value &&
  'id' in value &&
  typeof (value as { type: unknown }).type === 'string' &&
  (typeof (value as { id: unknown }).id === 'string' ||
    typeof (value as { id: unknown }).id === 'number');

/** The favourites in a user's store; anything malformed in it is skipped. */
export function favouritesOf(user: CurrentUser | null | undefined): Favourite[] {
  const stored = user?.internal.favourites;
  return Array.isArray(stored) ? stored.filter(isFavourite) : [];
}

const sameEntity = (a: Pick<Favourite, 'type' | 'id'>, b: Pick<Favourite, 'type' | 'id'>) =>
  a.type === b.type && String(a.id) === String(b.id);

/** Adds the entity when it is not a favourite, removes it when it is. */
export function toggledFavourites(list: Favourite[], entity: Favourite): Favourite[] {
  return list.some((f) => sameEntity(f, entity))
    ? list.filter((f) => !sameEntity(f, entity))
    : [...list, entity];
}

/**
 * The list with the entity's stored name brought up to date (it was saved
 * when the star was clicked, and the entity may have been renamed since), or
 * null when nothing is out of date.
 */
export function renamedFavourites(list: Favourite[], entity: Favourite): Favourite[] | null {
  if (entity.name === undefined) return null;
  const stored = list.find((f) => sameEntity(f, entity));
  if (!stored || stored.name === entity.name) return null;
  return list.map((f) => (f === stored ? { ...f, name: entity.name } : f));
}

/**
 * The signed-in user's favourites, and a toggle that shows the change at once
 * and saves it to the user's store (spec §4 Favourites).
 */
export function useFavourites() {
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery());
  const favourites = favouritesOf(user);

  const mutation = useMutation({
    mutationFn: (next: Favourite[]) => {
      if (!user) return Promise.resolve({ ok: false });
      return apiRequest<{ ok: boolean }>('core', `/entity/user/${user.uuid}/internal`, {
        method: 'PUT',
        body: { favourites: next },
      });
    },
    onMutate: (next) => {
      const previous = queryClient.getQueryData<CurrentUser | null>(authKeys.user());
      queryClient.setQueryData<CurrentUser | null>(authKeys.user(), (old) =>
        old ? { ...old, internal: { ...old.internal, favourites: next } } : old,
      );
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous !== undefined)
        queryClient.setQueryData(authKeys.user(), context.previous);
    },
  });

  const has = useCallback(
    (type: FavouriteType, id: string | number) =>
      favourites.some((f) => sameEntity(f, { type, id })),
    [favourites],
  );
  const toggle = useCallback(
    (entity: Favourite) => mutation.mutateAsync(toggledFavourites(favourites, entity)),
    [mutation, favourites],
  );
  const remove = useCallback(
    (entities: Favourite[]) =>
      mutation.mutateAsync(favourites.filter((f) => !entities.some((e) => sameEntity(f, e)))),
    [mutation, favourites],
  );
  const { isPending, mutate } = mutation;
  /** Saves the entity's current name if its favourite still has an older one. */
  const rename = useCallback(
    (entity: Favourite) => {
      const next = renamedFavourites(favourites, entity);
      if (next && !isPending) mutate(next);
    },
    [favourites, isPending, mutate],
  );
  return { favourites, has, toggle, remove, rename, saving: isPending };
}
