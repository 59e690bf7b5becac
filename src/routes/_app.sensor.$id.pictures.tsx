import { createFileRoute } from '@tanstack/react-router';
import { devicePicturesQuery } from '../api/devices/queries.ts';
import { parseDeviceId } from '../features/devices/components/device-id.ts';
import { DevicePictures } from '../features/devices/components/device-pictures.tsx';
import { WithDevice } from '../features/devices/components/with-device.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { ensureQueries } from '../lib/query-client.ts';

export const Route = createFileRoute('/_app/sensor/$id/pictures')({
  loader: ({ context, params }) => {
    const id = parseDeviceId(params.id);
    if (id !== null) ensureQueries(context.queryClient, devicePicturesQuery(id));
  },
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
