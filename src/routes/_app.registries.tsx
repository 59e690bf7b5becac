import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import {
  deleteRegistry,
  registryKeys,
  registryListQuery,
  type Registry,
} from '../features/registries/api/queries.ts';
import { formatDate } from '../lib/format.ts';
import { validateListSearch } from '../lib/list-search.ts';
import { useNotify } from '../lib/notifications.tsx';
import { DataList, type ListState } from '../ui/list/data-list.tsx';
import { PageTitle } from '../ui/card.tsx';

const PAGE_SIZES = [5, 7, 8, 10, 15, 20, 25, 50, 100] as const;

export const Route = createFileRoute('/_app/registries')({
  staticData: { title: msg`Registries` },
  validateSearch: (search) => validateListSearch(search, { pageSize: 10 }),
  component: RegistriesPage,
});

function RegistriesPage() {
  const { t } = useLingui();
  const state = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { user } = Route.useRouteContext();
  const list = useQuery(registryListQuery(state));

  const setState = useCallback(
    (changes: Partial<ListState>) => void navigate({ search: (old) => ({ ...old, ...changes }) }),
    [navigate],
  );
  const columns = useMemo<ColumnDef<Registry, unknown>[]>(
    () => [
      { id: 'name', header: t`Name`, accessorKey: 'name' },
      { id: 'protocol', header: t`Protocol`, accessorKey: 'protocol' },
      {
        id: 'org',
        header: t`Organisation`,
        accessorFn: (row) => row.org.name,
        enableSorting: false,
      },
      { id: 'deviceCount', header: t`Devices`, accessorKey: 'deviceCount', enableSorting: false },
      { id: 'created', header: t`Created`, accessorFn: (row) => formatDate(row.created) },
    ],
    [t],
  );

  return (
    <>
      <PageTitle>{t`Registries`}</PageTitle>
      <DataList
        title={t`Registries`}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        getId={(row) => String(row.id)}
        getLabel={(row) => row.name}
        state={state}
        onStateChange={setState}
        pageSizes={PAGE_SIZES}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        onOpen={(row) => void navigate({ to: '/registry/$id', params: { id: String(row.id) } })}
        exportRow={(row) => ({
          id: row.id,
          name: row.name,
          protocol: row.protocol,
          region: row.region,
          organisation: row.org.name,
          devices: row.deviceCount,
          created: row.created,
        })}
        {...(user.privileges.includes('registry.delete')
          ? {
              onDelete: async (rows: Registry[]) => {
                const results = await Promise.allSettled(rows.map((row) => deleteRegistry(row.id)));
                const failed = results.filter((r) => r.status === 'rejected').length;
                notify(
                  failed === 0 ? t`Deleted` : t`Deletion failed`,
                  failed === 0 ? 'success' : 'error',
                );
                await queryClient.invalidateQueries({ queryKey: registryKeys.lists() });
              },
            }
          : {})}
      />
    </>
  );
}
