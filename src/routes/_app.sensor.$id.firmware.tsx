import { createFileRoute } from '@tanstack/react-router';
import { DeviceFirmware } from '../features/devices/components/device-firmware.tsx';
import { DeviceTab } from '../features/devices/components/with-device.tsx';

export const Route = createFileRoute('/_app/sensor/$id/firmware')({
  component: () => <DeviceTab view={DeviceFirmware} />,
});
