import { queryOptions } from '@tanstack/react-query';
import type { Collection, CollectionDevicePeriod } from '../../../contracts/collection.ts';
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
