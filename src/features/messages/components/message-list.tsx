import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import type { Message } from '../../../../contracts/message.ts';
import { toListQuery, type ListQuery } from '../../../api/list-query.ts';
import type { MessageFilters } from '../../../api/messages/keys.ts';
import { messageListQuery } from '../../../api/messages/queries.ts';
import { registryChoicesQuery } from '../../../api/registries/queries.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { ListState } from '../../../lib/list-search.ts';
import { Button } from '../../../ui/button.tsx';
import { FieldList } from '../../../ui/detail.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { DataList } from '../../../ui/list/data-list.tsx';
import { newestFirst } from '../hooks/live-messages.ts';
import { useLiveMessageLog } from '../hooks/use-live-message-log.ts';
import { LiveLogStatus } from './live-log-status.tsx';
import { MessagePacket } from './message-packet.tsx';

const Code = styled.code`
  font-size: 0.8125rem;
`;

/** What the list asks for: newest first unless sorted otherwise; a device's log is its filter. */
function messagesQuery(state: ListState, deviceId: number | undefined): ListQuery<MessageFilters> {
  const query: ListQuery<MessageFilters> = toListQuery({
    ...state,
    sort: state.sort ?? '-receivedAt',
  });
  if (deviceId !== undefined) query.filters = { deviceId };
  return query;
}

/**
 * Received packets, newest first: every message of the user's devices, or
 * one device's log, which the live feed keeps current. A row opens the whole
 * packet.
 */
export function MessageList({
  state,
  onStateChange,
  deviceId,
  onOpenDevice,
  refreshMs,
}: {
  state: ListState;
  onStateChange: (changes: Partial<ListState>) => void;
  /** Only this device's messages (its log tab, live), without the device and registry filters. */
  deviceId?: number;
  onOpenDevice?: (deviceId: number) => void;
  /** Ask again this often, so new packets appear while the list is open. */
  refreshMs?: number;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState<Message | null>(null);
  const effective = useMemo(() => ({ ...state, sort: state.sort ?? '-receivedAt' }), [state]);
  const query = useMemo(() => messagesQuery(state, deviceId), [state, deviceId]);
  const list = useQuery({
    ...messageListQuery(query),
    ...(refreshMs ? { refetchInterval: refreshMs } : {}),
    // A device's log is kept current by the live feed, which reads it again after a reconnection.
    ...(deviceId === undefined ? {} : { refetchOnWindowFocus: false }),
  });
  const log = useLiveMessageLog(deviceId, query, list);
  // New messages go on top of the first page; on a later one, the notice leads there.
  const showGoesToTop = effective.page > 1 && newestFirst(effective.sort);
  const registries = useQuery({ ...registryChoicesQuery(), enabled: deviceId === undefined });

  const columns = useMemo<ColumnDef<Message, unknown>[]>(
    () => [
      {
        id: 'receivedAt',
        header: t`Received`,
        accessorFn: (m) => formatDateTime(m.receivedAt),
        meta: { whole: true },
      },
      ...(deviceId === undefined
        ? [
            {
              id: 'deviceName',
              header: t`Device`,
              accessorKey: 'deviceName',
              meta: { whole: true },
            },
            {
              id: 'registryName',
              header: t`Registry`,
              accessorFn: (m: Message) => m.registryName ?? '',
            },
          ]
        : []),
      {
        id: 'payload',
        header: t`Data packet`,
        enableSorting: false,
        meta: { fill: true },
        cell: ({ row }) => <Code>{row.original.payload}</Code>,
      },
    ],
    [t, deviceId],
  );

  return (
    <>
      <DataList
        title={t`Messages`}
        listKey="messages"
        columns={columns}
        rows={log.items}
        total={log.total}
        getId={(m) => String(m.id)}
        getLabel={(m) => `${m.deviceName} ${formatDateTime(m.receivedAt)}`}
        state={effective}
        onStateChange={onStateChange}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        onOpen={setOpen}
        emptyText={t`No messages yet. Packets appear here as devices send them.`}
        actions={
          deviceId === undefined ? undefined : (
            <LiveLogStatus
              feed={log.feed}
              pending={log.pending}
              showLabel={showGoesToTop ? 'show' : 'refresh'}
              onShow={() => (showGoesToTop ? onStateChange({ page: 1 }) : void list.refetch())}
            />
          )
        }
        {...(deviceId === undefined
          ? {
              filterFields: [
                {
                  id: 'registryId',
                  label: t`Registry`,
                  options: (registries.data ?? []).map((r) => ({
                    value: String(r.id),
                    label: r.name,
                  })),
                },
              ],
            }
          : {})}
        exportRow={(m) => ({
          id: m.id,
          receivedAt: m.receivedAt,
          device: m.deviceName,
          deviceId: m.deviceId,
          registry: m.registryName ?? '',
          topic: m.topic ?? '',
          payload: m.payload,
          // Past a page's 1 MiB of packets the list has only a packet's start.
          payloadCut: m.truncated === true,
        })}
      />
      <Dialog
        open={open !== null}
        onOpenChange={(next) => {
          if (!next) setOpen(null);
        }}
        title={t`Message`}
      >
        {open ? (
          <>
            <FieldList
              fields={[
                { label: t`Received`, value: formatDateTime(open.receivedAt) },
                { label: t`Device`, value: open.deviceName },
                { label: t`Registry`, value: open.registryName },
                { label: t`Topic`, value: open.topic },
              ]}
            />
            <MessagePacket message={open} />
            <DialogActions>
              {onOpenDevice && deviceId === undefined ? (
                <Button $variant="secondary" onClick={() => onOpenDevice(open.deviceId)}>
                  <Trans>Open the device</Trans>
                </Button>
              ) : null}
              <Button onClick={() => setOpen(null)}>
                <Trans>Close</Trans>
              </Button>
            </DialogActions>
          </>
        ) : null}
      </Dialog>
    </>
  );
}
