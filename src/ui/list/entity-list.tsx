import type { ColumnDef } from '@tanstack/react-table';
import type { FavouriteType } from '../../../contracts/user.ts';
import { formatDate } from '../../lib/format.ts';
import type { HeadedEntity } from '../entity-header.tsx';
import { FavouriteStar } from '../favourite-star.tsx';
import { useDeletionNotice } from './bulk-delete.ts';

/** The name column of an entity list, sortable, with the entity's favourite star. */
export function favouriteNameColumn<T extends HeadedEntity>(
  header: string,
  favourite: FavouriteType,
): ColumnDef<T, unknown> {
  return {
    id: 'name',
    header,
    accessorKey: 'name',
    meta: { whole: true },
    // The favourite star sits in the row's first cell, before the name, so it takes no column.
    cell: ({ row }) => (
      <>
        <FavouriteStar
          entity={{
            type: favourite,
            id: row.original.id,
            name: row.original.name,
            description: row.original.description,
            org: row.original.org.name,
          }}
        />
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{row.original.name}</span>
      </>
    ),
  };
}

/** The owning organisation's name; the server does not sort by it. */
export function organisationColumn<T extends { org: { name: string } }>(
  header: string,
): ColumnDef<T, unknown> {
  return { id: 'org', header, accessorFn: (row) => row.org.name, enableSorting: false };
}

/** A sortable date column (created, modified). */
export function dateColumn<T extends Record<Field, string>, Field extends string>(
  field: Field,
  header: string,
): ColumnDef<T, unknown> {
  return { id: field, header, accessorFn: (row) => formatDate(row[field]), meta: { whole: true } };
}

/**
 * DataList's row props of an entity list: rows by id, named by name, and a
 * delete of the selection for a user whose group may (none otherwise) that
 * says how it went.
 */
export function useEntityRowProps<T extends { id: number; name: string }>(
  mayDelete: boolean,
  removeMany: (ids: number[]) => Promise<{ failures: readonly unknown[] }>,
) {
  const notice = useDeletionNotice();
  return {
    getId: (row: T) => String(row.id),
    getLabel: (row: T) => row.name,
    onDelete: mayDelete
      ? async (rows: T[]) => notice((await removeMany(rows.map((row) => row.id))).failures)
      : undefined,
  };
}
