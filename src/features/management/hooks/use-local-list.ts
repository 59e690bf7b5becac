import { useMemo, useState } from 'react';
import type { ListState } from '../../../lib/list-search.ts';

const firstPage: ListState = { page: 1, pageSize: 10, view: 'list' };

/** A list inside a tab keeps its page, sort and search to itself rather than in the URL. */
export function useLocalList() {
  const [state, setState] = useState<ListState>(firstPage);
  const onStateChange = useMemo(
    () => (changes: Partial<ListState>) => setState((old) => ({ ...old, ...changes })),
    [],
  );
  return { state, onStateChange };
}
