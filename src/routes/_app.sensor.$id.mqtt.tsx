import { createFileRoute } from '@tanstack/react-router';
import { deviceForwardQuery } from '../api/devices/queries.ts';
import { parseDeviceId } from '../features/devices/components/device-id.ts';
import { DeviceMqttForward } from '../features/devices/components/device-mqtt.tsx';
import { DeviceTab } from '../features/devices/components/with-device.tsx';
import { ensureQueries } from '../lib/query-client.ts';

export const Route = createFileRoute('/_app/sensor/$id/mqtt')({
  loader: ({ context, params }) => {
    const id = parseDeviceId(params.id);
    if (id !== null) ensureQueries(context.queryClient, deviceForwardQuery(id));
  },
  component: () => <DeviceTab view={DeviceMqttForward} />,
});
