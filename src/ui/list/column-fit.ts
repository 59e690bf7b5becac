import type { RowData } from '@tanstack/react-table';

declare module '@tanstack/react-table' {
  // The names must be TanStack's own for the declarations to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Shown whole (a name, a time): the other columns give way first, and the list scrolls. */
    whole?: boolean;
    /** Takes the width the others leave (a message's packet). */
    fill?: boolean;
  }
}

/** What fitting knows of a column. */
export interface ColumnNeed {
  /** The width that shows its header and every cell in full, padding included. */
  natural: number;
  /** The width its cells alone need (the header may need more); `natural` when not given. */
  cells?: number;
  /** A set width (a checkbox, a star): kept as it is. */
  fixed?: boolean;
  whole?: boolean;
  fill?: boolean;
}

/** The narrowest a column that gives way becomes: enough to tell its cells apart. */
export const MIN_CUT = 96;

/**
 * Column widths for `available` pixels. Each column starts at its floor: its
 * natural width when fixed or whole, else that up to MIN_CUT. The room left
 * goes in equal shares to the columns whose cells are still cut, as CSS grid
 * shares it among auto tracks (short columns show whole, long ones share the
 * rest), then to the headers still cut. What is left after that goes to the
 * fill column, or else widens every column in proportion, so no part of the
 * list stays empty. When the floors alone do not fit, the list scrolls sideways.
 */
export function fitColumns(needs: readonly ColumnNeed[], available: number): number[] {
  const widths = needs.map((need) =>
    need.fixed || need.whole ? need.natural : Math.min(need.natural, MIN_CUT),
  );
  let free = available - sum(widths);
  if (free <= 0) return widths.map(Math.ceil);

  const target = (need: ColumnNeed, part: 'cells' | 'natural') =>
    need.fill ? 0 : Math.min(need[part] ?? need.natural, need.natural);
  free = share(
    widths,
    needs.map((need) => target(need, 'cells')),
    free,
  );
  free = share(
    widths,
    needs.map((need) => target(need, 'natural')),
    free,
  );

  const indexes = needs.map((_, i) => i);
  const fill = indexes.filter((i) => needs[i]?.fill);
  const takers = fill.length > 0 ? fill : indexes.filter((i) => !needs[i]?.fixed);
  const base = sum(takers.map((i) => widths[i] ?? 0));
  if (free > 0.5 && base > 0)
    for (const i of takers) widths[i] = (widths[i] ?? 0) * (1 + free / base);
  return toPixels(widths, available, takers);
}

/** Grows the widths short of their targets by equal shares of `free`; returns what is left. */
function share(widths: number[], targets: readonly number[], free: number): number {
  const short = (i: number) => (widths[i] ?? 0) < (targets[i] ?? 0) - 0.01;
  let left = free;
  let active = targets.map((_, i) => i).filter(short);
  while (left > 0.5 && active.length > 0) {
    const each = left / active.length;
    for (const i of active) {
      const add = Math.min(each, (targets[i] ?? 0) - (widths[i] ?? 0));
      widths[i] = (widths[i] ?? 0) + add;
      left -= add;
    }
    active = active.filter(short);
  }
  return left;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Whole pixels adding up to `available`: what rounding down leaves goes to the widest taker. */
function toPixels(widths: readonly number[], available: number, takers: readonly number[]) {
  const out = widths.map(Math.floor);
  const widest = takers.reduce<number | undefined>(
    (best, i) => (best === undefined || (out[i] ?? 0) > (out[best] ?? 0) ? i : best),
    undefined,
  );
  if (widest !== undefined) out[widest] = (out[widest] ?? 0) + Math.max(0, available - sum(out));
  return out;
}
