import { createFileRoute } from '@tanstack/react-router';
import { DeviceMetadata } from '../features/devices/components/device-metadata.tsx';
import { DeviceTab } from '../features/devices/components/with-device.tsx';

export const Route = createFileRoute('/_app/sensor/$id/metadata')({
  component: () => <DeviceTab view={DeviceMetadata} />,
});
