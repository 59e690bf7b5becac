import type { CollectionListQuery } from '../../../contracts/collection.ts';
import type { ListQuery } from '../list-query.ts';

/** The filters the collections list takes (GET /v2/collections). */
export type CollectionFilters = Pick<
  CollectionListQuery,
  'orgUuid' | 'state' | 'projectId' | 'deviceId'
>;

export const collectionKeys = {
  all: ['collections'] as const,
  lists: () => [...collectionKeys.all, 'list'] as const,
  list: (query: ListQuery<CollectionFilters>) => [...collectionKeys.lists(), query] as const,
  choices: (filters: CollectionFilters = {}) =>
    [...collectionKeys.lists(), { choices: true, ...filters }] as const,
  details: () => [...collectionKeys.all, 'detail'] as const,
  detail: (id: number) => [...collectionKeys.details(), id] as const,
  /** The devices that measured for a collection: under its detail, so a write of it reaches them. */
  periods: (id: number) => [...collectionKeys.detail(id), 'devices'] as const,
  /** The data keys its devices reported, and its data over a range: under its detail too. */
  dataKeys: (id: number) => [...collectionKeys.detail(id), 'keys'] as const,
  data: (id: number, key: string, from: number, to: number) =>
    [...collectionKeys.detail(id), 'data', key, from, to] as const,
};
