import { msg } from '@lingui/core/macro';
import { useLiveDeviceStatus } from '../features/devices/api/live-status.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, Outlet, useNavigate } from '@tanstack/react-router';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { invalidateDeviceHolders } from '../features/devices/api/mutations.ts';
import { deleteDevice, deviceKeys, deviceQuery } from '../features/devices/api/queries.ts';
import { StatusDot } from '../ui/status-dot.tsx';
import { DecoderPauses } from '../features/devices/components/decoder-pauses.tsx';
import { parseDeviceId } from '../features/devices/components/use-device-id.ts';
import { ApiError } from '../lib/api-client.ts';
import { hasPrivilege } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { Button } from '../ui/button.tsx';
import { DetailHeader, NotFound, QueryView } from '../ui/detail.tsx';
import { FavouriteStar } from '../ui/favourite-star.tsx';
import { DeleteDialog } from '../ui/list/delete-dialog.tsx';
import { TabBar } from '../ui/tabs.tsx';

export const Route = createFileRoute('/_app/sensor/$id')({
  staticData: {
    title: msg`Device`,
    back: '/sensors',
    trail: [{ title: msg`Devices`, to: '/sensors' }],
  },
  component: DevicePage,
});

function DevicePage() {
  const id = parseDeviceId(Route.useParams().id);
  return id === null ? <NotFound /> : <DeviceLayout id={id} />;
}

/**
 * A device's page: header with status, favourite star (favourite type 'sensor',
 * as the routes name devices) and actions, then the spec's tabs, each a child
 * route so the tab is in the URL.
 */
function DeviceLayout({ id }: { id: number }) {
  useLiveDeviceStatus();
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery(deviceQuery(id));
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const base = `/sensor/${id}`;
  const tabs = [
    { to: base, label: t`Details` },
    { to: `${base}/hardware`, label: t`Hardware` },
    { to: `${base}/map`, label: t`Map` },
    { to: `${base}/pictures`, label: t`Pictures` },
    { to: `${base}/data`, label: t`Data` },
    { to: `${base}/log`, label: t`Log` },
    { to: `${base}/metadata`, label: t`Metadata` },
    { to: `${base}/functions`, label: t`Cloud functions` },
    { to: `${base}/mqtt`, label: t`MQTT forward` },
    { to: `${base}/firmware`, label: t`Firmware` },
  ];

  return (
    <QueryView query={query}>
      {(device) => (
        <>
          <DetailHeader
            title={device.name}
            star={
              <>
                <StatusDot status={device.status} />
                <FavouriteStar
                  entity={{
                    type: 'sensor',
                    id: device.id,
                    name: device.name,
                    description: device.description,
                    org: device.org.name,
                  }}
                />
              </>
            }
            subtitle={device.description}
            actions={
              <>
                {hasPrivilege(user, 'device.modify') ? (
                  <Button as={Link} $variant="secondary" to={`/sensor/${device.id}/edit`}>
                    <Pencil size={18} aria-hidden />
                    <Trans>Edit</Trans>
                  </Button>
                ) : null}
                {hasPrivilege(user, 'device.delete') ? (
                  <Button $variant="danger" onClick={() => setConfirming(true)}>
                    <Trash2 size={18} aria-hidden />
                    <Trans>Delete</Trans>
                  </Button>
                ) : null}
              </>
            }
          />
          <DecoderPauses pauses={device.decoderPauses} />
          <TabBar label={t`Device tabs`} tabs={tabs} />
          <Outlet />
          <DeleteDialog
            open={confirming}
            items={[device.name]}
            busy={deleting}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setDeleting(true);
              deleteDevice(device.id).then(
                async () => {
                  queryClient.removeQueries({ queryKey: deviceKeys.detail(device.id) });
                  await Promise.all([
                    queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
                    invalidateDeviceHolders(queryClient),
                  ]);
                  notify(t`Deleted`, 'success');
                  void navigate({ to: '/sensors' });
                },
                (error: unknown) => {
                  setDeleting(false);
                  setConfirming(false);
                  notify(error instanceof ApiError ? error.message : t`Deletion failed`, 'error');
                },
              );
            }}
          />
        </>
      )}
    </QueryView>
  );
}
