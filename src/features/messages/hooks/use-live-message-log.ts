import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { PageOf } from '../../../../contracts/list.ts';
import type { Message } from '../../../../contracts/message.ts';
import type { MessageFeedState } from '../../../../streams/socket-message-source.ts';
import type { ListQuery } from '../../../api/list-query.ts';
import { messageKeys, type MessageFilters } from '../../../api/messages/keys.ts';
import { useConnectionState, useDeviceMessageFeed } from '../../../lib/live-data.tsx';
import {
  MAX_ARRIVALS,
  belongsInList,
  newestFirst,
  pendingArrivals,
  withArrivals,
  type Arrival,
} from './live-messages.ts';

/** What the log says about its feed: live, on its way, or down with the live connection. */
export type LogFeedState = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'refused';

export interface LiveMessageLog {
  /** The rows to show: on the first page of a newest-first list, new messages on top. */
  items: Message[] | undefined;
  total: number;
  /** New messages that belong in the list but cannot be shown in place ("N new messages"). */
  pending: number;
  feed: LogFeedState;
}

/**
 * A device's message list kept current by the live feed instead of polling:
 * new messages go on top of the first page of a newest-first list; anywhere
 * else they are counted. Each time the feed goes live (the first time and
 * after a reconnection) the list is read again, since what was committed
 * before is only in the API. Without a device the list is left as it is.
 */
export function useLiveMessageLog(
  deviceId: number | undefined,
  query: ListQuery<MessageFilters>,
  list: UseQueryResult<PageOf<Message>>,
): LiveMessageLog {
  const queryClient = useQueryClient();
  const connection = useConnectionState();
  const [arrivals, setArrivals] = useState<Arrival[]>([]);
  const [feed, setFeed] = useState<MessageFeedState>('connecting');
  const change = useRef(0);

  useDeviceMessageFeed(deviceId ?? null, {
    onMessage: (message) =>
      setArrivals((kept) => [...kept.slice(1 - MAX_ARRIVALS), { message, at: Date.now() }]),
    onState: (next) => {
      const current = ++change.current;
      if (next !== 'live' || deviceId === undefined) return setFeed(next);
      void queryClient
        .invalidateQueries({ queryKey: messageKeys.deviceLists(deviceId) })
        .finally(() => {
          if (current === change.current) setFeed('live');
        });
    },
  });

  const { data, dataUpdatedAt, isPlaceholderData } = list;
  const shown = useMemo(() => {
    if (deviceId === undefined || !data || isPlaceholderData) {
      return { items: data?.items, total: data?.total ?? 0, pending: 0 };
    }
    if (query.page === 1 && newestFirst(query.sort)) {
      const belonging = arrivals.filter((a) => belongsInList(a.message, query) === true);
      const merged = withArrivals(
        data.items,
        belonging.map((a) => a.message),
        data.pageSize,
      );
      const unsure = arrivals.filter(
        (a) => a.at > dataUpdatedAt && belongsInList(a.message, query) === undefined,
      );
      return { items: merged.items, total: data.total + merged.added, pending: unsure.length };
    }
    return {
      items: data.items,
      total: data.total,
      pending: pendingArrivals(arrivals, query, dataUpdatedAt),
    };
  }, [deviceId, data, dataUpdatedAt, isPlaceholderData, arrivals, query]);

  const badge: LogFeedState =
    feed === 'live' || feed === 'refused'
      ? feed
      : connection === 'live'
        ? 'connecting'
        : connection;
  return { ...shown, feed: badge };
}
