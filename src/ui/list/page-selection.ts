import type { RowSelectionState, Updater } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import type { ListState } from '../../lib/list-search.ts';

/**
 * Which rows a list shows: another page, page size, view, sort, search or
 * filter shows other rows. The selection belongs to one of these, so the
 * delete dialog lists exactly what is selected and nothing off screen.
 */
export function pageIdentity(state: ListState, pageSize: number): string {
  return JSON.stringify([
    state.page,
    pageSize,
    state.view,
    state.sort ?? '',
    state.search ?? '',
    state.filters ?? {},
  ]);
}

export interface PageSelection {
  page: string;
  rows: RowSelectionState;
}

const NONE: RowSelectionState = {};

/** The selected rows of the page shown; a selection made on another page counts as none. */
export function selectionOn(kept: PageSelection, page: string): RowSelectionState {
  return kept.page === page ? kept.rows : NONE;
}

/** Row selection that is dropped when the list shows another page (see pageIdentity). */
export function usePageSelection(page: string) {
  const [kept, setKept] = useState<PageSelection>({ page, rows: NONE });
  // Forgotten, not just hidden: coming back to the page must not bring it back.
  if (kept.page !== page) setKept({ page, rows: NONE });
  const selection = selectionOn(kept, page);
  const setSelection = useCallback(
    (update: Updater<RowSelectionState>) =>
      setKept((old) => {
        const current = selectionOn(old, page);
        return { page, rows: typeof update === 'function' ? update(current) : update };
      }),
    [page],
  );
  return [selection, setSelection] as const;
}
