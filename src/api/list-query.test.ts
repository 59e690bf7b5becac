import { describe, expect, it } from 'vitest';
import { listSearchParams, toListQuery } from './list-query.ts';

describe('a list query', () => {
  const auto = { page: 2, pageSize: 0, auto: true, view: 'list' as const, cards: 6 };

  it('keeps what the server is asked and leaves the view out of the cache key', () => {
    const query = toListQuery(
      { ...auto, sort: '-name', search: 'kø', filters: { status: 'green' } },
      900,
    );
    expect(query).toEqual({
      page: 2,
      pageSize: Math.floor((900 - 320) / 49),
      sort: '-name',
      search: 'kø',
      filters: { status: 'green' },
    });
    expect(toListQuery({ ...auto, view: 'cards' }, 900).pageSize).toBe(6);
  });

  it('asks the server with the page, size, sort, search and the filters that have a value', () => {
    const params = new URLSearchParams(
      listSearchParams({
        page: 1,
        pageSize: 25,
        search: 'kø',
        filters: { status: 'green', registryId: 3, orgUuid: undefined, protocol: '' },
      }),
    );
    expect(Object.fromEntries(params)).toEqual({
      page: '1',
      pageSize: '25',
      search: 'kø',
      status: 'green',
      registryId: '3',
    });
  });
});
