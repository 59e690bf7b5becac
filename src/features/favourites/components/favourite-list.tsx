import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { favouritePath } from '../../../lib/favourite-routes.ts';
import type { Favourite, FavouriteType } from '../../../../contracts/user.ts';
import { useFavourites } from '../../../lib/favourites.ts';
import { effectivePageSize, type ListState } from '../../../lib/list-search.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
import { DataList } from '../../../ui/list/data-list.tsx';

const TYPE_NAMES = {
  cloudfunction: msg`Cloud function`,
  collection: msg`Data collection`,
  device: msg`Device`,
  devicetype: msg`Device type`,
  org: msg`Organisation`,
  project: msg`Project`,
  registry: msg`Registry`,
  sensor: msg`Device`,
  user: msg`User`,
} as const satisfies Record<FavouriteType, unknown>;

const rowId = (f: Favourite) => `${f.type}:${String(f.id)}`;

/**
 * The user's favourites by type. They live in the user's store, so the list
 * searches, filters, sorts and pages here rather than on the server.
 */
export function FavouriteList({
  state,
  onStateChange,
}: {
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
}) {
  const { t, i18n } = useLingui();
  const open = useNavigate();
  const notify = useNotify();
  const { favourites, remove } = useFavourites();
  const typeName = useCallback((type: FavouriteType) => i18n._(TYPE_NAMES[type]), [i18n]);

  const matching = useMemo(() => {
    const needle = (state.search ?? '').trim().toLocaleLowerCase();
    const type = state.filters?.type;
    const found = favourites.filter(
      (f) =>
        (!type || f.type === type || (type === 'sensor' && f.type === 'device')) &&
        (!needle ||
          (f.name ?? '').toLocaleLowerCase().includes(needle) ||
          (f.description ?? '').toLocaleLowerCase().includes(needle)),
    );
    const field = state.sort?.replace(/^-/, '') ?? 'type';
    const direction = state.sort?.startsWith('-') ? -1 : 1;
    const value = (f: Favourite) =>
      field === 'name' ? (f.name ?? '') : field === 'org' ? (f.org ?? '') : typeName(f.type);
    return [...found].sort(
      (a, b) =>
        direction * value(a).localeCompare(value(b), i18n.locale) ||
        (a.name ?? '').localeCompare(b.name ?? '', i18n.locale),
    );
  }, [favourites, state.search, state.filters, state.sort, typeName, i18n.locale]);

  const size = effectivePageSize(state);
  const rows = matching.slice((state.page - 1) * size, state.page * size);

  const columns = useMemo<ColumnDef<Favourite, unknown>[]>(
    () => [
      {
        id: 'star',
        header: '',
        size: 52,
        enableSorting: false,
        cell: ({ row }) => <FavouriteStar entity={row.original} />,
      },
      { id: 'name', header: t`Name`, accessorFn: (f) => f.name ?? String(f.id) },
      { id: 'type', header: t`Type`, accessorFn: (f) => typeName(f.type) },
      { id: 'org', header: t`Organisation`, accessorFn: (f) => f.org ?? '' },
      {
        id: 'description',
        header: t`Description`,
        enableSorting: false,
        accessorFn: (f) => f.description ?? '',
      },
    ],
    [t, typeName],
  );

  const types = [...new Set(favourites.map((f) => (f.type === 'device' ? 'sensor' : f.type)))];

  return (
    <DataList
      title={t`Favourites`}
      listKey="favorites"
      columns={columns}
      rows={rows}
      total={matching.length}
      getId={rowId}
      getLabel={(f) => f.name ?? String(f.id)}
      state={state}
      onStateChange={onStateChange}
      loading={false}
      error={null}
      onRetry={() => undefined}
      emptyText={t`No favourites yet. The star on a device, registry or any other page adds it here.`}
      filterFields={[
        {
          id: 'type',
          label: t`Type`,
          options: types.map((type) => ({ value: type, label: typeName(type) })),
        },
      ]}
      onOpen={(f) => void open({ to: favouritePath(f.type, f.id) })}
      exportRow={(f) => ({
        id: f.id,
        name: f.name ?? '',
        type: f.type,
        organisation: f.org ?? '',
        description: f.description ?? '',
      })}
      onDelete={async (chosen) => {
        await remove(chosen).then(
          () => notify(t`Removed from favourites`, 'success'),
          () => notify(t`Favourites could not be saved`, 'error'),
        );
      }}
    />
  );
}
