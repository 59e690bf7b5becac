import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../contracts/message.ts';
import type { MessageFilters } from '../../../api/messages/keys.ts';
import type { ListQuery } from '../../../api/list-query.ts';
import { belongsInList, newestFirst, pendingArrivals, withArrivals } from './live-messages.ts';

const message = (id: number, overrides: Partial<Message> = {}): Message => ({
  id,
  deviceId: 7,
  deviceName: 'Kælder måler',
  registryId: 3,
  registryName: 'Tællere',
  receivedAt: new Date(Date.UTC(2024, 5, 1, 12, 0, id)).toISOString(),
  topic: null,
  payload: `{"n":${id}}`,
  encoding: 'utf8',
  ...overrides,
});
const state = (changes: Partial<ListQuery<MessageFilters>> = {}): ListQuery<MessageFilters> => ({
  page: 1,
  pageSize: 3,
  sort: '-receivedAt',
  ...changes,
});

describe('live messages in a list', () => {
  it('puts new messages on top only of a newest-first list', () => {
    expect(newestFirst('-receivedAt')).toBe(true);
    expect(newestFirst('-id')).toBe(true);
    expect(newestFirst('receivedAt')).toBe(false);
    expect(newestFirst('-deviceName')).toBe(false);
  });

  it('applies the search and the registry filter as the API does, and knows when it cannot', () => {
    expect(belongsInList(message(1), state())).toBe(true);
    expect(belongsInList(message(1), state({ search: ' MÅLER ' }))).toBe(true);
    expect(belongsInList(message(1), state({ search: 'tæl' }))).toBe(true);
    expect(belongsInList(message(1), state({ search: 'loft' }))).toBe(false);
    expect(belongsInList(message(1), state({ filters: { registryId: '3' } }))).toBe(true);
    expect(belongsInList(message(1), state({ filters: { registryId: '4' } }))).toBe(false);
    expect(belongsInList(message(1), state({ filters: { deviceId: 7 } }))).toBe(true);
    expect(belongsInList(message(1), state({ filters: { deviceId: 8 } }))).toBe(false);
    expect(belongsInList(message(1), { filters: { orgUuid: 'x' } })).toBeUndefined();
  });

  it('adds what the first page lacks on top, newest first, once, within the page size', () => {
    const page = [message(5), message(4), message(3)];
    const merged = withArrivals(page, [message(4), message(6), message(7), message(6)], 3);
    expect(merged.items.map((m) => m.id)).toEqual([7, 6, 5]);
    expect(merged.added).toBe(2);
    // A page read after the messages arrived already holds them.
    expect(withArrivals([message(7), message(6)], [message(6), message(7)], 3).added).toBe(0);
    expect(withArrivals([], [message(1)], 3).items.map((m) => m.id)).toEqual([1]);
  });

  it('counts the messages that arrived after the page was read and belong in it', () => {
    const arrivals = [
      { message: message(1), at: 1000 },
      { message: message(2), at: 3000 },
      { message: message(3, { registryId: 9 }), at: 3000 },
    ];
    expect(pendingArrivals(arrivals, state({ page: 2 }), 2000)).toBe(2);
    expect(pendingArrivals(arrivals, state({ filters: { registryId: '3' } }), 2000)).toBe(1);
    expect(pendingArrivals(arrivals, state(), 5000)).toBe(0);
  });
});
