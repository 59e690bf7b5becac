import { useLingui } from '@lingui/react/macro';
import { GripVertical, Pencil, Trash2 } from 'lucide-react';
import {
  Children,
  cloneElement,
  createElement,
  isValidElement,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { LayoutItem } from 'react-grid-layout/core';
import 'react-grid-layout/css/styles.css';
import styled from 'styled-components';
import {
  GRID_COLUMNS,
  defaultGraphSizes,
  type Graph,
  type GraphPeriod,
  type GridItem,
} from '../../../../contracts/dashboard.ts';
import { IconButton } from '../../../ui/button.tsx';
import { GraphView } from '../graphs/graph-view.tsx';
import { MOBILE_BREAKPOINT, editableGrid, loadEditableGrid } from './editable-grid-loader.ts';
import type { EditableGridProps } from './editable-grid.tsx';
import { compactLayout, gridHeight, itemStyle } from './grid-layout.ts';

const Frame = styled.div`
  width: 100%;
  min-width: 0;
  /* Viewing never animates: a grid settling on its width would otherwise slide its graphs
     for 200 ms, and every chart would see (and ask history for) each width on the way. */
  &:not([data-editing]) .react-grid-layout,
  &:not([data-editing]) .react-grid-item {
    transition: none;
  }
  .react-grid-item.react-grid-placeholder {
    background: ${({ theme }) => theme.colors.primary};
    opacity: 0.2;
    border-radius: ${({ theme }) => theme.radius};
  }
  .react-resizable-handle {
    width: 24px;
    height: 24px;
  }
`;

const Cell = styled.div<{ $editing: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
  min-width: 0;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px ${({ $editing }) => ($editing ? 'dashed' : 'solid')}
    ${({ theme, $editing }) => ($editing ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
`;

const EditBar = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
  padding: 0 4px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.hover};
  .graph-drag-handle {
    flex: 1;
    display: flex;
    align-items: center;
    gap: 6px;
    min-height: 40px;
    cursor: grab;
    touch-action: none;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.8125rem;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
`;

const Body = styled.div`
  flex: 1;
  min-height: 0;
  overflow: hidden;
`;

export interface DashboardGridProps {
  graphs: readonly Graph[];
  editing: boolean;
  /** A period for every graph (the toolbar's or the kiosk's), else each graph's own. */
  period?: GraphPeriod | undefined;
  kiosk?: boolean;
  onLayoutChange?: (layout: GridItem[]) => void;
  onEditGraph?: (graphId: string) => void;
  onRemoveGraph?: (graphId: string) => void;
}

/** A graph's place, or the default size at the top left for one the repair has not reached. */
const gridOf = (graph: Graph): GridItem =>
  graph.grid ?? { i: graph.id, x: 0, y: 0, ...defaultGraphSizes[graph.type] };

/** The layout in one column, top to bottom and left to right as on a wide screen. */
function stacked(items: GridItem[]): LayoutItem[] {
  let y = 0;
  return [...items]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((item) => {
      const placed = { i: item.i, x: 0, y, w: 1, h: item.h, static: true };
      y += item.h;
      return placed;
    });
}

/** How long the grid waits for its width to settle before laying its graphs out again. */
const RESIZE_DEBOUNCE_MS = 50;

/**
 * The grid's width, and whether its graphs may mount. The width is the
 * observer's first answer, after the page's first layout (so the graphs are
 * laid out once, at their own width and in the right number of columns,
 * the grid keeping their place meanwhile); the graphs then mount as a
 * transition: rendering a dozen of them yields to the browser every few
 * milliseconds, so the page paints its frame and answers input meanwhile.
 */
function useGridWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  const [graphsShown, setGraphsShown] = useState(false);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const show = (measured: number) => {
      setWidth(Math.round(measured));
      startTransition(() => setGraphsShown(true));
    };
    if (typeof ResizeObserver !== 'function') {
      show(node.getBoundingClientRect().width);
      return;
    }
    // The first width comes from the observer, after the browser's own layout of the page:
    // read here, it would make the browser style the whole new page within this task.
    let measured = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const next = Math.round(entry.contentRect.width);
      if (!measured) {
        measured = true;
        show(next);
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(next), RESIZE_DEBOUNCE_MS);
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, []);
  return { ref, width, graphsShown };
}

/**
 * The graphs where react-grid-layout would place them, without its dragging and resizing:
 * what a phone (one column, nothing moves) and a wall display show, and a wide screen
 * until the editable grid's code has come. The same classes, so the same rules apply.
 */
function PlacedGrid({
  layout,
  cols,
  width,
  children,
}: {
  layout: readonly LayoutItem[];
  cols: number;
  width: number;
  children: ReactNode;
}) {
  const placed = useMemo(() => compactLayout(layout, cols), [layout, cols]);
  const byId = useMemo(() => new Map(placed.map((item) => [item.i, item])), [placed]);
  return (
    <div className="react-grid-layout" style={{ position: 'relative', height: gridHeight(placed) }}>
      {Children.map(children, (child) => {
        const item = isValidElement(child) ? byId.get(String(child.key)) : undefined;
        if (!item) return null;
        const cell = child as ReactElement<{ className?: string; style?: object }>;
        return cloneElement(cell, {
          className: 'react-grid-item static cssTransforms',
          style: itemStyle(item, cols, width),
        });
      })}
    </div>
  );
}

/**
 * Whether the editable grid's code has come, asking for it when `wanted` (a wide screen's
 * dashboard; the route's loader has usually asked already).
 */
function useEditableGrid(wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(() => editableGrid() !== null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let gone = false;
    loadEditableGrid().then(
      () => {
        if (!gone) setLoaded(true);
      },
      // Without it the graphs stay where they are, unmovable; the grid asks again when next mounted.
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [wanted, loaded]);
  return wanted && loaded;
}

/** react-grid-layout's grid (editable-grid.tsx), once its code has come: one component throughout. */
function LoadedEditableGrid(props: EditableGridProps) {
  const grid = editableGrid();
  return grid ? createElement(grid, props) : null;
}

/**
 * The dashboard's graphs in react-grid-layout's 12 columns (one on a phone). Only
 * in edit mode on a wide screen do graphs move (by the handle on their edit bar)
 * and resize; viewing never moves a thing, which matters on touch screens.
 */
export default function DashboardGrid({
  graphs,
  editing,
  period,
  kiosk = false,
  onLayoutChange,
  onEditGraph,
  onRemoveGraph,
}: DashboardGridProps) {
  const { t } = useLingui();
  const { ref, width, graphsShown } = useGridWidth();
  const mobile = width !== null && width < MOBILE_BREAKPOINT;
  const items = useMemo(() => graphs.map((graph) => ({ ...gridOf(graph), i: graph.id })), [graphs]);
  const layout = useMemo<LayoutItem[]>(() => (mobile ? stacked(items) : items), [items, mobile]);
  const cols = mobile ? 1 : GRID_COLUMNS;
  const movable = editing && !mobile;
  // Only a wide screen's dashboard moves its graphs: a phone's and a wall display's are laid
  // out without react-grid-layout's dragging and resizing, whose code they never load.
  const editable = useEditableGrid(width !== null && !mobile && !kiosk);
  const cells = graphs.map((graph) => (
    <Cell key={graph.id} $editing={editing} data-graph-id={graph.id}>
      {editing ? (
        <EditBar>
          <span
            className="graph-drag-handle"
            aria-label={t`Move ${graph.name}`}
            title={t`Drag to move`}
          >
            <GripVertical size={18} aria-hidden />
            {graph.name}
          </span>
          <IconButton
            type="button"
            aria-label={t`Edit ${graph.name}`}
            onClick={() => onEditGraph?.(graph.id)}
          >
            <Pencil size={18} aria-hidden />
          </IconButton>
          <IconButton
            type="button"
            aria-label={t`Remove ${graph.name}`}
            onClick={() => onRemoveGraph?.(graph.id)}
          >
            <Trash2 size={18} aria-hidden />
          </IconButton>
        </EditBar>
      ) : null}
      <Body>
        <GraphView graph={graph} period={period} kiosk={kiosk} />
      </Body>
    </Cell>
  ));
  return (
    <Frame
      ref={ref}
      data-testid="dashboard-grid"
      data-editing={editing || undefined}
      // Until its graphs have mounted, the grid keeps their place: what follows stays put.
      style={graphsShown ? undefined : { minHeight: gridHeight(layout) }}
    >
      {width !== null && graphsShown ? (
        editable ? (
          <LoadedEditableGrid
            // The grid takes a new layout a render after it is given: changing from 12 columns
            // to one, its first render would lay graphs 6 wide out in one column (6 screens
            // wide, and each chart would ask history for that width). A new grid starts from
            // the layout.
            key={mobile ? 'one column' : 'columns'}
            width={width}
            cols={cols}
            layout={layout}
            movable={movable}
            onLayoutChange={onLayoutChange}
          >
            {cells}
          </LoadedEditableGrid>
        ) : (
          <PlacedGrid layout={layout} cols={cols} width={width}>
            {cells}
          </PlacedGrid>
        )
      ) : null}
    </Frame>
  );
}
