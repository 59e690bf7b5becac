import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Message } from '../../../../contracts/message.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { listQueryString, type Page, type ListState } from '../../../lib/list-search.ts';

export type { Message };

export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  /** Every list of one device's messages (its log tab), whatever the page, sort or search. */
  device: (deviceId: number) => [...messageKeys.lists(), deviceId] as const,
  list: (state: ListState, deviceId?: number) =>
    [...messageKeys.lists(), deviceId ?? null, state] as const,
  detail: (id: number) => [...messageKeys.all, 'detail', id] as const,
};

/** One message with its whole packet. */
export const messageQuery = (id: number) =>
  queryOptions({
    queryKey: messageKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Message>('core', `/v1/messages/${id}`, { signal }),
    staleTime: Infinity,
  });

export const messageListQuery = (state: ListState, deviceId?: number) =>
  queryOptions({
    queryKey: messageKeys.list(state, deviceId),
    queryFn: ({ signal }) =>
      apiRequest<Page<Message>>('core', `/v1/messages/?${listQueryString(state, { deviceId })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

interface RegistryOption {
  id: number;
  name: string;
}

/** The registries a user may filter messages by. */
export const registryOptionsQuery = () =>
  queryOptions({
    // In the registries' list family, so creating or renaming one refreshes it.
    queryKey: ['registries', 'list', 'message-filter'],
    queryFn: ({ signal }) =>
      apiRequest<Page<RegistryOption>>('core', '/v2/registries?page=1&pageSize=100&sort=name', {
        signal,
      }),
    staleTime: 60_000,
  });

/** The packet for people: JSON indented, other text as it is, binary as base64. */
export function readablePayload(message: Pick<Message, 'payload' | 'encoding'>): string {
  if (message.encoding === 'base64') return message.payload;
  try {
    return JSON.stringify(JSON.parse(message.payload), null, 2);
  } catch {
    return message.payload;
  }
}
