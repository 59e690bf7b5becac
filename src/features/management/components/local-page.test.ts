import { describe, expect, it } from 'vitest';
import { localPage } from './local-page.ts';

const rows = [
  { name: 'Århus', n: 3 },
  { name: 'aalborg', n: 10 },
  { name: 'Zealand', n: null },
  { name: 'Odense', n: 1 },
];
const options = {
  searchText: (row: (typeof rows)[number]) => [row.name],
  sortBy: {
    name: (row: (typeof rows)[number]) => row.name,
    n: (row: (typeof rows)[number]) => row.n,
  },
};
const state = { page: 1, pageSize: 2, view: 'list' as const };

describe('localPage', () => {
  it('pages and counts all rows', () => {
    const page = localPage(rows, { ...state, page: 2 }, options);
    expect(page.total).toBe(4);
    expect(page.items.map((r) => r.name)).toEqual(['Zealand', 'Odense']);
  });

  it('keeps the rows whose filter values match', () => {
    const page = localPage(
      rows,
      { ...state, pageSize: 10, filters: { big: 'yes' } },
      { ...options, filterBy: { big: (row) => ((row.n ?? 0) > 2 ? 'yes' : 'no') } },
    );
    expect(page.items.map((r) => r.name)).toEqual(['Århus', 'aalborg']);
  });

  it('searches case-insensitively anywhere in the text', () => {
    const page = localPage(rows, { ...state, search: 'OD' }, options);
    expect(page.items.map((r) => r.name)).toEqual(['Odense']);
    expect(page.total).toBe(1);
  });

  it('sorts by the Danish alphabet, numbers as numbers, empty values last', () => {
    const byName = localPage(rows, { ...state, pageSize: 10, sort: 'name' }, options);
    expect(byName.items.map((r) => r.name)).toEqual(['Odense', 'Zealand', 'aalborg', 'Århus']);
    const byN = localPage(rows, { ...state, pageSize: 10, sort: '-n' }, options);
    expect(byN.items.map((r) => r.n)).toEqual([10, 3, 1, null]);
  });
});
