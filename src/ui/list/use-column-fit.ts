import type { Column } from '@tanstack/react-table';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { fitColumns } from './column-fit.ts';

/** A cell's padding left and right (the list's CSS says the same). */
export const CELL_PADDING = 24;

const focusable = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Widths for the columns of the table in `scroll`, from what its cells hold and
 * the width the list has. Each header and cell marked `data-column` holds its
 * content in one element that does not stretch, so that element's scroll width
 * is the content's. They are measured whenever `shown` (which rows are drawn,
 * in which view) changes; the widest seen stays while the rows and columns are
 * the same (a long page draws its rows as it scrolls). The fit follows the
 * list's width. A cell still cut after the fit is marked `data-cut` and, when
 * nothing in it takes focus, can be focused, so its whole text can be shown.
 */
export function useColumnFit<T>(
  scroll: RefObject<HTMLElement | null>,
  columns: readonly Column<T, unknown>[],
  rows: unknown,
  shown: string,
): Map<string, number> | null {
  // Per column, what its header needs and what its cells need.
  const [natural, setNatural] = useState<Readonly<Record<string, number>>>({});
  const [available, setAvailable] = useState(0);
  const seen = useRef({ rows, columns, widths: {} as Record<string, number> });
  const observed = useRef<{ element: HTMLElement; observer: ResizeObserver } | null>(null);

  useLayoutEffect(() => {
    const element = scroll.current;
    if (!element) return;
    if (observed.current?.element !== element && typeof ResizeObserver !== 'undefined') {
      observed.current?.observer.disconnect();
      const observer = new ResizeObserver(() => setAvailable(element.clientWidth));
      observer.observe(element);
      observed.current = { element, observer };
    }
    if (seen.current.rows !== rows || seen.current.columns !== columns)
      seen.current = { rows, columns, widths: {} };
    const widths = seen.current.widths;
    // A column of a set width holds a control, not text to show whole.
    const fixed = new Set(columns.filter((c) => c.columnDef.size !== undefined).map((c) => c.id));
    for (const cell of element.querySelectorAll<HTMLElement>('[data-column]')) {
      const column = cell.dataset.column;
      const content = cell.firstElementChild;
      if (!column || !content || fixed.has(column)) continue;
      const id = `${cell.tagName === 'TH' ? 'header' : 'cells'} ${column}`;
      // Scroll widths are whole pixels; one more keeps a fractional text from an ellipsis.
      const width = content.scrollWidth + 1 + CELL_PADDING;
      if (width > (widths[id] ?? 0)) widths[id] = width;
      const cut = content.scrollWidth > content.clientWidth && Boolean(cell.textContent?.trim());
      cell.toggleAttribute('data-cut', cut);
      if (cut && !cell.querySelector(focusable)) cell.tabIndex = 0;
      else cell.removeAttribute('tabindex');
    }
    setNatural((old) => (sameWidths(old, widths) ? old : { ...widths }));
    setAvailable(element.clientWidth);
    // Measured again once the widths it led to are drawn, to mark what they cut.
  }, [scroll, rows, columns, shown, natural, available]);
  useEffect(() => () => observed.current?.observer.disconnect(), []);

  if (available <= 0) return null;
  const needs = columns.map((column) => {
    const size = column.columnDef.size;
    const meta = column.columnDef.meta;
    const header = natural[`header ${column.id}`] ?? 0;
    const cells = natural[`cells ${column.id}`] ?? 0;
    return {
      natural: size ?? Math.max(header, cells),
      cells: size ?? cells,
      fixed: size !== undefined,
      whole: meta?.whole ?? false,
      fill: meta?.fill ?? false,
    };
  });
  if (needs.some((need) => need.natural === 0)) return null;
  const widths = fitColumns(needs, available);
  return new Map(columns.map((column, i) => [column.id, widths[i] ?? 0]));
}

function sameWidths(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) {
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((key) => a[key] === b[key]);
}
