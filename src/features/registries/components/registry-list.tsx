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
import type { ListState } from '../../../lib/list-search.ts';
import { organisationOptions } from '../../../lib/organisation-choices.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { DataList, type FilterField } from '../../../ui/list/data-list.tsx';
import {
  dateColumn,
  favouriteNameColumn,
  organisationColumn,
  useEntityRowProps,
} from '../../../ui/list/entity-list.tsx';
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
  const rowProps = useEntityRowProps<Registry>(
    hasPrivilege(user, 'registry.delete'),
    removeMany.mutateAsync,
  );

  const columns = useMemo<ColumnDef<Registry, unknown>[]>(
    () => [
      favouriteNameColumn(t`Name`, 'registry'),
      {
        id: 'protocol',
        header: t`Protocol`,
        accessorFn: (row) => protocolLabel(row.protocol, i18n),
      },
      organisationColumn(t`Organisation`),
      { id: 'deviceCount', header: t`Devices`, accessorKey: 'deviceCount', enableSorting: false },
      dateColumn('created', t`Created`),
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
      {...rowProps}
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
    />
  );
}
