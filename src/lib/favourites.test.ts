import { describe, expect, it } from 'vitest';
import type { Favourite } from '../../contracts/user.ts';
import { renamedFavourites, toggledFavourites } from './favourites.ts';

const device: Favourite = { type: 'device', id: 7, name: 'Kælder' };

describe('favourites', () => {
  it('adds an entity that is not a favourite and removes one that is', () => {
    const added = toggledFavourites([], device);
    expect(added).toEqual([device]);
    expect(toggledFavourites(added, { type: 'device', id: '7' })).toEqual([]);
  });

  it('brings a renamed favourite up to date, and only that one', () => {
    const other: Favourite = { type: 'registry', id: 7, name: 'Kælder' };
    const list = [device, other];
    const renamed = renamedFavourites(list, { type: 'device', id: 7, name: 'Loft' });
    expect(renamed).toEqual([{ type: 'device', id: 7, name: 'Loft' }, other]);
    expect(renamedFavourites(list, { type: 'device', id: 7, name: 'Kælder' })).toBeNull();
    expect(renamedFavourites(list, { type: 'device', id: 8, name: 'Loft' })).toBeNull();
    expect(renamedFavourites(list, { type: 'device', id: 7 })).toBeNull();
  });
});
