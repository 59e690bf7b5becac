import type { UserSettings } from './settings.ts';

/** Rows per page: 0 stands for "auto", the rows that fit the window (spec §9). */
export const ROWS_PER_PAGE = [0, 5, 7, 8, 10, 15, 20, 25, 50, 100] as const;
export const CARDS_PER_PAGE = [2, 3, 4, 6, 8, 9] as const;
export const DEFAULT_CARDS_PER_PAGE = 9;
/** The list's row height, and the height of the header, toolbar and footer around it. */
export const ROW_HEIGHT = 49;
const FIXED_OFFSETS = 320;

/** What a list shows: its page, size, view, sort, search and filters (the URL keeps it). */
export interface ListState {
  page: number;
  /** Rows per page in the list view; 0 is "auto" (the rows that fit the window). */
  pageSize: number;
  /** The page size was fitted to the window ("auto", see resolveListState); the selector shows Auto. */
  auto?: boolean | undefined;
  /** Cards per page in the card view (default 9). */
  cards?: number | undefined;
  /** A column id, '-' first for descending. */
  sort?: string | undefined;
  search?: string | undefined;
  /** Rows, cards, or (devices) a map of the filtered devices. */
  view: 'list' | 'cards' | 'map';
  /** The chosen values of the list's filter fields, sent to the server as query parameters. */
  filters?: Record<string, string> | undefined;
}

/**
 * The rows that fit the window: its height after the fixed parts, divided by
 * the row height. This is "auto" rows per page everywhere, in the list's
 * selector and for the user's setting (trp 'auto').
 */
export function autoRowsPerPage(windowHeight: number): number {
  return Math.max(3, Math.floor((windowHeight - FIXED_OFFSETS) / ROW_HEIGHT));
}

/** The number of items a page holds in the list's current view. */
export function effectivePageSize(
  state: ListState,
  windowHeight = typeof window === 'undefined' ? 900 : window.innerHeight,
): number {
  if (state.view === 'cards') return state.cards ?? DEFAULT_CARDS_PER_PAGE;
  return state.pageSize === 0 ? autoRowsPerPage(windowHeight) : state.pageSize;
}

/**
 * A list's state as its URL has it: the page size and cards per page only
 * when the user picked one in the list (or a bookmark carries one); otherwise
 * the user's settings apply (resolveListState).
 */
export type ListSearch = Omit<ListState, 'pageSize' | 'auto'> & { pageSize?: number | undefined };

/**
 * The state a list shows and asks for: the URL's page size and cards per page,
 * else the user's rows per page (trp) and cards per page. "Auto" becomes the
 * rows that fit the window now, so a query keys on the size it fetches.
 */
export function resolveListState(
  search: ListSearch,
  settings: Pick<UserSettings, 'trp' | 'cardsPerPage'>,
  autoRows: number,
): ListState {
  const rows = search.pageSize ?? (settings.trp === 'auto' ? 0 : settings.trp);
  const state: ListState = {
    ...search,
    pageSize: rows === 0 ? autoRows : rows,
    cards: search.cards ?? settings.cardsPerPage,
  };
  if (rows === 0) state.auto = true;
  return state;
}

const FILTER_NAME = /^[A-Za-z][A-Za-z0-9]{0,39}$/;

/** Filters from the URL: short string values under plain names, anything else dropped. */
function readFilters(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>).filter(
    (entry): entry is [string, string] =>
      FILTER_NAME.test(entry[0]) && typeof entry[1] === 'string' && entry[1].length <= 100,
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * A list's state lives in the URL (a wall display can be bookmarked); this
 * reads it safely. A page size the URL lacks stays out (the user's setting
 * applies), unless a fixed default is given.
 */
export function validateListSearch(
  search: Record<string, unknown>,
  defaults: { pageSize?: number } = {},
): ListSearch {
  const page = Number(search.page);
  const pageSize = Number(search.pageSize);
  const cards = Number(search.cards);
  const state: ListSearch = {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort:
      typeof search.sort === 'string' && /^-?[A-Za-z]+$/.test(search.sort)
        ? search.sort
        : undefined,
    search:
      typeof search.search === 'string' && search.search.length <= 100 ? search.search : undefined,
    view: search.view === 'cards' || search.view === 'map' ? search.view : 'list',
  };
  if (Number.isInteger(pageSize) && pageSize >= 0 && pageSize <= 500) state.pageSize = pageSize;
  else if (defaults.pageSize !== undefined) state.pageSize = defaults.pageSize;
  if ((CARDS_PER_PAGE as readonly number[]).includes(cards)) state.cards = cards;
  const filters = readFilters(search.filters);
  if (filters) state.filters = filters;
  return state;
}
