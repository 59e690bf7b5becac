import { createFileRoute } from '@tanstack/react-router';
import { DevicePictures } from '../features/devices/components/device-pictures.tsx';
import { WithDevice } from '../features/devices/components/with-device.tsx';
import { hasPrivilege } from '../lib/current-user.ts';

export const Route = createFileRoute('/_app/sensor/$id/pictures')({
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();
  const { user } = Route.useRouteContext();
  const canModify = hasPrivilege(user, 'device.modify');
  return (
    <WithDevice id={id}>
      {(device) => <DevicePictures device={device} canModify={canModify} key={device.modified} />}
    </WithDevice>
  );
}
