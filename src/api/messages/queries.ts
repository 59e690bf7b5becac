import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PageOf } from '../../../contracts/list.ts';
import type { Message } from '../../../contracts/message.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { listSearchParams, type ListQuery } from '../list-query.ts';
import { messageKeys, type MessageFilters } from './keys.ts';

/**
 * A page of received packets: every message of the user's devices, or one
 * device's log (`filters.deviceId`). Past a page's 1 MiB of packets a message
 * is `truncated`: `messageQuery` reads it whole.
 */
export const messageListQuery = (query: ListQuery<MessageFilters>) =>
  queryOptions({
    queryKey: messageKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<PageOf<Message>>('core', `/v1/messages/?${listSearchParams(query)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** One message with its whole packet; a packet never changes. */
export const messageQuery = (id: number) =>
  queryOptions({
    queryKey: messageKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Message>('core', `/v1/messages/${id}`, { signal }),
    staleTime: Infinity,
  });
