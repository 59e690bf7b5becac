import { queryOptions } from '@tanstack/react-query';
import type {
  Collection,
  CollectionData,
  CollectionDevicePeriod,
  CollectionKeys,
} from '../../../contracts/collection.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { entityReads } from '../entity-reads.ts';
import { collectionKeys, type CollectionFilters } from './keys.ts';

const reads = entityReads<Collection, CollectionFilters>(collectionKeys, 'core', {
  list: '/v2/collections',
  entity: '/v2/collection',
});

export const collectionListQuery = reads.list;

export const collectionQuery = reads.entity;

/** Every device that measured for the collection, and when (newest first). */
export const collectionPeriodsQuery = (id: number) =>
  queryOptions({
    queryKey: collectionKeys.periods(id),
    queryFn: ({ signal }) =>
      apiRequest<CollectionDevicePeriod[]>('core', `/v2/collection/${id}/devices`, { signal }),
    enabled: id > 0,
  });

/** The data keys the collection's devices reported while they measured for it, and its time zone. */
export const collectionDataKeysQuery = (id: number) =>
  queryOptions({
    queryKey: collectionKeys.dataKeys(id),
    queryFn: ({ signal }) =>
      apiRequest<CollectionKeys>('core', `/v2/collection/${id}/keys`, { signal }),
    enabled: id > 0,
  });

/** Buckets in a collection's data over [from, to) (epoch ms): each device over its own period. */
export const collectionDataQuery = (
  id: number,
  key: string,
  range: { from: number; to: number },
  points: number,
) =>
  queryOptions({
    queryKey: [...collectionKeys.data(id, key, range.from, range.to), points] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        from: new Date(range.from).toISOString(),
        to: new Date(range.to).toISOString(),
        points: String(points),
      });
      return apiRequest<CollectionData>(
        'core',
        `/v2/collection/${id}/data/${encodeURIComponent(key)}?${query}`,
        { signal },
      );
    },
    enabled: id > 0 && key !== '' && range.from < range.to,
  });
