import { createFileRoute } from '@tanstack/react-router';
import { DeviceFunctions } from '../features/devices/components/device-functions.tsx';
import { DeviceTab } from '../features/devices/components/with-device.tsx';

export const Route = createFileRoute('/_app/sensor/$id/functions')({
  component: () => <DeviceTab view={DeviceFunctions} />,
});
