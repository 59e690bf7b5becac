import { createFileRoute } from '@tanstack/react-router';
import { DeviceMapTab } from '../features/devices/components/device-map-tab.tsx';
import { DeviceTab } from '../features/devices/components/with-device.tsx';

export const Route = createFileRoute('/_app/sensor/$id/map')({
  component: () => <DeviceTab view={DeviceMapTab} />,
});
