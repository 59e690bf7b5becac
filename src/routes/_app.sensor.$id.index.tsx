import { createFileRoute } from '@tanstack/react-router';
import { DeviceDetails } from '../features/devices/components/device-details.tsx';
import { DeviceTab } from '../features/devices/components/with-device.tsx';

export const Route = createFileRoute('/_app/sensor/$id/')({
  component: () => <DeviceTab view={DeviceDetails} />,
});
