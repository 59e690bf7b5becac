import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Device } from '../../../../contracts/device.ts';
import { useLiveDeviceStatus } from '../../../api/devices/live-status.ts';
import { useDeleteDevice } from '../../../api/devices/mutations.ts';
import { deviceQuery } from '../../../api/devices/queries.ts';
import { Button } from '../../../ui/button.tsx';
import { DeleteEntityButton } from '../../../ui/delete-entity-button.tsx';
import { DetailHeader, QueryView } from '../../../ui/detail.tsx';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
import { StatusDot } from '../../../ui/status-dot.tsx';
import { TabBar } from '../../../ui/tabs.tsx';
import { DecoderPauses } from './decoder-pauses.tsx';

interface Rights {
  canModify: boolean;
  canDelete: boolean;
}

function DeviceHeader({ device, canModify, canDelete }: { device: Device } & Rights) {
  const navigate = useNavigate();
  const remove = useDeleteDevice();
  return (
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
          {canModify ? (
            <Button as={Link} $variant="secondary" to={`/sensor/${device.id}/edit`}>
              <Pencil size={18} aria-hidden />
              <Trans>Edit</Trans>
            </Button>
          ) : null}
          {canDelete ? (
            <DeleteEntityButton
              name={device.name}
              onDelete={() => remove.mutateAsync(device.id)}
              onDeleted={() => navigate({ to: '/sensors' })}
            />
          ) : null}
        </>
      }
    />
  );
}

/**
 * A device's page: header with status, favourite star (favourite type 'sensor',
 * as the routes name devices) and actions, then the spec's tabs, each a child
 * route so the tab is in the URL. The status follows the live feed.
 */
export function DeviceLayout({
  id,
  children,
  ...rights
}: { id: number; children: ReactNode } & Rights) {
  useLiveDeviceStatus();
  const { t } = useLingui();
  const query = useQuery(deviceQuery(id));
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
          <DeviceHeader device={device} {...rights} />
          <DecoderPauses pauses={device.decoderPauses} />
          <TabBar label={t`Device tabs`} tabs={tabs} />
          {children}
        </>
      )}
    </QueryView>
  );
}
