import type { ReactNode } from 'react';
import ReactGridLayout, { type Layout, type LayoutItem } from 'react-grid-layout';
import type { GridItem } from '../../../../contracts/dashboard.ts';
import { gridConfigFor } from './grid-layout.ts';

export interface EditableGridProps {
  width: number;
  cols: number;
  layout: LayoutItem[];
  /** Whether graphs move (by the handle on their edit bar) and resize: editing. */
  movable: boolean;
  onLayoutChange?: ((layout: GridItem[]) => void) | undefined;
  /** One element per graph, keyed by its id. */
  children: ReactNode;
}

const toGridItems = (layout: Layout): GridItem[] =>
  layout.map(({ i, x, y, w, h, minW, minH }) => ({
    i,
    x,
    y,
    w,
    h,
    ...(minW !== undefined ? { minW } : {}),
    ...(minH !== undefined ? { minH } : {}),
  }));

/**
 * The dashboard's grid on a wide screen, in react-grid-layout's 12 columns with its
 * dragging and resizing: split off from the dashboard (`editable-grid-loader.ts`), as
 * phones and wall displays never move a graph.
 */
export default function EditableGrid({
  width,
  cols,
  layout,
  movable,
  onLayoutChange,
  children,
}: EditableGridProps) {
  return (
    <ReactGridLayout
      width={width}
      layout={layout}
      gridConfig={gridConfigFor(cols)}
      dragConfig={{
        enabled: movable,
        handle: '.graph-drag-handle',
        bounded: false,
        threshold: 3,
      }}
      resizeConfig={{ enabled: movable, handles: ['se'] }}
      // Only what the user moved or resized counts as a change, not the grid settling on mount.
      onDragStop={(next) => onLayoutChange?.(toGridItems(next))}
      onResizeStop={(next) => onLayoutChange?.(toGridItems(next))}
    >
      {children}
    </ReactGridLayout>
  );
}
