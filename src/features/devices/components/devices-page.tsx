import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { deviceStatuses } from '../../../../contracts/device.ts';
import { deviceTypeChoicesQuery } from '../../../api/device-types/queries.ts';
import { registryChoicesQuery } from '../../../api/registries/queries.ts';
import type { ListState } from '../../../lib/list-search.ts';
import { ownedOptions, type OwnedChoice } from '../../../lib/organisation-choices.ts';
import { Button } from '../../../ui/button.tsx';
import { PageTitle } from '../../../ui/card.tsx';
import type { FilterField } from '../../../ui/list/data-list.tsx';
import type { DeviceColumnId } from './device-columns.tsx';
import { DeviceList } from './device-list.tsx';
import { statusLabels } from './labels.ts';

const columns: readonly DeviceColumnId[] = [
  'favourite',
  'name',
  'status',
  'registry',
  'deviceType',
  'org',
  'availability',
  'communication',
  'lastDataAt',
];

/** A filter's choices, named with their organisation where names repeat. */
const filterOptions = (choices: readonly OwnedChoice[] | undefined) =>
  ownedOptions(choices ?? []).map(({ value, label }) => ({ value: String(value), label }));

/** The filters of the device list: status, registry, device type and communication. */
function useFilterFields(): FilterField[] {
  const { t, i18n } = useLingui();
  const registries = useQuery(registryChoicesQuery());
  const types = useQuery(deviceTypeChoicesQuery());
  return useMemo(
    () => [
      {
        id: 'status',
        label: t`Status`,
        options: deviceStatuses.map((status) => ({
          value: status,
          label: i18n._(statusLabels[status]),
        })),
      },
      {
        id: 'registryId',
        label: t`Registry`,
        options: filterOptions(registries.data),
      },
      {
        id: 'deviceTypeId',
        label: t`Device type`,
        options: filterOptions(types.data),
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
}

/** The devices page (spec §4 Lists): every device one can see, filtered, as rows or cards. */
export function DevicesPage({
  state,
  onStateChange,
  canCreate,
  canDelete,
}: {
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
  canCreate: boolean;
  canDelete: boolean;
}) {
  const { t } = useLingui();
  const filterFields = useFilterFields();
  return (
    <>
      <PageTitle>{t`Devices`}</PageTitle>
      <DeviceList
        title={t`Devices`}
        state={state}
        onStateChange={onStateChange}
        columns={columns}
        canDelete={canDelete}
        filterFields={filterFields}
        listKey="sensors"
        cards
        map
        actions={
          canCreate ? (
            <Button as={Link} to="/sensors/new">
              <Plus size={18} aria-hidden />
              <Trans>New device</Trans>
            </Button>
          ) : null
        }
      />
    </>
  );
}
