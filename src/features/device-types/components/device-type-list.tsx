import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import type { DeviceType } from '../../../../contracts/device-type.ts';
import { useDeleteDeviceTypes } from '../../../api/device-types/mutations.ts';
import { deviceTypeListQuery } from '../../../api/device-types/queries.ts';
import { toListQuery } from '../../../api/list-query.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
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

/** The device types the user can see: filter by organisation, open, export, delete. */
export function DeviceTypeList({
  user,
  state,
  onStateChange,
}: {
  user: SignedInUser;
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const orgs = useQuery(organisationChoicesQuery());
  const list = useQuery(deviceTypeListQuery(toListQuery(state)));
  const removeMany = useDeleteDeviceTypes();
  const rowProps = useEntityRowProps<DeviceType>(
    hasPrivilege(user, 'deviceType.delete'),
    removeMany.mutateAsync,
  );

  const columns = useMemo<ColumnDef<DeviceType, unknown>[]>(
    () => [
      favouriteNameColumn(t`Name`, 'devicetype'),
      organisationColumn(t`Organisation`),
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
      dateColumn('created', t`Created`),
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
    <DataList
      title={t`Device types`}
      columns={columns}
      {...listQueryProps(list)}
      {...rowProps}
      state={state}
      onStateChange={onStateChange}
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
    />
  );
}
