/** The lists whose filters can be saved (spec §3 Saved filters). */
export const LIST_KEYS = [
  'tokens',
  'favorites',
  'projects',
  'devices',
  'collections',
  'orgs',
  'users',
  'registries',
  'devicetypes',
  'sensors',
  'functions',
  'messages',
] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/**
 * A saved filter; its id is its index in the list when it was added. Removing
 * one renumbers the rest, so the ids of a list are always 0..n-1 in order.
 */
export interface SavedFilter {
  id: number;
  name: string;
  search?: string;
  sort?: string;
  filters?: Record<string, string>;
}

export type SavedFilters = Partial<Record<ListKey, SavedFilter[]>>;

const STORAGE_KEY = 'nordlys.filters';

function isSavedFilter(value: unknown): value is SavedFilter {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Record<string, unknown>;
  return typeof f.id === 'number' && typeof f.name === 'string';
}

const renumber = (list: SavedFilter[]): SavedFilter[] =>
  list.map((filter, index) => (filter.id === index ? filter : { ...filter, id: index }));

/** Saved filters from local storage; anything unreadable counts as none. */
export function readSavedFilters(storage: Pick<Storage, 'getItem'>): SavedFilters {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const result: SavedFilters = {};
    for (const key of LIST_KEYS) {
      const list = (parsed as Record<string, unknown>)[key];
      // Renumbered, so filters stored by older versions with the same id stay apart.
      if (Array.isArray(list)) result[key] = renumber(list.filter(isSavedFilter));
    }
    return result;
  } catch {
    return {};
  }
}

export function writeSavedFilters(storage: Pick<Storage, 'setItem'>, all: SavedFilters): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(all));
}

/** Adds a filter to a list; it takes the list's length as its id. */
export function addSavedFilter(
  all: SavedFilters,
  key: ListKey,
  filter: Omit<SavedFilter, 'id'>,
): SavedFilters {
  const list = all[key] ?? [];
  return { ...all, [key]: [...list, { ...filter, id: list.length }] };
}

/** Removes one filter (the first with that id) and renumbers those after it. */
export function removeSavedFilter(all: SavedFilters, key: ListKey, id: number): SavedFilters {
  const list = all[key] ?? [];
  const index = list.findIndex((f) => f.id === id);
  if (index < 0) return all;
  return { ...all, [key]: renumber(list.filter((_, i) => i !== index)) };
}
