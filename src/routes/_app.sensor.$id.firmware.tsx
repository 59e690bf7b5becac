import { createFileRoute } from '@tanstack/react-router';
import { DeviceFirmware } from '../features/devices/components/device-firmware.tsx';
import { WithDevice } from '../features/devices/components/with-device.tsx';
import { hasPrivilege } from '../lib/current-user.ts';

export const Route = createFileRoute('/_app/sensor/$id/firmware')({
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();
  const { user } = Route.useRouteContext();
  const canModify = hasPrivilege(user, 'device.modify');
  return (
    <WithDevice id={id}>
      {(device) => <DeviceFirmware device={device} canModify={canModify} key={device.modified} />}
    </WithDevice>
  );
}
