import { useLingui } from '@lingui/react/macro';
import { GripVertical, Pencil, Trash2 } from 'lucide-react';
import { startTransition, useLayoutEffect, useMemo, useRef, useState } from 'react';
import ReactGridLayout, { type Layout, type LayoutItem } from 'react-grid-layout';
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

/**
 * Grid units: a row is 18 px with 12 px between rows, so a chart of the
 * spec's height 12 is 348 px: the 300 px line chart and its header.
 */
export const ROW_HEIGHT = 18;
const MARGIN = 12;
/** Below the spec's xs breakpoint the graphs stack in one column. */
export const MOBILE_BREAKPOINT = 600;

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

/** The grid's height for a layout, as react-grid-layout sizes its container. */
export function gridHeight(layout: readonly LayoutItem[]): number {
  const rows = layout.reduce((bottom, item) => Math.max(bottom, item.y + item.h), 0);
  return rows === 0 ? 0 : rows * ROW_HEIGHT + (rows - 1) * MARGIN;
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
 * The dashboard's graphs in react-grid-layout's 12 columns. Only in edit mode
 * do graphs move (by the handle on their edit bar) and resize; viewing never
 * moves a thing, which matters on touch screens.
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
  const movable = editing && !mobile;
  return (
    <Frame
      ref={ref}
      data-testid="dashboard-grid"
      data-editing={editing || undefined}
      // Until its graphs have mounted, the grid keeps their place: what follows stays put.
      style={graphsShown ? undefined : { minHeight: gridHeight(layout) }}
    >
      {width !== null && graphsShown ? (
        <ReactGridLayout
          // The grid takes a new layout a render after it is given: changing from 12 columns
          // to one, its first render would lay graphs 6 wide out in one column (6 screens wide,
          // and each chart would ask history for that width). A new grid starts from the layout.
          key={mobile ? 'one column' : 'columns'}
          width={width}
          layout={layout}
          gridConfig={{
            cols: mobile ? 1 : GRID_COLUMNS,
            rowHeight: ROW_HEIGHT,
            margin: [MARGIN, MARGIN],
            containerPadding: [0, 0],
          }}
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
          {graphs.map((graph) => (
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
          ))}
        </ReactGridLayout>
      ) : null}
    </Frame>
  );
}
