import type { ListQuery } from '../list-query.ts';

/** The filters the messages list takes (GET /v1/messages/); a device's log is the list of its id. */
export type MessageFilters = { deviceId?: number; registryId?: string };

export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (query: ListQuery<MessageFilters>) => [...messageKeys.lists(), query] as const,
  /** Every list of one device's messages (its log), whatever the page, sort or search: keys match in part. */
  deviceLists: (deviceId: number) => [...messageKeys.lists(), { filters: { deviceId } }] as const,
  details: () => [...messageKeys.all, 'detail'] as const,
  detail: (id: number) => [...messageKeys.details(), id] as const,
};
