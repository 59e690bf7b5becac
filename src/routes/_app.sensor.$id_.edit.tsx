import { msg } from '@lingui/core/macro';
import { DEVICE_PLACE_RIGHT } from '../../contracts/device.ts';
import { createFileRoute } from '@tanstack/react-router';
import { deviceTypeChoicesQuery } from '../api/device-types/queries.ts';
import { deviceQuery } from '../api/devices/queries.ts';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { registryChoicesQuery } from '../api/registries/queries.ts';
import { EditDevice } from '../features/devices/components/edit-device.tsx';
import { parseDeviceId } from '../features/devices/components/device-id.ts';
import { hasPrivilege } from '../lib/current-user.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { NotFound } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/sensor/$id_/edit')({
  staticData: {
    title: msg`Edit device`,
    back: '/sensors',
    trail: [{ title: msg`Devices`, to: '/sensors' }],
  },
  loader: ({ context, params }) => {
    const id = parseDeviceId(params.id);
    if (id === null) return;
    ensureQueries(
      context.queryClient,
      deviceQuery(id),
      organisationChoicesQuery(),
      registryChoicesQuery(),
      deviceTypeChoicesQuery(),
    );
  },
  component: EditDevicePage,
});

function EditDevicePage() {
  const id = parseDeviceId(Route.useParams().id);
  const { user } = Route.useRouteContext();
  if (id === null) return <NotFound />;
  return (
    <EditDevice
      id={id}
      canModify={hasPrivilege(user, 'device.modify')}
      canPlace={hasPrivilege(user, DEVICE_PLACE_RIGHT.name)}
      defaultOrgUuid={user.org.uuid}
    />
  );
}
