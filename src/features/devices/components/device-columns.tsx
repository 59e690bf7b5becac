import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { Device } from '../../../../contracts/device.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
import { StatusDot } from '../../../ui/status-dot.tsx';
import { availabilityLabels, communicationLabel, statusLabels } from './labels.ts';

export type DeviceColumnId =
  | 'favourite'
  | 'name'
  | 'uniqueName'
  | 'status'
  | 'registry'
  | 'deviceType'
  | 'org'
  | 'availability'
  | 'communication'
  | 'lastDataAt'
  | 'created';

const orDash = (value: string | null | undefined) => value ?? '–';

/**
 * The columns a device list shows, in the given order (a constant array, so
 * they are built once). The status is a dot
 * (its meaning as tooltip and for screen readers), with its text beside it
 * when `statusText` says so.
 */
export function useDeviceColumns(
  ids: readonly DeviceColumnId[],
  { statusText = false }: { statusText?: boolean } = {},
): ColumnDef<Device, unknown>[] {
  const { t, i18n } = useLingui();
  return useMemo(() => {
    const all: Record<DeviceColumnId, ColumnDef<Device, unknown>> = {
      favourite: {
        id: 'favourite',
        header: () => <span className="visually-hidden">{t`Favourite`}</span>,
        enableSorting: false,
        // The star's button and the cell's padding.
        size: 60,
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
      name: {
        id: 'name',
        header: t`Name`,
        accessorKey: 'name',
        meta: { whole: true },
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
      uniqueName: {
        id: 'uniqueName',
        header: t`Unique name`,
        accessorFn: (row) => orDash(row.uniqueName),
      },
      status: {
        id: 'status',
        header: t`Status`,
        accessorKey: 'status',
        cell: ({ row }) => <StatusDot status={row.original.status} withText={statusText} />,
      },
      registry: {
        id: 'registry',
        header: t`Registry`,
        accessorFn: (row) => orDash(row.registry?.name),
        enableSorting: false,
      },
      deviceType: {
        id: 'deviceType',
        header: t`Device type`,
        accessorFn: (row) => orDash(row.deviceType?.name),
        enableSorting: false,
      },
      org: {
        id: 'org',
        header: t`Organisation`,
        accessorFn: (row) => row.org.name,
        enableSorting: false,
      },
      availability: {
        id: 'availability',
        header: t`Availability`,
        accessorFn: (row) => i18n._(availabilityLabels[row.availability]),
        enableSorting: false,
      },
      communication: {
        id: 'communication',
        header: t`Communication`,
        accessorFn: (row) => i18n._(communicationLabel(row.communication)),
        enableSorting: false,
      },
      lastDataAt: {
        id: 'lastDataAt',
        header: t`Last data`,
        accessorFn: (row) => (row.lastDataAt ? formatDateTime(row.lastDataAt) : '–'),
        meta: { whole: true },
      },
      created: {
        id: 'created',
        header: t`Created`,
        accessorFn: (row) => formatDate(row.created),
        meta: { whole: true },
      },
    };
    return ids.map((id) => all[id]);
  }, [t, i18n, ids, statusText]);
}

/** A device as an export writes it (CSV or JSON), the same from every device list. */
export function exportDevice(row: Device, i18n: I18n): Record<string, unknown> {
  return {
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
    created: row.created,
  };
}
