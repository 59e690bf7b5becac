import { createFileRoute } from '@tanstack/react-router';
import { DeviceMqttForward } from '../features/devices/components/device-mqtt.tsx';
import { WithDevice } from '../features/devices/components/with-device.tsx';
import { hasPrivilege } from '../lib/current-user.ts';

export const Route = createFileRoute('/_app/sensor/$id/mqtt')({
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();
  const { user } = Route.useRouteContext();
  const canModify = hasPrivilege(user, 'device.modify');
  return (
    <WithDevice id={id}>
      {(device) => (
        <DeviceMqttForward device={device} canModify={canModify} key={device.modified} />
      )}
    </WithDevice>
  );
}
