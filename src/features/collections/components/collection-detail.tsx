import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import styled from 'styled-components';
import type { Collection } from '../../../../contracts/collection.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useAssignDevice, useDeleteCollection } from '../../../api/collections/mutations.ts';
import { collectionPeriodsQuery } from '../../../api/collections/queries.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button } from '../../../ui/button.tsx';
import { FieldList, QueryView, Section } from '../../../ui/detail.tsx';
import { Dialog, DialogActions, DialogClose } from '../../../ui/dialog.tsx';
import { EditLink, EntityHeader } from '../../../ui/entity-header.tsx';
import { SelectField } from '../../../ui/form/fields.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';
import { useDeviceSearch } from '../../../api/devices/search.ts';
import { CollectionDataSection } from './collection-data.tsx';
import { stateLabel } from './collection-labels.ts';

const History = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 8px 10px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 12px;
`;

/** A data collection's page: details, edit and delete, its device and the devices before it. */
export function CollectionDetail({
  collection,
  user,
}: {
  collection: Collection;
  user: SignedInUser;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const remove = useDeleteCollection();
  const id = String(collection.id);

  return (
    <>
      <EntityHeader
        entity={collection}
        favourite="collection"
        subtitle={collection.description}
        edit={
          hasPrivilege(user, 'collection.modify') ? (
            <EditLink link={{ to: '/collection/$id/edit', params: { id } }} />
          ) : null
        }
        onDelete={
          hasPrivilege(user, 'collection.delete')
            ? () => remove.mutateAsync(collection.id)
            : undefined
        }
        onDeleted={() => navigate({ href: '/collections' })}
      />
      <Section aria-labelledby="collection-details">
        <h2 id="collection-details">
          <Trans>Details</Trans>
        </h2>
        <FieldList
          fields={[
            { label: t`State`, value: stateLabel(collection.state, i18n) },
            {
              label: t`End of service`,
              value: collection.endOfService ? formatDay(collection.endOfService) : '–',
            },
            {
              label: t`Project`,
              value: collection.project ? (
                <Link to="/project/$id" params={{ id: String(collection.project.id) }}>
                  {collection.project.name}
                </Link>
              ) : (
                '–'
              ),
            },
            { label: t`Organisation`, value: collection.org.name },
            { label: t`Created`, value: formatDateTime(collection.created) },
            { label: t`Modified`, value: formatDateTime(collection.modified) },
            { label: 'ID', value: collection.id },
          ]}
        />
      </Section>
      <DeviceSection collection={collection} user={user} />
      <CollectionDataSection collectionId={collection.id} />
    </>
  );
}

/**
 * The device measuring for the collection, assigning another or none (spec
 * §4 Assignment), and every device that measured for it before.
 */
function DeviceSection({ collection, user }: { collection: Collection; user: SignedInUser }) {
  const { t } = useLingui();
  const notify = useNotify();
  const periods = useQuery(collectionPeriodsQuery(collection.id));
  const assign = useAssignDevice(collection.id);
  const [choosing, setChoosing] = useState(false);
  // Both sides: the collection is changed and the device operated.
  const canAssign = hasPrivilege(user, 'collection.modify') && hasPrivilege(user, 'device.modify');
  const failed = (error: Error) =>
    notify(error instanceof ApiError ? error.message : t`Assignment failed`, 'error');
  const device = collection.device;
  const since = collection.deviceStartDate;

  return (
    <Section aria-labelledby="collection-device">
      <h2 id="collection-device">
        <Trans>Device</Trans>
      </h2>
      {device ? (
        <p>
          <Trans>
            <Link to="/device/$id" params={{ id: String(device.id) }}>
              {device.name}
            </Link>{' '}
            measures for this collection since {since ? formatDateTime(since) : '–'}.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>No device measures for this collection.</Trans>
        </p>
      )}
      {canAssign ? (
        <Actions>
          <Button onClick={() => setChoosing(true)}>
            {device ? <Trans>Assign another device</Trans> : <Trans>Assign a device</Trans>}
          </Button>
          {device ? (
            <Button
              $variant="secondary"
              disabled={assign.isPending}
              onClick={() =>
                assign.mutate(null, {
                  onSuccess: () => notify(t`Unassigned`, 'success'),
                  onError: failed,
                })
              }
            >
              <Trans>Unassign the device</Trans>
            </Button>
          ) : null}
        </Actions>
      ) : null}
      <AssignDialog
        open={choosing}
        current={device?.id ?? null}
        busy={assign.isPending}
        onClose={() => setChoosing(false)}
        onAssign={(deviceId) =>
          assign.mutate(
            { deviceId },
            {
              onSuccess: () => {
                setChoosing(false);
                notify(t`Assigned`, 'success');
              },
              onError: failed,
            },
          )
        }
      />
      <h3>
        <Trans>Devices that measured for it</Trans>
      </h3>
      <QueryView query={periods}>
        {(rows) =>
          rows.length === 0 ? (
            <p>
              <Trans>No device has measured for this collection yet.</Trans>
            </p>
          ) : (
            <History>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Device</Trans>
                  </th>
                  <th scope="col">
                    <Trans>From</Trans>
                  </th>
                  <th scope="col">
                    <Trans>To</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((period) => (
                  <tr key={`${period.device.id} ${period.from}`}>
                    <td>
                      <Link to="/device/$id" params={{ id: String(period.device.id) }}>
                        {period.device.name}
                      </Link>
                    </td>
                    <td>{formatDateTime(period.from)}</td>
                    <td>{period.to ? formatDateTime(period.to) : t`now`}</td>
                  </tr>
                ))}
              </tbody>
            </History>
          )
        }
      </QueryView>
    </Section>
  );
}

/** Chooses the device to measure for the collection from now: a search and a select. */
function AssignDialog({
  open,
  current,
  busy,
  onClose,
  onAssign,
}: {
  open: boolean;
  current: number | null;
  busy: boolean;
  onClose: () => void;
  onAssign: (deviceId: number) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<number | ''>('');
  const list = useDeviceSearch(text);
  const devices = (list.data?.items ?? []).filter((d) => d.id !== current);
  const help = list.isError
    ? t`The devices could not be loaded.`
    : list.isPending
      ? t`Loading…`
      : devices.length === 0
        ? t`No device matches the search.`
        : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={<Trans>Assign a device</Trans>}
      description={<Trans>The device measures for the collection from now.</Trans>}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen !== '') onAssign(chosen);
        }}
      >
        <TextField
          type="search"
          label={t`Find a device`}
          value={text}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        <SelectField
          label={t`Device`}
          value={chosen}
          options={[
            { value: '' as const, label: t`Choose a device` },
            ...devices.map((d) => ({ value: d.id, label: `${d.name} (${d.org.name})` })),
          ]}
          onChange={(value) => setChosen(value === '' ? '' : Number(value))}
          help={help}
        />
        <DialogActions>
          <DialogClose asChild>
            <Button type="button" $variant="secondary">
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <Button type="submit" disabled={chosen === '' || busy}>
            <Trans>Assign</Trans>
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
