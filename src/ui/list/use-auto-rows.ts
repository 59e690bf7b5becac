import { useSyncExternalStore } from 'react';
import { autoRowsPerPage } from '../../lib/list-search.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** "Auto" rows per page: the rows that fit the window, following it as it is resized. */
export function useAutoRowsPerPage(): number {
  return useSyncExternalStore(
    subscribe,
    () => autoRowsPerPage(window.innerHeight),
    () => autoRowsPerPage(900),
  );
}
