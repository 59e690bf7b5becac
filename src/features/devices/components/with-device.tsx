import { useQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import { NotFound, QueryView } from '../../../ui/detail.tsx';
import type { Device } from '../../../../contracts/device.ts';
import { deviceQuery } from '../../../api/devices/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { parseDeviceId } from './device-id.ts';

/** A device tab's content once the device (cached by the page around it) is there. */
export function WithDevice({
  id,
  children,
}: {
  id: string;
  children: (device: Device) => ReactNode;
}) {
  const deviceId = parseDeviceId(id);
  if (deviceId === null) return <NotFound />;
  return <Loaded id={deviceId}>{children}</Loaded>;
}

function Loaded({ id, children }: { id: number; children: (device: Device) => ReactNode }) {
  const query = useQuery(deviceQuery(id));
  return <QueryView query={query}>{children}</QueryView>;
}

/** What a device tab shows, given the device and whether the user may change it. */
export type DeviceTabView = ComponentType<{ device: Device; canModify: boolean }>;

/**
 * A tab of the device page (`/sensor/$id/<tab>`): the device of the URL, and
 * whether the signed-in user may change devices. The view starts afresh when
 * the device changes, so an edit made elsewhere never meets a stale draft.
 */
export function DeviceTab({ view: View }: { view: DeviceTabView }) {
  const { id } = useParams({ from: '/_app/sensor/$id' });
  const { user } = useRouteContext({ from: '/_app' });
  const canModify = hasPrivilege(user, 'device.modify');
  return (
    <WithDevice id={id}>
      {(device) => <View device={device} canModify={canModify} key={device.modified} />}
    </WithDevice>
  );
}
