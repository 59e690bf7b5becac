import type { PageOf } from '../../../../contracts/list.ts';
import { effectivePageSize, type ListState } from '../../../lib/list-search.ts';

export type SortValue = string | number | null | undefined;

/**
 * Search, sort and one page of a list the server answers whole (users,
 * organisations and tokens are counted in hundreds, not hundreds of
 * thousands), in the `{items, total, page, pageSize}` shape of the paged lists.
 */
export function localPage<T>(
  items: readonly T[],
  state: ListState,
  options: {
    /** The texts a search matches in (case-insensitive, anywhere). */
    searchText: (row: T) => string[];
    /** Sortable columns by id. */
    sortBy: Record<string, (row: T) => SortValue>;
    /** The list's filter fields by id: a row passes when its value equals the chosen one. */
    filterBy?: Record<string, (row: T) => string>;
  },
): PageOf<T> {
  const needle = state.search?.trim().toLocaleLowerCase() ?? '';
  let rows = needle
    ? items.filter((row) =>
        options.searchText(row).some((text) => text.toLocaleLowerCase().includes(needle)),
      )
    : [...items];
  for (const [id, wanted] of Object.entries(state.filters ?? {})) {
    const value = options.filterBy?.[id];
    if (value && wanted !== '') rows = rows.filter((row) => value(row) === wanted);
  }
  const descending = state.sort?.startsWith('-') ?? false;
  const key = state.sort?.replace(/^-/, '');
  const value = key ? options.sortBy[key] : undefined;
  if (value) {
    rows = rows
      .map((row, index) => ({ row, index, v: value(row) }))
      .sort((a, b) => {
        const empty = Number(isEmpty(a.v)) - Number(isEmpty(b.v));
        if (empty !== 0) return empty;
        const order = compare(a.v, b.v);
        return (descending ? -order : order) || a.index - b.index;
      })
      .map((entry) => entry.row);
  }
  const pageSize = effectivePageSize(state);
  const start = (state.page - 1) * pageSize;
  return {
    items: rows.slice(start, start + pageSize),
    total: rows.length,
    page: state.page,
    pageSize,
  };
}

/** Empty values go last in either direction. */
const isEmpty = (value: SortValue) => value === null || value === undefined || value === '';

/** Numbers as numbers; text by the Danish alphabet (æ, ø, å after z). */
function compare(a: SortValue, b: SortValue): number {
  if (isEmpty(a) || isEmpty(b)) return 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'da', { sensitivity: 'base' });
}
