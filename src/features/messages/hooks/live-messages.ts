import type { Message } from '../../../../contracts/message.ts';
import type { ListQuery } from '../../../api/list-query.ts';

/** A message the live feed brought, and when (epoch ms) it arrived. */
export interface Arrival {
  message: Message;
  at: number;
}

/** The most live messages a log keeps; more than any page shows. */
export const MAX_ARRIVALS = 500;

/** Whether the list puts a new message on top of the first page: newest first. */
export function newestFirst(sort: string | undefined): boolean {
  return sort === '-receivedAt' || sort === '-id';
}

/**
 * Whether a message belongs in the list with this search and these filters,
 * as the messages API decides it (`GET /api/v1/messages/`); undefined when a
 * filter is one the browser cannot check.
 */
export function belongsInList(
  message: Message,
  query: Pick<ListQuery, 'search' | 'filters'>,
): boolean | undefined {
  const search = query.search?.trim().toLowerCase();
  if (
    search &&
    !message.deviceName.toLowerCase().includes(search) &&
    !(message.registryName ?? '').toLowerCase().includes(search)
  ) {
    return false;
  }
  let known = true;
  for (const [name, value] of Object.entries(query.filters ?? {})) {
    if (value === undefined || value === '') continue;
    if (name === 'registryId') {
      if (String(message.registryId) !== String(value)) return false;
    } else if (name === 'deviceId') {
      if (String(message.deviceId) !== String(value)) return false;
    } else known = false;
  }
  return known ? true : undefined;
}

const newerFirst = (a: Message, b: Message) =>
  b.receivedAt.localeCompare(a.receivedAt) || b.id - a.id;

/**
 * The first page of a newest-first list with the live messages it does not
 * hold yet on top (those newer than its newest row), cut to the page size,
 * and how many were added.
 */
export function withArrivals(
  items: readonly Message[],
  arrivals: readonly Message[],
  pageSize: number,
): { items: Message[]; added: number } {
  const newest = items.reduce((max, m) => Math.max(max, m.id), 0);
  const fresh = new Map<number, Message>();
  for (const message of arrivals) if (message.id > newest) fresh.set(message.id, message);
  const added = [...fresh.values()].sort(newerFirst);
  return { items: [...added, ...items].slice(0, pageSize), added: added.length };
}

/**
 * The live messages that belong in the list and arrived after the shown page
 * was read, for a list that cannot show them in place (a later page, or
 * another order): the "N new messages" notice.
 */
export function pendingArrivals(
  arrivals: readonly Arrival[],
  query: Pick<ListQuery, 'search' | 'filters'>,
  readAt: number,
): number {
  return arrivals.filter((a) => a.at > readAt && belongsInList(a.message, query) !== false).length;
}
