import type { ComponentType } from 'react';
import type { EditableGridProps } from './editable-grid.tsx';

/** Below the spec's xs breakpoint the graphs stack in one column. */
export const MOBILE_BREAKPOINT = 600;

let loaded: ComponentType<EditableGridProps> | null = null;
let loading: Promise<ComponentType<EditableGridProps>> | null = null;

/**
 * The dashboard's grid with dragging and resizing (react-grid-layout), once its code has
 * come: null before. Only a wide screen's dashboard uses it; a phone's and a wall
 * display's lay their graphs out without it (dashboard-grid.tsx).
 */
export function editableGrid(): ComponentType<EditableGridProps> | null {
  return loaded;
}

/** Asks for the editable grid's code (once; a failed download is asked for again next time). */
export function loadEditableGrid(): Promise<ComponentType<EditableGridProps>> {
  loading ??= import('./editable-grid.tsx').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether this screen is wide enough for the dashboard's editable grid (not a phone). */
export function wideScreen(): boolean {
  return (
    typeof matchMedia === 'function' && matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`).matches
  );
}
