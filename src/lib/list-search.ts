import type { ListState } from '../ui/list/data-list.tsx';

/** A list's state lives in the URL (a wall display can be bookmarked); this reads it safely. */
export function validateListSearch(
  search: Record<string, unknown>,
  defaults: { pageSize: number },
): ListState {
  const page = Number(search.page);
  const pageSize = Number(search.pageSize);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize:
      Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 500 ? pageSize : defaults.pageSize,
    sort:
      typeof search.sort === 'string' && /^-?[A-Za-z]+$/.test(search.sort)
        ? search.sort
        : undefined,
    search:
      typeof search.search === 'string' && search.search.length <= 100 ? search.search : undefined,
    view: search.view === 'cards' ? 'cards' : 'list',
  };
}

export function listQueryString(
  state: ListState,
  filters: Record<string, string | number | undefined> = {},
): string {
  const params = new URLSearchParams({
    page: String(state.page),
    pageSize: String(state.pageSize),
  });
  if (state.sort) params.set('sort', state.sort);
  if (state.search) params.set('search', state.search);
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined) params.set(key, String(value));
  return params.toString();
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
