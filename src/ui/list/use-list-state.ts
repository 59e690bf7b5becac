import { useMemo } from 'react';
import { resolveListState, type ListSearch, type ListState } from '../../lib/list-search.ts';
import { useSettings } from '../../lib/use-settings.ts';
import { useAutoRowsPerPage } from './use-auto-rows.ts';

/**
 * A list route's state: its URL search params, with the page size and cards
 * per page the URL lacks taken from the signed-in user's settings.
 */
export function useListState(search: ListSearch): ListState {
  const { settings } = useSettings();
  const autoRows = useAutoRowsPerPage();
  const { trp, cardsPerPage } = settings;
  return useMemo(
    () => resolveListState(search, { trp, cardsPerPage }, autoRows),
    [search, trp, cardsPerPage, autoRows],
  );
}
