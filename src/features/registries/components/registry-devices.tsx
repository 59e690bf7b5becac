import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import type { ListState } from '../../../lib/list-search.ts';
import { DataList } from '../../../ui/list/data-list.tsx';
import { StatusDot, statusLabels } from '../../../ui/status-dot.tsx';
import { registryDevicesQuery, type RegistryDevice } from '../api/queries.ts';

/** The devices that use a registry (those the user can see), each linking to its page. */
export function RegistryDevices({ registryId, title }: { registryId: number; title: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [state, setListState] = useState<ListState>({ page: 1, pageSize: 10, view: 'list' });
  const list = useQuery(registryDevicesQuery(registryId, state));
  const setState = useCallback(
    (changes: Partial<ListState>) => setListState((old) => ({ ...old, ...changes })),
    [],
  );
  const columns = useMemo<ColumnDef<RegistryDevice, unknown>[]>(() => {
    return [
      {
        id: 'name',
        header: t`Name`,
        accessorKey: 'name',
        cell: ({ row }) => (
          <Link
            to="/sensor/$id"
            params={{ id: String(row.original.id) }}
            onClick={(event) => event.stopPropagation()}
          >
            {row.original.name}
          </Link>
        ),
      },
      {
        id: 'deviceType',
        header: t`Device type`,
        accessorFn: (row) => row.deviceType?.name ?? '–',
        enableSorting: false,
      },
      {
        id: 'status',
        header: t`Status`,
        accessorFn: (row) => i18n._(statusLabels[row.status]),
        cell: ({ row }) => <StatusDot status={row.original.status} withText />,
      },
      {
        id: 'org',
        header: t`Organisation`,
        accessorFn: (row) => row.org.name,
        enableSorting: false,
      },
    ];
  }, [t, i18n]);

  return (
    <DataList
      title={title}
      columns={columns}
      rows={list.data?.items}
      total={list.data?.total ?? 0}
      getId={(row) => String(row.id)}
      getLabel={(row) => row.name}
      state={state}
      onStateChange={setState}
      loading={list.isPending}
      error={list.isError}
      onRetry={() => void list.refetch()}
      onOpen={(row) => void navigate({ to: '/sensor/$id', params: { id: String(row.id) } })}
      exportRow={(row) => ({
        id: row.id,
        name: row.name,
        uniqueName: row.uniqueName,
        deviceType: row.deviceType?.name ?? null,
        status: row.status,
        organisation: row.org.name,
      })}
    />
  );
}
