import { createFileRoute } from '@tanstack/react-router';
import { DeviceHardware } from '../features/devices/components/device-hardware.tsx';
import { WithDevice } from '../features/devices/components/with-device.tsx';

export const Route = createFileRoute('/_app/sensor/$id/hardware')({
  component: Tab,
});

function Tab() {
  const { id } = Route.useParams();
  return <WithDevice id={id}>{(device) => <DeviceHardware device={device} />}</WithDevice>;
}
