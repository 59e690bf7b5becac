import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { Device } from '../../../../contracts/device.ts';
import type { DeviceFilters } from '../../../api/devices/keys.ts';
import { useLiveDeviceStatus } from '../../../api/devices/live-status.ts';
import { useDeleteDevices } from '../../../api/devices/mutations.ts';
import type { ListState } from '../../../lib/list-search.ts';
import type { ListKey } from '../../../lib/saved-filters.ts';
import { DataList, type FilterField } from '../../../ui/list/data-list.tsx';
import { useDeletionNotice } from '../../../ui/list/bulk-delete.ts';
import { listQueryProps } from '../../../ui/list/list-page.ts';
import { DeviceCard } from './device-card.tsx';
import { exportDevice, useDeviceColumns, type DeviceColumnId } from './device-columns.tsx';
import { deviceListQueryFor } from './device-list-query.ts';
import { DevicesMap } from './devices-map.tsx';

export interface DeviceListProps {
  title: string;
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
  /** What the list always narrows to: a registry's or an organisation's devices. */
  filters?: DeviceFilters;
  columns: readonly DeviceColumnId[];
  /** The status colour's meaning written beside it. */
  statusText?: boolean;
  /** The user's group may delete devices: rows can be selected and deleted. */
  canDelete: boolean;
  filterFields?: FilterField[];
  /** Names the list's saved filters. */
  listKey?: ListKey;
  pageSizes?: readonly number[];
  /** Offers the card view. */
  cards?: boolean;
  /** Offers the map view. */
  map?: boolean;
  actions?: ReactNode;
}

/**
 * A page of devices — all one sees, or a registry's or an organisation's —
 * whose status colours follow the live feed while shown.
 */
export function DeviceList({
  filters,
  columns,
  statusText,
  canDelete,
  cards,
  map,
  ...props
}: DeviceListProps) {
  useLiveDeviceStatus();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const list = useQuery(deviceListQueryFor(props.state, filters));
  const shown = useDeviceColumns(columns, { statusText: statusText ?? false });
  const removeMany = useDeleteDevices();
  const notice = useDeletionNotice();
  const deletion = canDelete
    ? {
        onDelete: async (rows: Device[]) =>
          notice((await removeMany.mutateAsync(rows.map((row) => row.id))).failures),
      }
    : {};
  return (
    <DataList
      {...props}
      columns={shown}
      {...listQueryProps(list)}
      getId={(row) => String(row.id)}
      getLabel={(row) => row.name}
      onOpen={(row) => void navigate({ to: '/sensor/$id', params: { id: String(row.id) } })}
      renderCard={cards ? (row) => <DeviceCard device={row} /> : undefined}
      renderMap={
        map
          ? () => (
              <DevicesMap
                search={props.state.search}
                filters={props.state.filters}
                fixed={filters}
              />
            )
          : undefined
      }
      exportRow={(row) => exportDevice(row, i18n)}
      {...deletion}
    />
  );
}

const firstPage: ListState = { page: 1, pageSize: 10, view: 'list' };

/** A device list inside another entity's page: its page, sort and search stay its own. */
export function RelatedDevices(
  props: Omit<DeviceListProps, 'state' | 'onStateChange' | 'filters'> & {
    filters: DeviceFilters;
  },
) {
  const [state, setState] = useState<ListState>(firstPage);
  const [onStateChange] = useState(
    () => (changes: Partial<ListState>) => setState((old) => ({ ...old, ...changes })),
  );
  return <DeviceList {...props} state={state} onStateChange={onStateChange} />;
}
