import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import {
  deleteDeviceType,
  deviceTypeKeys,
  deviceTypeListQuery,
  type DeviceType,
} from '../features/device-types/api/queries.ts';
import { hasPrivilege } from '../lib/current-user.ts';
import { formatDate } from '../lib/format.ts';
import { validateListSearch, type ListSearch, type ListState } from '../lib/list-search.ts';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { organisationOptions } from '../lib/organisation-choices.ts';
import { PageTitle } from '../ui/card.tsx';
import { FavouriteStar } from '../ui/favourite-star.tsx';
import { DataList, type FilterField } from '../ui/list/data-list.tsx';
import { listQueryProps, useListDelete } from '../ui/list/list-page.ts';
import { useListState } from '../ui/list/use-list-state.ts';
import { ButtonLink } from '../ui/button-link.tsx';

export const Route = createFileRoute('/_app/devicetypes')({
  staticData: { title: msg`Device types` },
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput): ListSearch =>
    validateListSearch(search),
  component: DeviceTypesPage,
});

function DeviceTypesPage() {
  const { t } = useLingui();
  const state = useListState(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const { user } = Route.useRouteContext();
  const orgs = useQuery(organisationChoicesQuery());
  const list = useQuery(deviceTypeListQuery(state));

  const remove = useListDelete<DeviceType>(
    hasPrivilege(user, 'deviceType.delete'),
    (row) => deleteDeviceType(row.id),
    (client) => client.invalidateQueries({ queryKey: deviceTypeKeys.lists() }),
  );
  const setState = useCallback(
    (changes: Partial<ListState>) => void navigate({ search: (old) => ({ ...old, ...changes }) }),
    [navigate],
  );
  const columns = useMemo<ColumnDef<DeviceType, unknown>[]>(
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
                type: 'devicetype',
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
        id: 'org',
        header: t`Organisation`,
        accessorFn: (row) => row.org.name,
        enableSorting: false,
      },
      {
        id: 'decoder',
        header: t`Decoder`,
        accessorFn: (row) => row.decoderFunction?.name ?? '–',
        enableSorting: false,
      },
      {
        id: 'keys',
        header: t`Keys`,
        accessorFn: (row) => row.structure.length,
        enableSorting: false,
      },
      { id: 'created', header: t`Created`, accessorFn: (row) => formatDate(row.created) },
    ],
    [t],
  );

  const filterFields = useMemo<FilterField[]>(
    () => [
      { id: 'orgUuid', label: t`Organisation`, options: organisationOptions(orgs.data ?? []) },
    ],
    [t, orgs.data],
  );

  return (
    <>
      <PageTitle>{t`Device types`}</PageTitle>
      <DataList
        title={t`Device types`}
        columns={columns}
        {...listQueryProps(list)}
        getId={(row) => String(row.id)}
        getLabel={(row) => row.name}
        state={state}
        onStateChange={setState}
        listKey="devicetypes"
        filterFields={filterFields}
        onOpen={(row) => void navigate({ to: '/devicetype/$id', params: { id: String(row.id) } })}
        actions={
          hasPrivilege(user, 'deviceType.create') ? (
            <ButtonLink link={{ to: '/devicetypes/new' }}>
              <Plus size={18} aria-hidden />
              <Trans>New device type</Trans>
            </ButtonLink>
          ) : null
        }
        exportRow={(row) => ({
          id: row.id,
          name: row.name,
          description: row.description,
          organisation: row.org.name,
          decoder: row.decoderFunction?.name ?? null,
          keys: row.structure.map((key) => key.key).join(' '),
          devices: row.deviceCount,
          created: row.created,
        })}
        {...remove}
      />
    </>
  );
}
