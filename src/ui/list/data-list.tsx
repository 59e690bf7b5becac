import { Trans, useLingui } from '@lingui/react/macro';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, Download, LayoutGrid, List, MapIcon, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  CARDS_PER_PAGE,
  DEFAULT_CARDS_PER_PAGE,
  ROW_HEIGHT,
  ROWS_PER_PAGE,
  effectivePageSize,
  type ListState,
} from '../../lib/list-search.ts';
import type { ListKey } from '../../lib/saved-filters.ts';
import { Button, IconButton } from '../button.tsx';
import { Empty, ErrorState, Loading } from '../status.tsx';
import { CellPeek, cutCellAt } from './cell-peek.tsx';
import { DeleteDialog, type DeleteDialogProps } from './delete-dialog.tsx';
import { ExportDialog } from './export-dialog.tsx';
import { pageIdentity, usePageSelection } from './page-selection.ts';
import { SavedFiltersMenu } from './saved-filters-menu.tsx';
import { compactSelect, ControlBar } from '../control-bar.tsx';
import { StaleNotice } from './stale-notice.tsx';
import { useAutoRowsPerPage } from './use-auto-rows.ts';
import { CELL_PADDING, useColumnFit } from './use-column-fit.ts';

/** A filter of the list: a select whose value goes to the server under `id`. */
export interface FilterField {
  id: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface DataListProps<T> {
  /** The list's name in exports and labels. */
  title: string;
  columns: ColumnDef<T, unknown>[];
  rows: T[] | undefined;
  total: number;
  getId: (row: T) => string;
  getLabel: (row: T) => string;
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
  /** Rows-per-page choices; 0 is "auto". Defaults to the spec's (§9). */
  pageSizes?: readonly number[];
  /** When given, the current search, sort and filters can be saved under a name. */
  listKey?: ListKey;
  filterFields?: FilterField[];
  loading: boolean;
  /** Why the rows' query failed (null while it has not): the list says it, or keeps stale rows. */
  error: Error | null;
  onRetry: () => void;
  onOpen?: (row: T) => void;
  renderCard?: (row: T) => ReactNode;
  /** Offers the map view: what it shows in place of the rows (the same search and filters). */
  renderMap?: () => ReactNode;
  /** When given, rows can be selected and deleted after confirmation. */
  onDelete?: (rows: T[]) => Promise<void>;
  /** Rows the server would refuse to delete (one's own account, say) cannot be selected. */
  canDelete?: (row: T) => boolean;
  exportRow: (row: T) => Record<string, unknown>;
  /** What an empty list says when nothing is searched or filtered. */
  emptyText?: ReactNode;
  actions?: ReactNode;
  /** A stricter confirmation than yes/no (e.g. typing a name); gets the DeleteDialog's props. */
  deleteDialog?: ComponentType<DeleteDialogProps>;
}

const Toolbar = styled(ControlBar)`
  gap: 8px;
  select {
    flex: 1 1 150px;
    max-width: 220px;
  }
  input[type='search'] {
    flex: 1 1 220px;
    min-height: 40px;
    padding: 0 12px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;

const Scroll = styled.div`
  overflow: auto;
  max-height: calc(100vh - 260px);
  min-height: 120px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  table {
    width: 100%;
    border-collapse: collapse;
    display: grid;
  }
  thead,
  tbody {
    display: grid;
  }
  thead {
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${({ theme }) => theme.colors.surface};
  }
  tr {
    display: flex;
    min-width: 100%;
    width: max-content;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th,
  td {
    display: flex;
    align-items: center;
    /* Until the columns are fitted to what they hold (use-column-fit.ts), an even share. */
    flex: 1 0 130px;
    width: 130px;
    min-width: 0;
    padding: 0 ${CELL_PADDING / 2}px;
    height: ${ROW_HEIGHT - 1}px;
    overflow: hidden;
  }
  /* A cell's content does not stretch, so its scroll width is what it needs. */
  .cell {
    flex: 0 1 auto;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .cell > * {
    vertical-align: middle;
  }
  td[data-cut]:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: -2px;
  }
  .sort-room {
    display: inline-block;
    width: 14px;
  }
  th.select,
  td.select {
    flex: 0 0 44px;
    width: 44px;
  }
  th button {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    border: none;
    background: none;
    font: inherit;
    font-weight: 700;
    color: inherit;
    cursor: pointer;
    padding: 0;
  }
  tbody tr {
    cursor: pointer;
  }
  tbody tr:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
`;

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
`;

const Footer = styled.div`
  display: flex;
  &[hidden] {
    display: none;
  }
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 12px;
  margin-top: 10px;
  font-size: 0.875rem;
  select {
    ${compactSelect}
  }
`;

/** A column given a width keeps it. */
const fixedWidth = (size: number | undefined) =>
  size === undefined ? undefined : { flex: `0 0 ${size}px`, width: size };

/**
 * The one list of the console: search, sort, pages, list or card view,
 * selection with bulk delete, and export of the rows shown. The rows come
 * from the server a page at a time; a long page is virtualised.
 */
export function DataList<T>(props: DataListProps<T>) {
  const { t } = useLingui();
  const { state, onStateChange, rows, total } = props;
  const autoRows = useAutoRowsPerPage();
  const pageSize =
    state.view === 'list' && state.pageSize === 0 ? autoRows : effectivePageSize(state);
  const [selection, setSelection] = usePageSelection(pageIdentity(state, pageSize));
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [search, setSearch] = useState(state.search ?? '');
  const scroll = useRef<HTMLDivElement>(null);
  // The cut cell under the pointer or in focus, whose whole text is shown over it.
  const [peek, setPeek] = useState<HTMLElement | null>(null);

  // Typing waits a moment before asking the server.
  useEffect(() => {
    if (search === (state.search ?? '')) return;
    const timer = setTimeout(() => onStateChange({ search: search || undefined, page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [search, state.search, onStateChange]);

  const selectable = Boolean(props.onDelete);
  const ConfirmDelete = props.deleteDialog ?? DeleteDialog;
  const columns = useMemo<ColumnDef<T, unknown>[]>(
    () =>
      selectable
        ? [
            {
              id: 'select',
              size: 44,
              enableSorting: false,
              header: ({ table }) => (
                <input
                  type="checkbox"
                  aria-label={t`Select all`}
                  checked={table.getIsAllRowsSelected()}
                  onChange={table.getToggleAllRowsSelectedHandler()}
                />
              ),
              cell: ({ row }) => (
                <input
                  type="checkbox"
                  aria-label={t`Select`}
                  disabled={!row.getCanSelect()}
                  checked={row.getIsSelected()}
                  onClick={(event) => event.stopPropagation()}
                  onChange={row.getToggleSelectedHandler()}
                />
              ),
            },
            ...props.columns,
          ]
        : props.columns,
    [selectable, props.columns, t],
  );

  const table = useReactTable({
    data: rows ?? [],
    columns,
    // Only a column that gives its size has one: TanStack's default (150 px) would
    // give every column the same, whatever it holds.
    defaultColumn: { size: undefined },
    getRowId: (row) => props.getId(row),
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
    enableRowSelection: (row) => selectable && (props.canDelete?.(row.original) ?? true),
    manualSorting: true,
    manualPagination: true,
    getCoreRowModel: getCoreRowModel(),
  });
  const tableRows = table.getRowModel().rows;
  const virtual = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroll.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const selected = (rows ?? []).filter((row) => selection[props.getId(row)]);
  const drawn = virtual.getVirtualItems();
  const widths = useColumnFit(
    scroll,
    table.getVisibleLeafColumns(),
    rows,
    `${state.view} ${drawn[0]?.index ?? ''}-${drawn.at(-1)?.index ?? ''}`,
  );
  const widthOf = (column: { id: string; columnDef: { size?: number } }) =>
    fixedWidth(widths?.get(column.id) ?? column.columnDef.size);

  const sortBy = (id: string) => {
    const current = state.sort;
    const next = current === id ? `-${id}` : current === `-${id}` ? undefined : id;
    onStateChange({ sort: next, page: 1 });
  };

  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (state.page - 1) * pageSize + 1;
  const to = Math.min(total, state.page * pageSize);
  const filtered = Boolean(state.search) || Object.keys(state.filters ?? {}).length > 0;
  const setFilter = (id: string, value: string) => {
    const next = Object.fromEntries(
      Object.entries({ ...state.filters, [id]: value }).filter(([, v]) => v !== ''),
    );
    onStateChange({ filters: Object.keys(next).length > 0 ? next : undefined, page: 1 });
  };

  const mapView = state.view === 'map' && props.renderMap !== undefined;
  let body: ReactNode;
  if (mapView) body = props.renderMap?.();
  else if (props.loading && !rows) body = <Loading />;
  else if (props.error && !rows) body = <ErrorState error={props.error} onRetry={props.onRetry} />;
  else if (!rows || rows.length === 0)
    body = filtered ? (
      <Empty>
        <Trans>Nothing matches the search.</Trans>
      </Empty>
    ) : (
      <Empty>{props.emptyText}</Empty>
    );
  else if (state.view === 'cards' && props.renderCard)
    body = (
      <Cards aria-label={props.title}>
        {rows.map((row) => (
          <li key={props.getId(row)}>{props.renderCard?.(row)}</li>
        ))}
      </Cards>
    );
  else
    body = (
      <Scroll ref={scroll}>
        <table
          aria-label={props.title}
          aria-rowcount={total}
          onMouseOver={(event) => setPeek(cutCellAt(event))}
          onMouseLeave={() => setPeek(null)}
          onFocus={(event) => setPeek(cutCellAt(event))}
          onBlur={() => setPeek(null)}
        >
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  const sortable = header.column.getCanSort() && id !== 'select';
                  const direction =
                    state.sort === id
                      ? 'ascending'
                      : state.sort === `-${id}`
                        ? 'descending'
                        : undefined;
                  return (
                    <th
                      key={header.id}
                      className={id === 'select' ? 'select' : undefined}
                      style={widthOf(header.column)}
                      aria-sort={direction ?? 'none'}
                      data-column={id}
                    >
                      <span className="cell">
                        {sortable ? (
                          <button type="button" onClick={() => sortBy(id)}>
                            {flexRender(header.column.columnDef.header, header.getContext())}
                            {direction === 'ascending' ? (
                              <ArrowUp size={14} aria-hidden />
                            ) : direction === 'descending' ? (
                              <ArrowDown size={14} aria-hidden />
                            ) : (
                              // The arrow's room is kept, so sorting does not widen the column.
                              <span className="sort-room" aria-hidden />
                            )}
                          </button>
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                      </span>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => {
              const row = tableRows[item.index];
              if (!row) return null;
              return (
                <tr
                  key={row.id}
                  style={{ position: 'absolute', transform: `translateY(${item.start}px)` }}
                  onClick={() => props.onOpen?.(row.original)}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cell.column.id === 'select' ? 'select' : undefined}
                      style={widthOf(cell.column)}
                      data-column={cell.column.id}
                    >
                      <span className="cell">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </span>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        {peek ? <CellPeek cell={peek} /> : null}
      </Scroll>
    );

  return (
    <section>
      <Toolbar>
        <input
          type="search"
          value={search}
          placeholder={t`Search`}
          aria-label={t`Search in ${props.title}`}
          onChange={(event) => setSearch(event.target.value)}
        />
        {(props.filterFields ?? []).map((field) => (
          <select
            key={field.id}
            aria-label={field.label}
            value={state.filters?.[field.id] ?? ''}
            onChange={(event) => setFilter(field.id, event.target.value)}
          >
            <option value="">{t`${field.label}: all`}</option>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ))}
        {props.listKey ? (
          <SavedFiltersMenu
            listKey={props.listKey}
            current={{
              ...(state.search ? { search: state.search } : {}),
              ...(state.sort ? { sort: state.sort } : {}),
              ...(state.filters ? { filters: state.filters } : {}),
            }}
            onApply={(filter) => {
              setSearch(filter.search ?? '');
              onStateChange({
                search: filter.search,
                sort: filter.sort,
                filters: filter.filters,
                page: 1,
              });
            }}
          />
        ) : null}
        {props.renderCard || props.renderMap ? (
          <>
            <IconButton
              aria-label={t`List view`}
              aria-pressed={state.view === 'list' || (!mapView && state.view === 'map')}
              onClick={() => onStateChange({ view: 'list', page: 1 })}
            >
              <List size={20} />
            </IconButton>
            {props.renderCard ? (
              <IconButton
                aria-label={t`Card view`}
                aria-pressed={state.view === 'cards'}
                onClick={() => onStateChange({ view: 'cards', page: 1 })}
              >
                <LayoutGrid size={20} />
              </IconButton>
            ) : null}
            {props.renderMap ? (
              <IconButton
                aria-label={t`Map view`}
                aria-pressed={mapView}
                onClick={() => onStateChange({ view: 'map', page: 1 })}
              >
                <MapIcon size={20} />
              </IconButton>
            ) : null}
          </>
        ) : null}
        <Button
          $variant="secondary"
          onClick={() => setExporting(true)}
          disabled={!rows || rows.length === 0}
        >
          <Download size={18} aria-hidden />
          <Trans>Export</Trans>
        </Button>
        {selectable && selected.length > 0 ? (
          <Button $variant="danger" onClick={() => setConfirming(true)}>
            <Trash2 size={18} aria-hidden />
            <Trans>Delete ({selected.length})</Trans>
          </Button>
        ) : null}
        {props.actions}
      </Toolbar>
      {props.error && rows ? <StaleNotice onRetry={props.onRetry} /> : null}
      {body}
      <Footer hidden={mapView}>
        <label>
          {state.view === 'cards' ? <Trans>Cards per page</Trans> : <Trans>Rows per page</Trans>}{' '}
          {state.view === 'cards' ? (
            <select
              value={state.cards ?? DEFAULT_CARDS_PER_PAGE}
              onChange={(event) => onStateChange({ cards: Number(event.target.value), page: 1 })}
            >
              {CARDS_PER_PAGE.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          ) : (
            <select
              value={state.auto ? 0 : state.pageSize}
              onChange={(event) => onStateChange({ pageSize: Number(event.target.value), page: 1 })}
            >
              {(props.pageSizes ?? ROWS_PER_PAGE).map((size) => (
                <option key={size} value={size}>
                  {/* Not a bare name, so the text keeps its catalog's placeholder, "Auto ({0})". */}
                  {size === 0 ? t`Auto (${String(autoRows)})` : size}
                </option>
              ))}
            </select>
          )}
        </label>
        <span aria-live="polite">
          <Trans>
            {from}–{to} of {total}
          </Trans>
        </span>
        <Button
          $variant="secondary"
          disabled={state.page <= 1}
          onClick={() => onStateChange({ page: state.page - 1 })}
        >
          <Trans>Previous</Trans>
        </Button>
        <Button
          $variant="secondary"
          disabled={state.page >= pages}
          onClick={() => onStateChange({ page: state.page + 1 })}
        >
          <Trans>Next</Trans>
        </Button>
      </Footer>
      <ExportDialog
        open={exporting}
        name={props.title}
        rows={(rows ?? []).map(props.exportRow)}
        onClose={() => setExporting(false)}
      />
      <ConfirmDelete
        open={confirming}
        items={selected.map(props.getLabel)}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setDeleting(true);
          void props.onDelete?.(selected).finally(() => {
            setDeleting(false);
            setConfirming(false);
            setSelection({});
          });
        }}
      />
    </section>
  );
}
