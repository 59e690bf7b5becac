import { msg } from '@lingui/core/macro';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { deviceQuery } from '../api/devices/queries.ts';
import { DeviceLayout } from '../features/devices/components/device-layout.tsx';
import { parseDeviceId } from '../features/devices/components/device-id.ts';
import { hasPrivilege } from '../lib/current-user.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { NotFound } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/sensor/$id')({
  staticData: {
    title: msg`Device`,
    back: '/sensors',
    trail: [{ title: msg`Devices`, to: '/sensors' }],
  },
  loader: ({ context, params }) => {
    const id = parseDeviceId(params.id);
    if (id !== null) ensureQueries(context.queryClient, deviceQuery(id));
  },
  component: DevicePage,
});

function DevicePage() {
  const id = parseDeviceId(Route.useParams().id);
  const { user } = Route.useRouteContext();
  if (id === null) return <NotFound />;
  return (
    <DeviceLayout
      id={id}
      canModify={hasPrivilege(user, 'device.modify')}
      canDelete={hasPrivilege(user, 'device.delete')}
    >
      <Outlet />
    </DeviceLayout>
  );
}
