import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import {
  deleteRegistry,
  registryKeys,
  registryListQuery,
  type Registry,
} from '../features/registries/api/queries.ts';
import { hasPrivilege } from '../lib/current-user.ts';
import { formatDate } from '../lib/format.ts';
import { validateListSearch, type ListSearch, type ListState } from '../lib/list-search.ts';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { organisationOptions } from '../lib/organisation-choices.ts';
import { DataList, type FilterField } from '../ui/list/data-list.tsx';
import { listQueryProps, useListDelete } from '../ui/list/list-page.ts';
import { useListState } from '../ui/list/use-list-state.ts';
import { PageTitle } from '../ui/card.tsx';
import { FavouriteStar } from '../ui/favourite-star.tsx';
import { ButtonLink } from './-components/button-link.tsx';

export const Route = createFileRoute('/_app/registries')({
  staticData: { title: msg`Registries` },
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput): ListSearch =>
    validateListSearch(search),
  component: RegistriesPage,
});

function RegistriesPage() {
  const { t } = useLingui();
  const state = useListState(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const { user } = Route.useRouteContext();
  const orgs = useQuery(organisationChoicesQuery());
  const list = useQuery(registryListQuery(state));

  const remove = useListDelete<Registry>(
    hasPrivilege(user, 'registry.delete'),
    (row) => deleteRegistry(row.id),
    (client) => client.invalidateQueries({ queryKey: registryKeys.lists() }),
  );
  const setState = useCallback(
    (changes: Partial<ListState>) => void navigate({ search: (old) => ({ ...old, ...changes }) }),
    [navigate],
  );
  const columns = useMemo<ColumnDef<Registry, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t`Name`,
        accessorKey: 'name',
        // The favourite star sits in the row's first cell, before the name.
        cell: ({ row }) => (
          <>
            <FavouriteStar
              entity={{
                type: 'registry',
                id: row.original.id,
                name: row.original.name,
                description: row.original.description,
                org: row.original.org.name,
              }}
            />
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {row.original.name}
            </span>
          </>
        ),
      },
      {
        id: 'protocol',
        header: t`Protocol`,
        accessorFn: (row) => (row.protocol === 'none' ? t`None` : row.protocol.toUpperCase()),
      },
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

  const filterFields = useMemo<FilterField[]>(
    () => [
      { id: 'orgUuid', label: t`Organisation`, options: organisationOptions(orgs.data ?? []) },
      {
        id: 'protocol',
        label: t`Protocol`,
        options: [
          { value: 'mqtt', label: 'MQTT' },
          { value: 'http', label: 'HTTP' },
          { value: 'none', label: t`None` },
        ],
      },
    ],
    [t, orgs.data],
  );

  return (
    <>
      <PageTitle>{t`Registries`}</PageTitle>
      <DataList
        title={t`Registries`}
        columns={columns}
        {...listQueryProps(list)}
        getId={(row) => String(row.id)}
        getLabel={(row) => row.name}
        state={state}
        onStateChange={setState}
        listKey="registries"
        filterFields={filterFields}
        onOpen={(row) => void navigate({ to: '/registry/$id', params: { id: String(row.id) } })}
        actions={
          hasPrivilege(user, 'registry.create') ? (
            <ButtonLink link={{ to: '/registries/new' }}>
              <Plus size={18} aria-hidden />
              <Trans>New registry</Trans>
            </ButtonLink>
          ) : null
        }
        exportRow={(row) => ({
          id: row.id,
          name: row.name,
          protocol: row.protocol,
          region: row.region,
          organisation: row.org.name,
          devices: row.deviceCount,
          created: row.created,
        })}
        {...remove}
      />
    </>
  );
}
