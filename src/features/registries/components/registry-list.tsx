import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import type { Registry } from '../../../../contracts/registry.ts';
import { toListQuery } from '../../../api/list-query.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { useDeleteRegistries } from '../../../api/registries/mutations.ts';
import { registryListQuery } from '../../../api/registries/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { formatDate } from '../../../lib/format.ts';
import type { ListState } from '../../../lib/list-search.ts';
import { organisationOptions } from '../../../lib/organisation-choices.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
import { useDeletionNotice } from '../../../ui/list/bulk-delete.ts';
import { DataList, type FilterField } from '../../../ui/list/data-list.tsx';
import { listQueryProps } from '../../../ui/list/list-page.ts';
import { protocolLabel } from './protocol-label.ts';

/** The registries the user can see: filter by organisation and protocol, open, export, delete. */
export function RegistryList({
  user,
  state,
  onStateChange,
}: {
  user: SignedInUser;
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const orgs = useQuery(organisationChoicesQuery());
  const list = useQuery(registryListQuery(toListQuery(state)));
  const removeMany = useDeleteRegistries();
  const notice = useDeletionNotice();

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
        accessorFn: (row) => protocolLabel(row.protocol, i18n),
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
    [t, i18n],
  );

  const filterFields = useMemo<FilterField[]>(
    () => [
      { id: 'orgUuid', label: t`Organisation`, options: organisationOptions(orgs.data ?? []) },
      {
        id: 'protocol',
        label: t`Protocol`,
        options: (['mqtt', 'http', 'none'] as const).map((value) => ({
          value,
          label: protocolLabel(value, i18n),
        })),
      },
    ],
    [t, i18n, orgs.data],
  );

  return (
    <DataList
      title={t`Registries`}
      columns={columns}
      {...listQueryProps(list)}
      getId={(row) => String(row.id)}
      getLabel={(row) => row.name}
      state={state}
      onStateChange={onStateChange}
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
      onDelete={
        hasPrivilege(user, 'registry.delete')
          ? async (rows) =>
              notice((await removeMany.mutateAsync(rows.map((row) => row.id))).failures)
          : undefined
      }
    />
  );
}
