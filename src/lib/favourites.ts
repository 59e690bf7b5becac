import { createContext, useCallback, useContext } from 'react';
import { Value } from 'typebox/value';
import { Favourite, type FavouriteType } from '../../contracts/user.ts';

const isFavourite = (value: unknown): value is Favourite => Value.Check(Favourite, value);

/** The favourites in a user's store; anything malformed in it is skipped. */
export function favouritesOf(stored: unknown): Favourite[] {
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
 * The signed-in user's stored favourites and how to save them. The signed-in
 * user is read through api/, which is above this layer: the shell provides it.
 */
export interface FavouritesStore {
  stored: unknown;
  save: (next: Favourite[]) => Promise<unknown>;
  saving: boolean;
}

// Nobody signed in: no favourites, and nothing to save them to.
const FavouritesContext = createContext<FavouritesStore>({
  stored: undefined,
  save: () => Promise.resolve({ ok: false }),
  saving: false,
});

export const FavouritesProvider = FavouritesContext.Provider;

/**
 * The signed-in user's favourites, and a toggle that shows the change at once
 * and saves it to the user's store (spec §4 Favourites).
 */
export function useFavourites() {
  const { stored, save, saving } = useContext(FavouritesContext);
  const favourites = favouritesOf(stored);

  const has = useCallback(
    (type: FavouriteType, id: string | number) =>
      favourites.some((f) => sameEntity(f, { type, id })),
    [favourites],
  );
  const toggle = useCallback(
    (entity: Favourite) => save(toggledFavourites(favourites, entity)),
    [save, favourites],
  );
  const remove = useCallback(
    (entities: Favourite[]) =>
      save(favourites.filter((f) => !entities.some((e) => sameEntity(f, e)))),
    [save, favourites],
  );
  /** Saves the entity's current name if its favourite still has an older one. */
  const rename = useCallback(
    (entity: Favourite) => {
      const next = renamedFavourites(favourites, entity);
      if (next && !saving) save(next).catch(() => undefined);
    },
    [favourites, saving, save],
  );
  return { favourites, has, toggle, remove, rename, saving };
}
