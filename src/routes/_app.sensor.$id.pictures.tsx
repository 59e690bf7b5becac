import { createFileRoute } from '@tanstack/react-router';
import { devicePicturesQuery } from '../api/devices/queries.ts';
import { parseDeviceId } from '../features/devices/components/device-id.ts';
import { DevicePictures } from '../features/devices/components/device-pictures.tsx';
import { DeviceTab } from '../features/devices/components/with-device.tsx';
import { ensureQueries } from '../lib/query-client.ts';

export const Route = createFileRoute('/_app/sensor/$id/pictures')({
  loader: ({ context, params }) => {
    const id = parseDeviceId(params.id);
    if (id !== null) ensureQueries(context.queryClient, devicePicturesQuery(id));
  },
  component: () => <DeviceTab view={DevicePictures} />,
});
