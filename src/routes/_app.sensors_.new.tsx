import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { deviceTypeChoicesQuery } from '../api/device-types/queries.ts';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { registryChoicesQuery } from '../api/registries/queries.ts';
import { NewDevice } from '../features/devices/components/new-device.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { ensureQueries } from '../lib/query-client.ts';

export const Route = createFileRoute('/_app/sensors_/new')({
  staticData: {
    title: msg`New device`,
    back: '/sensors',
    trail: [{ title: msg`Devices`, to: '/sensors' }],
  },
  loader: ({ context }) =>
    ensureQueries(
      context.queryClient,
      organisationChoicesQuery(),
      registryChoicesQuery(),
      deviceTypeChoicesQuery(),
    ),
  component: NewDevicePage,
});

function NewDevicePage() {
  const { user } = Route.useRouteContext();
  return (
    <NewDevice canCreate={hasPrivilege(user, 'device.create')} defaultOrgUuid={user.org.uuid} />
  );
}
