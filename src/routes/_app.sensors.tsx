import { msg } from '@lingui/core/macro';
import { useLiveDeviceStatus } from '../features/devices/api/live-status.ts';
import { invalidateDeviceHolders } from '../features/devices/api/mutations.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import {
  deleteDevice,
  deviceKeys,
  deviceListQuery,
  deviceTypeOptionsQuery,
  registryOptionsQuery,
  type Device,
} from '../features/devices/api/queries.ts';
import { DeviceCard } from '../features/devices/components/device-card.tsx';
import {
  availabilityLabels,
  communicationLabel,
  statusLabels,
} from '../features/devices/components/labels.ts';
import { StatusDot } from '../ui/status-dot.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { formatDateTime } from '../lib/format.ts';
import { validateListSearch, type ListSearch, type ListState } from '../lib/list-search.ts';
import { Button } from '../ui/button.tsx';
import { PageTitle } from '../ui/card.tsx';
import { FavouriteStar } from '../ui/favourite-star.tsx';
import { DataList, type FilterField } from '../ui/list/data-list.tsx';
import { listQueryProps, useListDelete } from '../ui/list/list-page.ts';
import { useListState } from '../ui/list/use-list-state.ts';

export const Route = createFileRoute('/_app/sensors')({
  staticData: { title: msg`Devices` },
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput): ListSearch =>
    validateListSearch(search),
  component: DevicesPage,
});

function DevicesPage() {
  useLiveDeviceStatus();
  const { t, i18n } = useLingui();
  const state = useListState(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const { user } = Route.useRouteContext();
  const list = useQuery(deviceListQuery(state));
  const registries = useQuery(registryOptionsQuery());
  const types = useQuery(deviceTypeOptionsQuery());

  const remove = useListDelete<Device>(
    hasPrivilege(user, 'device.delete'),
    (row) => deleteDevice(row.id),
    (client) =>
      Promise.all([
        client.invalidateQueries({ queryKey: deviceKeys.all }),
        invalidateDeviceHolders(client),
      ]),
  );
  const setState = useCallback(
    (changes: Partial<ListState>) => void navigate({ search: (old) => ({ ...old, ...changes }) }),
    [navigate],
  );
  const filterFields = useMemo<FilterField[]>(
    () => [
      {
        id: 'status',
        label: t`Status`,
        options: (['green', 'yellow', 'red', 'none'] as const).map((status) => ({
          value: status,
          label: i18n._(statusLabels[status]),
        })),
      },
      {
        id: 'registryId',
        label: t`Registry`,
        options: (registries.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
      },
      {
        id: 'deviceTypeId',
        label: t`Device type`,
        options: (types.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
      },
      {
        id: 'communication',
        label: t`Communication`,
        options: [
          { value: 'true', label: t`Allowed` },
          { value: 'false', label: t`Blocked` },
        ],
      },
    ],
    [t, i18n, registries.data, types.data],
  );

  const columns = useMemo<ColumnDef<Device, unknown>[]>(
    () => [
      {
        id: 'favourite',
        header: () => <span className="visually-hidden">{t`Favourite`}</span>,
        enableSorting: false,
        size: 52,
        cell: ({ row }) => (
          <FavouriteStar
            entity={{
              type: 'sensor',
              id: row.original.id,
              name: row.original.name,
              description: row.original.description,
              org: row.original.org.name,
            }}
          />
        ),
      },
      { id: 'name', header: t`Name`, accessorKey: 'name' },
      {
        id: 'status',
        header: t`Status`,
        accessorKey: 'status',
        cell: ({ row }) => <StatusDot status={row.original.status} />,
      },
      {
        id: 'registry',
        header: t`Registry`,
        accessorFn: (row) => row.registry?.name ?? '–',
        enableSorting: false,
      },
      {
        id: 'deviceType',
        header: t`Device type`,
        accessorFn: (row) => row.deviceType?.name ?? '–',
        enableSorting: false,
      },
      {
        id: 'org',
        header: t`Organisation`,
        accessorFn: (row) => row.org.name,
        enableSorting: false,
      },
      {
        id: 'availability',
        header: t`Availability`,
        accessorFn: (row) => i18n._(availabilityLabels[row.availability]),
        enableSorting: false,
      },
      {
        id: 'communication',
        header: t`Communication`,
        accessorFn: (row) => i18n._(communicationLabel(row.communication)),
        enableSorting: false,
      },
      {
        id: 'lastDataAt',
        header: t`Last data`,
        accessorFn: (row) => (row.lastDataAt ? formatDateTime(row.lastDataAt) : '–'),
      },
    ],
    [t, i18n],
  );

  return (
    <>
      <PageTitle>{t`Devices`}</PageTitle>
      <DataList
        title={t`Devices`}
        columns={columns}
        {...listQueryProps(list)}
        getId={(row) => String(row.id)}
        getLabel={(row) => row.name}
        state={state}
        onStateChange={setState}
        listKey="sensors"
        filterFields={filterFields}
        onOpen={(row) => void navigate({ to: '/sensor/$id', params: { id: String(row.id) } })}
        renderCard={(row) => <DeviceCard device={row} />}
        exportRow={(row) => ({
          id: row.id,
          uuid: row.uuid,
          name: row.name,
          uniqueName: row.uniqueName,
          status: row.status,
          statusText: i18n._(statusLabels[row.status]),
          registry: row.registry?.name ?? null,
          deviceType: row.deviceType?.name ?? null,
          organisation: row.org.name,
          availability: row.availability,
          communication: row.communication ? 'allowed' : 'blocked',
          lastData: row.lastDataAt,
        })}
        actions={
          hasPrivilege(user, 'device.create') ? (
            <Button as={Link} to="/sensors/new">
              <Plus size={18} aria-hidden />
              <Trans>New device</Trans>
            </Button>
          ) : null
        }
        {...remove}
      />
    </>
  );
}
